/**
 * /verification, New Verification: the patient, the relation to the subscriber (the subscriber when it is not
 * Self) and the carrier; Verify creates the ticket (POST /api/verifications) and opens /verification/{id}.
 *
 * The draft is checked with contracts' schema first, so the messages under the fields are the service's own; a
 * 400 from the service lands on the same fields, and any other failure shows an alert: nothing typed is lost.
 * Before creating, a verification of the same patient and carrier created today by this office is offered
 * instead. On the sandbox a picker fills the form with a patient the simulated clearinghouse knows.
 */
import { MENU_LABELS, MESSAGES, PATHS, type SandboxPatient, type VerificationCreateInput, type VerificationListItem } from '@dv/contracts';
import { Button } from 'antd';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useOffice } from '../../office/office-context';
import { Notice } from '../../ui/notice';
import { Pill } from '../../ui/pill';
import { useSandboxPatients, useVerificationCalls } from './new-verification-api';
import { FIELD_IDS, PatientFields, SubscriberFields } from './new-verification-fields';
import { SandboxPatientPicker } from './sandbox-patient-picker';
import {
  checkDraft,
  type DraftField,
  draftOfSandboxPatient,
  EMPTY_DRAFT,
  type FieldErrors,
  firstWrongField,
  type VerificationDraft,
  withoutHiddenErrors,
} from './verification-draft';
// The form's box is drawn like the other pages' cards (ui.css's dv-card).
import '../../ui/ui.css';
import './new-verification.css';

const FORM_ID = 'new-verification-form';

/** The same-day offer's dialog (antd's Modal) loads when a Verify first needs it, not with the page. */
const loadDuplicateDialog = () => import('./duplicate-verification-dialog');
const DuplicateVerificationDialog = lazy(() => loadDuplicateDialog().then((m) => ({ default: m.DuplicateVerificationDialog })));
const TITLE_ID = 'new-verification-title';

/** A problem above the form: the service's words for what fits no field, or a failure that kept the draft. */
type FormProblem = { title: string; description?: ReactNode };

export const verificationPath = (id: string) => PATHS.verificationDetail.replace('{id}', encodeURIComponent(id));

/** Moves the focus to a field after the render that re-enables it (a disabled input cannot take it). */
function useFocusRequest(busy: boolean) {
  const [request, setRequest] = useState<{ field: DraftField } | null>(null);
  useEffect(() => {
    if (!request || busy) return;
    document.getElementById(FIELD_IDS[request.field])?.focus();
    setRequest(null);
  }, [request, busy]);
  return (field: DraftField | undefined) => setRequest(field ? { field } : null);
}

function useNewVerificationForm() {
  const navigate = useNavigate();
  const { currentSettings } = useOffice();
  const calls = useVerificationCalls();
  // ?payerId= (Plan Search's 'Verify a patient on this plan') chooses the carrier.
  const [address] = useSearchParams();
  const [draft, setDraft] = useState<VerificationDraft>(() => ({ ...EMPTY_DRAFT, payerId: address.get('payerId')?.trim() || undefined }));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<FormProblem | null>(null);
  const [busy, setBusy] = useState(false);
  const [twin, setTwin] = useState<{ existing: VerificationListItem; input: VerificationCreateInput } | null>(null);
  // Once loaded and shown, the dialog stays mounted: antd's Modal animates its closing and gives the focus back.
  const [offered, setOffered] = useState(false);
  const focusField = useFocusRequest(busy);

  const change = <K extends DraftField>(field: K, value: VerificationDraft[K]) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    setErrors((current) => withoutHiddenErrors({ ...current, [field]: undefined }, next));
  };

  const fill = (patient: SandboxPatient) => {
    setDraft(draftOfSandboxPatient(patient));
    setErrors({});
    setProblem(null);
  };

  const clear = () => {
    setDraft(EMPTY_DRAFT);
    setErrors({});
    setProblem(null);
    focusField('patientFirstName');
  };

  const create = async (input: VerificationCreateInput) => {
    setTwin(null);
    setBusy(true);
    const outcome = await calls.create(input).finally(() => setBusy(false));
    switch (outcome.kind) {
      case 'created':
        void navigate(verificationPath(outcome.id));
        return;
      case 'invalid':
        setErrors(outcome.errors);
        setProblem(outcome.other.length > 0 ? { title: outcome.other.join(' ') } : null);
        focusField(firstWrongField(outcome.errors));
        return;
      case 'paymentRequired':
        setProblem({ title: outcome.message, description: <Link to={PATHS.payment}>Choose a plan on the Payment page</Link> });
        return;
      case 'failed':
        setProblem({
          title: MESSAGES.GENERIC_ERROR,
          description: `${outcome.message}. Everything you typed is kept: press Verify again in a moment.`,
        });
        return;
    }
  };

  const verify = async () => {
    setProblem(null);
    const checked = checkDraft(draft, currentSettings?.name);
    if (!checked.ok) {
      setErrors(checked.errors);
      setProblem(checked.other.length > 0 ? { title: checked.other.join(' ') } : null);
      focusField(firstWrongField(checked.errors));
      return;
    }
    setErrors({});
    setBusy(true);
    // Fetched while the service is asked, so an offer opens as soon as it is known.
    void loadDuplicateDialog();
    const existing = await calls.findSameDay(checked.input).finally(() => setBusy(false));
    if (existing) {
      setTwin({ existing, input: checked.input });
      setOffered(true);
    } else await create(checked.input);
  };

  const openExisting = (id: string) => {
    setTwin(null);
    void navigate(verificationPath(id));
  };

  return { draft, errors, problem, busy, twin, offered, change, fill, clear, verify, create, openExisting, setTwin };
}

export function NewVerificationPage() {
  const { currentOfficeId } = useOffice();
  const sandbox = useSandboxPatients();
  const form = useNewVerificationForm();
  const onSandbox = sandbox.data?.sandbox === true;
  const noOffice = currentOfficeId === null;

  return (
    <section className="dv-page dv-new-verification" aria-labelledby={TITLE_ID}>
      <div className="dv-new-verification__heading">
        <h1 className="dv-page-title" id={TITLE_ID}>
          {MENU_LABELS.newVerification}
        </h1>
        {onSandbox ? (
          <Pill tone="purple" className="dv-sandbox-badge">
            sandbox
          </Pill>
        ) : null}
      </div>

      {noOffice ? (
        <Notice
          type="warning"
          className="dv-new-verification__alert"
          title="A verification is made for a dental office"
          description="Choose the office you act for in the office switcher, then fill the form."
        />
      ) : null}

      {onSandbox && sandbox.data ? (
        <SandboxPatientPicker sandbox={sandbox.data} onPick={form.fill} disabled={form.busy} />
      ) : null}

      <div className="dv-card dv-new-verification__card">
        <form
          id={FORM_ID}
          className="dv-card-body"
          noValidate
          aria-labelledby={TITLE_ID}
          onSubmit={(event) => {
            event.preventDefault();
            if (!form.busy && !noOffice) void form.verify();
          }}
        >
          {form.problem ? (
            <Notice
              type="error"
              className="dv-new-verification__alert"
              title={form.problem.title}
              description={form.problem.description}
            />
          ) : null}
          <PatientFields draft={form.draft} errors={form.errors} onChange={form.change} disabled={form.busy} />
          <SubscriberFields draft={form.draft} errors={form.errors} onChange={form.change} disabled={form.busy} />
          <div className="dv-row dv-new-verification__actions">
            <Button type="primary" htmlType="submit" loading={form.busy} disabled={noOffice}>
              Verify
            </Button>
            <Button onClick={form.clear} disabled={form.busy}>
              Clear form
            </Button>
          </div>
        </form>
      </div>

      {form.offered ? (
        <Suspense fallback={null}>
          <DuplicateVerificationDialog
            existing={form.twin?.existing ?? null}
            onOpen={form.openExisting}
            onVerifyAgain={() => form.twin && void form.create(form.twin.input)}
            onCancel={() => form.setTwin(null)}
          />
        </Suspense>
      ) : null}
    </section>
  );
}
