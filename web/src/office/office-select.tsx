import { Select } from 'antd';
import { type OfficeState } from './office-context';

/** The office switcher's select (office-switcher.tsx loads it). */
export function OfficeSelect({ office, nameOf }: { office: OfficeState; nameOf: (id: string) => string }) {
  const { access, currentOfficeId, chooseOffice } = office;
  return (
    <Select
      aria-label="Current office"
      className="dv-office-switcher"
      value={currentOfficeId ?? undefined}
      onChange={chooseOffice}
      options={access.officeIds.map((id) => ({ value: id, label: nameOf(id) }))}
      popupMatchSelectWidth={false}
    />
  );
}
