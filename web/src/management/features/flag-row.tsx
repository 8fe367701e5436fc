/**
 * One flag of /management/features: its name and type, its value editor (none for a flag of type none) with
 * Save, and its isActive switch, which saves at once. Each save says how it went beside the control that made it:
 * 'Saving...', then 'Saved.' / 'Switched on.' / 'Switched off.', or the service's reason. One change at a time per
 * flag: the controls wait while one is under way, so two answers never race each other into the list.
 */
import { type FeatureFlag, type FeatureFlagPatch } from '@dv/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { Pill, type PillTone } from '../../ui/pill';
import { checkDraft, draftChanged, draftOf } from './flag-draft';
import { FlagValueEditor } from './flag-value-editor';
import { useUpdateFlag } from './features-api';

const TYPE_TONE: Readonly<Record<FeatureFlag['type'], PillTone>> = { none: 'default', string: 'blue', integer: 'purple', object: 'gold' };

type Outcome = { readonly tone: 'pending' | 'done' | 'failed'; readonly text: string };

function outcomeOf(update: ReturnType<typeof useUpdateFlag>): Outcome | null {
  if (update.isPending) return { tone: 'pending', text: 'Saving...' };
  if (update.isError) return { tone: 'failed', text: `Not saved: ${update.error.message}` };
  if (!update.isSuccess) return null;
  if (update.variables.isActive === undefined) return { tone: 'done', text: 'Saved.' };
  return { tone: 'done', text: update.data.isActive ? 'Switched on.' : 'Switched off.' };
}

function Feedback({ outcome }: { outcome: Outcome | null }) {
  // Always in the page, so screen readers announce what it says next.
  return (
    <span className={`dv-flag__feedback dv-flag__feedback--${outcome?.tone ?? 'none'}`} role="status">
      {outcome?.text ?? ''}
    </span>
  );
}

/** The editor's text, following the saved value until the user types something else. */
function useDraft(flag: FeatureFlag) {
  const saved = draftOf(flag);
  const [draft, setDraft] = useState({ saved, text: saved });
  // A new saved value (this row's save, or another's read again) replaces text that says the same or was not edited.
  if (draft.saved !== saved) setDraft({ saved, text: draft.text === draft.saved || !draftChanged(flag, draft.text) ? saved : draft.text });
  return [draft.text, (text: string) => setDraft((current) => ({ ...current, text }))] as const;
}

export function FlagRow({ flag }: { flag: FeatureFlag }) {
  const update = useUpdateFlag(flag.name);
  const [text, setText] = useDraft(flag);
  const check = checkDraft(flag.type, text);
  const changed = flag.type !== 'none' && draftChanged(flag, text);
  const outcome = outcomeOf(update);
  const switchSent = update.variables?.isActive !== undefined;
  // 'Saved.' stays until the value is edited again; 'Saving...' and a failure stay while the text is unsaved.
  const valueOutcome = switchSent || (outcome?.tone === 'done' && changed) ? null : outcome;

  const send = (patch: FeatureFlagPatch) => {
    if (!update.isPending) update.mutate(patch);
  };
  const save = () => {
    if (check.ok && changed) send({ value: check.value });
  };

  return (
    <tr className="dv-flag" data-testid={`flag-${flag.name}`}>
      <th scope="row" className="dv-flag__name">
        {flag.name}
      </th>
      <td>
        <Pill tone={TYPE_TONE[flag.type]}>{flag.type}</Pill>
      </td>
      <td className="dv-flag__value">
        {flag.type === 'none' ? (
          <span className="dv-text-secondary">No value: only the switch</span>
        ) : (
          <div className="dv-flag__editor">
            <FlagValueEditor
              name={flag.name}
              type={flag.type}
              text={text}
              onText={setText}
              problem={check.ok ? null : check.message}
              disabled={update.isPending}
              onSubmit={save}
            />
            <div className="dv-row dv-row-tight">
              <Button type="primary" size="small" disabled={!check.ok || !changed || update.isPending} onClick={save} aria-label={`Save ${flag.name}`}>
                Save
              </Button>
              <Feedback outcome={valueOutcome} />
            </div>
          </div>
        )}
      </td>
      <td className="dv-flag__active">
        <div className="dv-row dv-row-tight">
          <button
            type="button"
            role="switch"
            aria-checked={flag.isActive}
            aria-label={`${flag.name} active`}
            className={`dv-switch${flag.isActive ? ' dv-switch--on' : ''}`}
            disabled={update.isPending}
            onClick={() => send({ isActive: !flag.isActive })}
          >
            <span className="dv-switch__handle" />
          </button>
          <span className="dv-switch__state">{flag.isActive ? 'On' : 'Off'}</span>
          <Feedback outcome={switchSent ? outcome : null} />
        </div>
      </td>
    </tr>
  );
}
