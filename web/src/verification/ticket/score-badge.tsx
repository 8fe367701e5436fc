/**
 * A value's confidence (1 to 4) as a small badge. Hovering or focusing it shows what the score means, the
 * sources that stated the value, the other values of sources that disagreed, and the field's change history.
 */
import { type FieldSources } from '@dv/contracts';
import { Tooltip } from 'antd';
import { changeLine, formatValue, scoreMeaning, sourceLabel, type FieldKind } from './breakdown-format';

type Change = { updatedAt: string; value: unknown; oldValue?: unknown };

/** Who stated a value entered with a payer call's evidence: an agent who worked the outsourced ticket. */
const AGENT_SOURCE = 'A verification agent, from a payer call';

export type ScoreBadgeProps = {
  score: number;
  kind: FieldKind;
  label: string;
  sources: FieldSources[string] | undefined;
  history: readonly Change[] | undefined;
};

function Explanation({ score, kind, sources, history }: Omit<ScoreBadgeProps, 'label'>) {
  const stated = sources?.stated ?? [];
  const disputed = sources?.disputed ?? [];
  return (
    <div className="dv-score-tip">
      <div>
        <strong>Confidence {score} of 4.</strong> {scoreMeaning(score)}.
      </div>
      {stated.length > 0 ? <div>From: {stated.map((ref) => (ref.source === 'user' && sources?.evidence ? AGENT_SOURCE : sourceLabel(ref))).join(', ')}</div> : null}
      {sources?.evidence ? (
        // An agent's value and the payer call behind it (outsourcing): what the office shows a payer later.
        <div className="dv-score-evidence" data-testid="field-evidence">
          Payer call {new Date(sources.evidence.calledAt).toLocaleString()} with {sources.evidence.representative}, reference {sources.evidence.callReference}
          {sources.evidence.documentUrl ? (
            <>
              {' '}
              (<a href={sources.evidence.documentUrl} target="_blank" rel="noreferrer noopener">document</a>)
            </>
          ) : null}
          . Entered by {sources.evidence.enteredBy} {new Date(sources.evidence.enteredAt).toLocaleString()}.
        </div>
      ) : null}
      {disputed.map((other) => (
        <div key={`${other.source}:${other.sourceName}`}>
          {sourceLabel(other)} says {formatValue(kind, other.value)}
        </div>
      ))}
      {history && history.length > 0 ? (
        <div>
          <div>Changes:</div>
          <ul>
            {history.map((change) => (
              <li key={change.updatedAt}>{changeLine(kind, change)}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

export function ScoreBadge(props: ScoreBadgeProps) {
  const { score, label, sources } = props;
  const disputed = (sources?.disputed.length ?? 0) > 0;
  return (
    <Tooltip title={<Explanation {...props} />} trigger={['hover', 'focus']}>
      <span
        className={`dv-score dv-score-${score}${disputed ? ' dv-score-disputed' : ''}`}
        // Focusable so keyboard users reach the explanation too.
        tabIndex={0}
        role="img"
        aria-label={`${label}: confidence ${score} of 4${disputed ? ', sources disagree' : ''}`}
      >
        {score}
        {disputed ? '!' : ''}
      </span>
    </Tooltip>
  );
}
