/**
 * /register-do (superadministrator, doregistration; SPEC sections 4 and 6): a signed-up user without an office
 * registers their practice: name, NPI (its check digit is the NPI standard's Luhn rule, checked by the service
 * with the contract), tax id, phone and address. The service makes the office in the user's organization and
 * the user its staff manager; the session is then renewed silently, so the new office and role apply without
 * signing out, and the user goes on to the verification page (SPEC section 4: no longer in registration, the
 * router takes them to their start page; the page goes there too). A super administrator registers an office
 * for the organization and goes on to the verification page as they are.
 */
import { DEFAULT_PRIVATE_ROUTE, type OfficeRegistration } from '@dv/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import { type FormEvent, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useServices } from '../app/services-context';
import { useSessionController } from '../auth/session-context';
import { ApiCallError, messagesByField } from '../http/api-call-error';
import { useInfoBar } from '../info-bar/info-bar';
import { Notice } from '../ui/notice';
import { addressOf, EMPTY_PRACTICE, type PracticeDraft, type PracticeErrors, type PracticeField, practiceFieldOf, PracticeFields } from './practice-fields';
import { registerPractice } from './registration-api';

export const REGISTER_TITLE = 'Register your dental practice';
export const REGISTER_ACTION = 'Register practice';
export const SIGN_IN_AGAIN = 'Sign in again';

type Outcome =
  | { kind: 'editing' }
  | { kind: 'sending' }
  | { kind: 'failed'; message: string }
  /** Registered, but the session could not be renewed here: signing in again brings the new office. */
  | { kind: 'renewalFailed'; registration: OfficeRegistration };

function bodyOf(draft: PracticeDraft) {
  return { name: draft.name, npi: draft.npi, taxId: draft.taxId, phone: draft.phone, address: addressOf(draft) };
}

/** Registered, but the session could not be renewed here: signing in again brings the new office and role. */
function RegisteredSignInAgain({ registration }: { registration: OfficeRegistration }) {
  const session = useSessionController();
  return (
    <div className="dv-page dv-register">
      <h1 className="dv-page-title">{REGISTER_TITLE}</h1>
      <Notice
        type="success"
        role="status"
        title={`${registration.name} is registered, and you are its staff manager.`}
        description="Your session could not be renewed here: sign in again to start using your practice."
      />
      <Button type="primary" onClick={() => void session.signIn(DEFAULT_PRIVATE_ROUTE.path)}>
        {SIGN_IN_AGAIN}
      </Button>
    </div>
  );
}

export function RegisterDoPage() {
  const { http } = useServices();
  const session = useSessionController();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const infoBar = useInfoBar();
  const baseId = useId();
  const idOf = (field: PracticeField) => `${baseId}-${field}`;
  const [draft, setDraft] = useState<PracticeDraft>(EMPTY_PRACTICE);
  const [errors, setErrors] = useState<PracticeErrors>({});
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'editing' });

  const change = (field: PracticeField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  /** The new office and role come with a renewed token; every answer read with the old one is stale. */
  async function goOn(registration: OfficeRegistration) {
    if (registration.role !== null) {
      try {
        await session.refresh();
      } catch {
        setOutcome({ kind: 'renewalFailed', registration });
        return;
      }
    }
    await queryClient.invalidateQueries();
    infoBar.show({ type: 'success', text: `${registration.name} is registered.` });
    void navigate(DEFAULT_PRIVATE_ROUTE.path, { replace: true });
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setOutcome({ kind: 'sending' });
    setErrors({});
    let registration: OfficeRegistration;
    try {
      registration = await registerPractice(http, bodyOf(draft));
    } catch (error) {
      const issues = error instanceof ApiCallError ? error.issues : [];
      const byField = messagesByField(issues, practiceFieldOf);
      setErrors(byField);
      const first = (Object.keys(EMPTY_PRACTICE) as PracticeField[]).find((field) => byField[field] !== undefined);
      if (first) document.getElementById(idOf(first))?.focus();
      setOutcome(first ? { kind: 'editing' } : { kind: 'failed', message: error instanceof Error ? error.message : 'The practice could not be registered' });
      return;
    }
    await goOn(registration);
  }

  if (outcome.kind === 'renewalFailed') return <RegisteredSignInAgain registration={outcome.registration} />;

  const sending = outcome.kind === 'sending';
  return (
    <div className="dv-page dv-register">
      <h1 className="dv-page-title" id={`${baseId}-title`}>
        {REGISTER_TITLE}
      </h1>
      <p>Tell us about your practice. Once it is registered, you manage it as its staff manager and can start verifying.</p>
      <form aria-labelledby={`${baseId}-title`} onSubmit={(event) => void submit(event)} noValidate>
        {outcome.kind === 'failed' ? <Notice type="error" title={outcome.message} /> : null}
        <PracticeFields draft={draft} errors={errors} onChange={change} idOf={idOf} />
        <Button type="primary" htmlType="submit" loading={sending}>
          {REGISTER_ACTION}
        </Button>
      </form>
    </div>
  );
}
