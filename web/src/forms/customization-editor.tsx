/**
 * Which questions of the verification form show: the organization's (global) customization on
 * /management/customization, the current office's on /customization/verification. Each question of the default
 * template has its 'Show' box, in the form's order, a block's questions under it. On an office's page what the
 * organization hides stays hidden (its box off and locked, saying so), and a question in a hidden block or shown
 * only after a hidden one goes with it. Save sends the hidden keys with the version read: a newer one is refused.
 */
import { type FormCustomizationView, type FormQuestion } from '@dv/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { Notice } from '../ui/notice';
import { PlaceholderLines } from '../ui/placeholder-lines';
import { LoadError } from '../ui/load-error';
import { CheckBox } from './form-controls';
import { type CustomizationScope, problemOf, useCustomization, useSaveCustomization } from './forms-api';
import './forms.css';

type Props = { readonly scope: CustomizationScope; readonly view: FormCustomizationView };

/** Why a question is hidden whatever its own box says (the organization, its block, its condition), or null. */
function hiddenBecause(question: FormQuestion, byKey: ReadonlyMap<string, FormQuestion>, hidden: ReadonlySet<string>, locked: ReadonlySet<string>, seen = new Set<string>()): string | null {
  if (locked.has(question.key)) return 'Hidden for every office by the organization';
  // A template the service accepted has no circle; the guard keeps a broken one from looping.
  if (seen.has(question.key)) return null;
  const gone = (other: FormQuestion) => hidden.has(other.key) || hiddenBecause(other, byKey, hidden, locked, new Set([...seen, question.key])) !== null;
  const block = question.block === undefined ? undefined : byKey.get(question.block);
  if (block !== undefined && gone(block)) return `Hidden with its block, ${block.label}`;
  const source = question.condition === undefined ? undefined : byKey.get(question.condition.question);
  if (source !== undefined && gone(source)) return `Shown only after ${source.label}, which is hidden`;
  return null;
}

function Editor({ scope, view }: Props) {
  const own = scope === 'office' ? view.office : view.global;
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set(own?.hiddenQuestions ?? []));
  const [status, setStatus] = useState<string | null>(null);
  const save = useSaveCustomization(scope);
  const locked = new Set(scope === 'office' ? view.global.hiddenQuestions : []);
  const questions = view.template.questions;
  const byKey = new Map(questions.map((question) => [question.key, question]));
  const depth = (question: FormQuestion): number => (question.block === undefined ? 0 : 1 + depth(byKey.get(question.block) ?? { ...question, block: undefined }));

  const toggle = (key: string, show: boolean) => {
    setHidden((current) => {
      const next = new Set(current);
      if (show) next.delete(key);
      else next.add(key);
      return next;
    });
    setStatus(null);
  };

  const ordered: FormQuestion[] = [];
  const place = (block: string | undefined) => {
    for (const question of questions.filter((candidate) => candidate.block === block)) {
      ordered.push(question);
      if (question.type === 'conditionalBlock') place(question.key);
    }
  };
  place(undefined);

  return (
    <form
      className="dv-fq-stack"
      aria-label="Questions shown"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(
          { hiddenQuestions: questions.filter((question) => hidden.has(question.key)).map((question) => question.key), version: own?.version ?? 0 },
          { onSuccess: () => setStatus('Saved.'), onError: (error) => setStatus(`Not saved: ${problemOf(error)}`) },
        );
      }}
    >
      {view.mayEdit ? null : (
        <Notice type="info" title="You may read the organization's customization" description="Changing it needs the editGlobalCustomization privilege." role="note" />
      )}
      <ul className="dv-fq-list" aria-label={`Questions of ${view.template.name}`}>
        {ordered.map((question) => {
          const because = hiddenBecause(question, byKey, hidden, locked);
          return (
            <li key={question.key} style={{ marginInlineStart: depth(question) * 24 }} data-question={question.key}>
              <CheckBox
                label={`Show ${question.label}`}
                checked={!hidden.has(question.key) && !locked.has(question.key)}
                disabled={!view.mayEdit || locked.has(question.key) || save.isPending}
                hint={because ?? undefined}
                onChange={(show) => toggle(question.key, show)}
              />
            </li>
          );
        })}
      </ul>
      {view.mayEdit ? (
        <div className="dv-fq-actions">
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save
          </Button>
          <span className={`dv-fq-status${status === 'Saved.' ? ' dv-fq-status--done' : status ? ' dv-fq-status--failed' : ''}`} role="status">
            {status ?? ''}
          </span>
        </div>
      ) : null}
    </form>
  );
}

export function CustomizationEditor({ scope }: { scope: CustomizationScope }) {
  const view = useCustomization(scope);
  if (view.isPending) return <PlaceholderLines rows={6} label="Loading the form's questions" />;
  if (view.isError) return <LoadError title={`The customization could not be loaded: ${problemOf(view.error)}`} onRetry={() => void view.refetch()} />;
  // Kept across its own saves (their reply is what the boxes show already); a changed template starts it again.
  return <Editor key={`${view.data.template.id}:${view.data.template.version}`} scope={scope} view={view.data} />;
}
