import { lazy, Suspense } from 'react';
import { useOffice } from './office-context';
import '../ui/ui.css';
import './office.css';

// antd Select (with its virtual list and trigger) loads after the page: the header shows the office's name meanwhile.
const OfficeSelect = lazy(() => import('./office-select').then((m) => ({ default: m.OfficeSelect })));

/**
 * The header's current office: a switcher for users of several offices, the office's name for a user of one (a
 * staff user saw no office at all before, issue 13). Company users without a current office see neither.
 */
export function OfficeSwitcher() {
  const office = useOffice();
  const { access, currentOfficeId, offices } = office;
  if (access.officeIds.length < 2) return <CurrentOfficeName />;
  const nameOf = (id: string) => offices.find((item) => item.id === id)?.name ?? id;
  return (
    <Suspense
      fallback={
        <span className="dv-office-switcher" aria-busy="true">
          {currentOfficeId === null ? null : nameOf(currentOfficeId)}
        </span>
      }
    >
      <OfficeSelect office={office} nameOf={nameOf} />
    </Suspense>
  );
}

/** The name once the user's offices are read; nothing meanwhile (an office id would mean nothing to the user). */
function CurrentOfficeName() {
  const { currentOfficeId, offices } = useOffice();
  const name = offices.find((item) => item.id === currentOfficeId)?.name;
  if (currentOfficeId === null || name === undefined) return null;
  return (
    <span className="dv-office-name" title={name}>
      <span className="dv-visually-hidden">Current office: </span>
      {name}
    </span>
  );
}
