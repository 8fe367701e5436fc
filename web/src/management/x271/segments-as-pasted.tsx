/**
 * The previewed 271 segment by segment, numbered, as it was pasted (x12-text.ts splits it by the terminator its
 * ISA declares). Drawn with the source view's list look (source-page.css); without its loops and explanations,
 * which the service's X12 dictionary writes and the preview does not return. A large 271 shows its first
 * segments and offers the rest, so a family's long answer does not put thousands of rows on the page at once.
 */
import { Button } from 'antd';
import { useMemo, useState } from 'react';
import { segmentsOf } from './x12-text';

export const SEGMENTS_SHOWN_FIRST = 300;

export function SegmentsAsPasted({ text }: { text: string }) {
  const segments = useMemo(() => segmentsOf(text), [text]);
  const [all, setAll] = useState(false);
  const shown = all ? segments : segments.slice(0, SEGMENTS_SHOWN_FIRST);
  return (
    <section className="dv-x271__part" aria-labelledby="x271-segments-title">
      <h3 id="x271-segments-title" className="dv-x271__subtitle">
        Segments as pasted <span className="dv-x271__quiet">({segments.length.toLocaleString('en-US')})</span>
      </h3>
      {segments.length === 0 ? (
        <p className="dv-x271__quiet">No segments.</p>
      ) : (
        // The list scrolls inside itself (source-page.css): in the tab order, so the keyboard scrolls it too.
        <ol className="dv-x12__list dv-x271__segments" aria-labelledby="x271-segments-title" tabIndex={0}>
          {shown.map((segment, index) => (
            <li key={index} className="dv-x12__segment dv-x271__segment">
              <span className="dv-x12__number" aria-hidden="true">
                {index + 1}
              </span>
              <code className="dv-x12__text">{segment}</code>
            </li>
          ))}
        </ol>
      )}
      {shown.length < segments.length ? (
        <Button className="dv-x271__more" onClick={() => setAll(true)}>
          Show all {segments.length.toLocaleString('en-US')} segments
        </Button>
      ) : null}
    </section>
  );
}
