/**
 * The office picker of /management/portal-credentials: antd's Select with search, since a company's offices can
 * be many. Loaded apart from the page (management-portal-credentials-page.tsx), at the same time as the office
 * list it shows, so the page's cards need not wait for the Select's code.
 */
import { type ManagedOffice } from '@dv/contracts';
import { Select } from 'antd';

export type OfficeSelectProps = {
  offices: readonly ManagedOffice[];
  loading: boolean;
  officeId: string | null;
  onChange: (officeId: string) => void;
};

export function OfficeSelect({ offices, loading, officeId, onChange }: OfficeSelectProps) {
  return (
    <Select
      aria-label="Dental office"
      className="dv-office-switcher"
      loading={loading}
      value={officeId ?? undefined}
      showSearch={{ optionFilterProp: 'label' }}
      onChange={onChange}
      options={offices.map((office) => ({ value: office.id, label: office.name }))}
    />
  );
}
