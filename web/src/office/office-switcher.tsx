import { Select } from 'antd';
import { useOffice } from './office-context';

/** For users of several offices: which office the pages act for. */
export function OfficeSwitcher() {
  const { access, currentOfficeId, chooseOffice, offices } = useOffice();
  if (access.officeIds.length < 2) return null;
  const nameOf = (id: string) => offices.find((office) => office.id === id)?.name ?? id;
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
