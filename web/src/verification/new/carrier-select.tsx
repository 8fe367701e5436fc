/**
 * The carrier, picked from GET /api/carriers: a searchable select that finds a payer by a part of its name or of
 * its payer id, any case, and shows the payer id beside the name.
 */
import { type CarrierCatalogueEntry } from '@dv/contracts';
import { Button, Select } from 'antd';
import { useMemo } from 'react';
import { useCarriers } from './new-verification-api';

type CarrierOption = { value: string; label: string; name: string; payerId: string };

export type CarrierSelectProps = {
  id: string;
  value: string | undefined;
  onChange: (payerId: string | undefined) => void;
  disabled?: boolean;
  /** aria props tying the select to its error. */
  invalid?: { 'aria-invalid': true; 'aria-describedby': string };
};

/** True when the typed text is part of the carrier's name or payer id, ignoring case and surrounding spaces. */
export function carrierMatches(typed: string, carrier: Pick<CarrierCatalogueEntry, 'name' | 'payerId'>): boolean {
  const wanted = typed.trim().toLowerCase();
  if (wanted === '') return true;
  return carrier.name.toLowerCase().includes(wanted) || carrier.payerId.toLowerCase().includes(wanted);
}

function optionsOf(carriers: readonly CarrierCatalogueEntry[]): CarrierOption[] {
  return carriers.map(({ name, payerId }) => ({ value: payerId, label: name, name, payerId }));
}

function emptyText(carriers: { isPending: boolean; isError: boolean }): string {
  if (carriers.isPending) return 'Loading carriers...';
  return carriers.isError ? 'No carriers loaded' : 'No carrier matches';
}

export function CarrierSelect({ id, value, onChange, disabled, invalid }: CarrierSelectProps) {
  const carriers = useCarriers();
  const options = useMemo(() => optionsOf(carriers.data ?? []), [carriers.data]);

  return (
    <>
      <Select<string, CarrierOption>
        id={id}
        value={value}
        options={options}
        disabled={disabled}
        loading={carriers.isPending}
        placeholder={carriers.isPending ? 'Loading carriers...' : 'Type a carrier name or payer id'}
        allowClear
        showSearch={{ filterOption: (typed, option) => (option ? carrierMatches(typed, option) : false) }}
        notFoundContent={emptyText(carriers)}
        optionRender={({ data }) => (
          <span className="dv-new-verification__carrier-option">
            <span>{data.name}</span>
            <span className="dv-new-verification__secondary">{data.payerId}</span>
          </span>
        )}
        labelRender={({ value: payerId, label }) => (
          <span>
            {label} <span className="dv-new-verification__secondary">({payerId})</span>
          </span>
        )}
        onChange={(payerId) => onChange(payerId)}
        status={invalid ? 'error' : undefined}
        {...invalid}
      />
      {carriers.isError ? (
        <div className="dv-row dv-new-verification__carrier-error">
          <span className="dv-text-danger" role="alert">
            The carriers could not be loaded.
          </span>
          <Button size="small" onClick={() => void carriers.refetch()} loading={carriers.isFetching}>
            Try again
          </Button>
        </div>
      ) : null}
    </>
  );
}
