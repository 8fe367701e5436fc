/**
 * /management/verification (admin, superadministrator): the 271 preview, a support tool. An admin pastes a
 * carrier's 271 (or loads it from a file), optionally names the carrier and the coinsurance convention, and sees
 * what the product maps from it (POST /api/management/x271/preview): rejections, warnings, notes, the plan and the
 * patient part, the segments. Nothing is stored, by the service or here: the text and the result live in this
 * page's state only and are gone with it.
 */
import { type FieldIssue } from '../../http/api-call-error';
import { matchRoute, MESSAGES, PATHS, type X271Preview, type X271PreviewInput } from '@dv/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type PreviewOutcome, useX271Preview } from './x271-api';
import { COINSURANCE_CHOICES, type FormProblems, X271Form, type X271Draft } from './x271-form';
import { X271Result } from './x271-result';
import { previewLimit, usePreviewLimit } from './x271-limit';
import { readX12File, textProblem } from './x12-text';
import '../../ui/ui.css';
import '../../verification/source/source-page.css';
import '../../verification/ticket/verification.css';
import './x271.css';

export const X271_TITLE = matchRoute(PATHS.managementVerification)?.label ?? 'Verification';

const EMPTY_DRAFT: X271Draft = { x12: '', payerId: undefined, coinsurance: 'carrier' };
const NO_PROBLEMS: FormProblems = { x12: [], payerId: [] };

/** The request for a draft: only what the user chose (no carrier, no coinsurance choice: the service decides). */
export function previewInput(draft: X271Draft): X271PreviewInput {
  const invert = COINSURANCE_CHOICES.find((choice) => choice.value === draft.coinsurance)?.invert;
  return {
    x12: draft.x12,
    ...(draft.payerId === undefined ? {} : { payerId: draft.payerId }),
    ...(invert === undefined ? {} : { invertCoinsurance: invert }),
  };
}

/** A 400 laid out by field: the carrier's issues under the carrier, everything else under the box. */
export function problemsOf(message: string, issues: readonly FieldIssue[]): FormProblems {
  const payerId = issues.filter((issue) => issue.path === 'payerId').map((issue) => issue.message);
  const others = issues.filter((issue) => issue.path !== 'payerId').map((issue) => issue.message);
  // Only the carrier was refused: its own words say it ('Unknown carrier'), not the envelope's 'Invalid request'.
  if (payerId.length > 0 && others.length === 0) return { x12: [], payerId };
  return { x12: [message, ...others.filter((text) => !message.includes(text))], payerId };
}

type Shown = { readonly preview: X271Preview; readonly text: string; readonly serial: number };

function usePreviewState() {
  const call = useX271Preview();
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<FormProblems>(NO_PROBLEMS);
  const [shown, setShown] = useState<Shown | null>(null);
  const serial = useRef(0);

  const run = useCallback(
    async (draft: X271Draft) => {
      const problem = textProblem(draft.x12, await previewLimit(), MESSAGES.FIELD_REQUIRED);
      if (problem !== null) {
        setProblems({ x12: [problem], payerId: [] });
        return;
      }
      setBusy(true);
      setProblems(NO_PROBLEMS);
      // The result shown is always that of the text in the box: a failed preview leaves none behind.
      setShown(null);
      const outcome: PreviewOutcome = await call(previewInput(draft));
      setBusy(false);
      if (outcome.kind === 'done') setShown({ preview: outcome.preview, text: draft.x12, serial: ++serial.current });
      else if (outcome.kind === 'invalid') setProblems(problemsOf(outcome.message, outcome.issues));
      else setProblems({ x12: [outcome.message], payerId: [] });
    },
    [call],
  );
  return { busy, problems, setProblems, shown, setShown, run };
}

export function X271PreviewPage() {
  const [draft, setDraft] = useState<X271Draft>(EMPTY_DRAFT);
  const [fileName, setFileName] = useState<string | null>(null);
  const { busy, problems, setProblems, shown, setShown, run } = usePreviewState();
  const heading = useRef<HTMLHeadingElement>(null);
  const limit = usePreviewLimit();

  useEffect(() => {
    if (shown !== null) heading.current?.focus();
  }, [shown]);

  const onFile = async (file: File) => {
    const read = await readX12File(file, await previewLimit());
    if ('problem' in read) {
      setProblems({ x12: [read.problem], payerId: [] });
      return;
    }
    setDraft((current) => ({ ...current, x12: read.text }));
    setFileName(file.name);
    setProblems(NO_PROBLEMS);
  };

  return (
    <section className="dv-page dv-x271" aria-labelledby="x271-title">
      <h1 id="x271-title" className="dv-page-title">
        {X271_TITLE}
      </h1>
      <p className="dv-x271__intro">
        Preview a 271: paste a carrier&apos;s eligibility answer (X12) to see what the product maps from it, as the clearinghouse source of a
        verification would. <strong>Nothing is stored</strong>: no verification, plan or patient is created, and the text stays on this page.
      </p>
      <X271Form
        draft={draft}
        limit={limit}
        onChange={(change) => {
          setDraft((current) => ({ ...current, ...change }));
          if (change.x12 !== undefined) setFileName(null);
        }}
        onFile={(file) => void onFile(file)}
        fileName={fileName}
        problems={problems}
        busy={busy}
        onPreview={() => void run(draft)}
        onClear={() => {
          setDraft((current) => ({ ...current, x12: '' }));
          setFileName(null);
          setProblems(NO_PROBLEMS);
          setShown(null);
        }}
      />
      {shown === null ? null : <X271Result key={shown.serial} preview={shown.preview} text={shown.text} headingRef={heading} />}
    </section>
  );
}
