/**
 * On the sandbox (the clearinghouse is simulated): a "Try a sandbox patient" picker that fills the whole form
 * with a patient the sandbox knows, the coverage it will report, and the hints for trying the other cases
 * (rejections, missing portal credential, MFA) in a collapsible help text.
 */
import { type SandboxPatient, type SandboxPatients } from '@dv/contracts';
import { Select } from 'antd';
import { useState } from 'react';

export const SANDBOX_PICKER_LABEL = 'Try a sandbox patient';
const PICKER_ID = 'new-verification-sandbox-patient';

export type SandboxPatientPickerProps = {
  sandbox: SandboxPatients;
  onPick: (patient: SandboxPatient) => void;
  disabled?: boolean;
};

/** Two sandbox members may share a name: the member id tells them apart. */
function detailsOf({ carrier, patient, coverage }: SandboxPatient): string {
  return `${carrier.name} · member ${patient.patientMemberId} · coverage ${coverage}`;
}

type PatientOption = { value: string; label: string; patient: SandboxPatient };

export function SandboxPatientPicker({ sandbox, onPick, disabled }: SandboxPatientPickerProps) {
  const [picked, setPicked] = useState<string | undefined>(undefined);
  const options: PatientOption[] = sandbox.patients.map((patient, index) => ({
    value: String(index),
    label: patient.label,
    patient,
  }));
  return (
    <section className="dv-new-verification__sandbox" aria-labelledby={`${PICKER_ID}-label`}>
      <label id={`${PICKER_ID}-label`} htmlFor={PICKER_ID} className="dv-new-verification__sandbox-label">
        {SANDBOX_PICKER_LABEL}
      </label>
      <Select<string, PatientOption>
        id={PICKER_ID}
        className="dv-new-verification__sandbox-select"
        value={picked}
        options={options}
        disabled={disabled}
        placeholder="Pick a patient to fill the form"
        showSearch={{ optionFilterProp: 'label' }}
        notFoundContent="No sandbox patient matches"
        optionRender={({ data }) => (
          <span className="dv-new-verification__sandbox-option">
            <span>{data.patient.label}</span>
            <span className="dv-new-verification__secondary">{detailsOf(data.patient)}</span>
          </span>
        )}
        onChange={(value) => {
          setPicked(value);
          const option = options.find((candidate) => candidate.value === value);
          if (option) onPick(option.patient);
        }}
      />
      {sandbox.hints.length > 0 ? (
        <details className="dv-new-verification__hints">
          <summary>How to try the other cases</summary>
          <ul>
            {sandbox.hints.map((hint) => (
              <li key={hint}>{hint}</li>
            ))}
          </ul>
        </details>
      ) : null}
    </section>
  );
}
