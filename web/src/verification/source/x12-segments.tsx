/**
 * A 271 segment by segment: each row shows its loop and the segment as received, an EB, HSD, AAA or MSG row its
 * meaning in words underneath; a row's button opens its elements (position, name, value, meaning). A loop filter
 * narrows the list to one loop. The rows are real buttons, so the list works by keyboard alone.
 *
 * The loop filter is the browser's own select: a short fixed list, which antd's Select (some 35 KB compressed,
 * with its search and virtual list) would not serve better.
 */
import { type X12SegmentView } from '@dv/contracts';
import { Button } from 'antd';
import { useId, useMemo, useState } from 'react';
import '../../ui/ui.css';

const ALL = '';

function loopLabel(segment: Pick<X12SegmentView, 'loop' | 'loopName'>): string {
  return segment.loop === null ? 'Envelope' : `${segment.loop} ${segment.loopName ?? ''}`.trim();
}

function ElementsTable({ segment, id }: { segment: X12SegmentView; id: string }) {
  return (
    <div className="dv-x12__elements" id={id}>
      <table>
        <caption className="dv-visually-hidden">Elements of {segment.id} (segment {segment.index + 1})</caption>
        <thead>
          <tr>
            <th scope="col">Position</th>
            <th scope="col">Name</th>
            <th scope="col">Value</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          {segment.elements.map((element) => (
            <tr key={element.position} className={element.value === '' ? 'dv-x12__empty' : undefined}>
              <th scope="row">{element.position}</th>
              <td>{element.name}</td>
              <td>
                <code>{element.value === '' ? '(empty)' : element.value}</code>
              </td>
              <td>{element.meaning ?? ''}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SegmentRow({ segment, open, onToggle }: { segment: X12SegmentView; open: boolean; onToggle: () => void }) {
  const elementsId = useId();
  return (
    <li className="dv-x12__segment">
      <button type="button" className="dv-x12__toggle" aria-expanded={open} aria-controls={open ? elementsId : undefined} onClick={onToggle}>
        <span className="dv-x12__number" aria-hidden="true">
          {segment.index + 1}
        </span>
        <span className="dv-x12__loop" title={loopLabel(segment)}>
          {segment.loop ?? 'envelope'}
        </span>
        <code className="dv-x12__text">{segment.text}</code>
        <span className="dv-visually-hidden">{open ? ', hide its elements' : ', show its elements'}</span>
      </button>
      {segment.explanation === null ? null : <p className="dv-x12__explanation">= {segment.explanation}</p>}
      {open ? <ElementsTable segment={segment} id={elementsId} /> : null}
    </li>
  );
}

export function X12Segments({ text, segments, jobId }: { text: string; segments: readonly X12SegmentView[]; jobId: string }) {
  const [loop, setLoop] = useState<string>(ALL);
  const [open, setOpen] = useState<ReadonlySet<number>>(new Set());
  const loops = useMemo(() => {
    const seen = new Map<string, string>();
    for (const segment of segments) seen.set(segment.loop ?? 'envelope', loopLabel(segment));
    return [...seen.entries()].map(([value, label]) => ({ value, label }));
  }, [segments]);
  const shown = segments.filter((segment) => loop === ALL || (segment.loop ?? 'envelope') === loop);
  const filterId = `loop-filter-${jobId}`;

  if (segments.length === 0) {
    return (
      <>
        <p>The answer could not be read as X12; here it is as it came.</p>
        <pre className="dv-x12__raw">{text}</pre>
      </>
    );
  }
  const toggle = (index: number) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(index)) next.delete(index);
      else next.add(index);
      return next;
    });
  return (
    <div className="dv-x12">
      <div className="dv-x12__tools">
        <label htmlFor={filterId}>Loop</label>
        <select id={filterId} className="dv-x12__filter" value={loop} onChange={(event) => setLoop(event.target.value)}>
          <option value={ALL}>{`All loops (${segments.length} segments)`}</option>
          {loops.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <Button size="small" onClick={() => setOpen(new Set(shown.map((segment) => segment.index)))}>
          Expand all
        </Button>
        <Button size="small" onClick={() => setOpen(new Set())} disabled={open.size === 0}>
          Collapse all
        </Button>
      </div>
      <ol className="dv-x12__list" aria-label="Segments of the 271">
        {shown.map((segment) => (
          <SegmentRow key={segment.index} segment={segment} open={open.has(segment.index)} onToggle={() => toggle(segment.index)} />
        ))}
      </ol>
    </div>
  );
}
