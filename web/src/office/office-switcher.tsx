import { lazy, Suspense } from 'react';
import { useOffice } from './office-context';

// antd Select (with its virtual list and trigger) loads after the page: the header shows the office's name meanwhile.
const OfficeSelect = lazy(() => import('./office-select').then((m) => ({ default: m.OfficeSelect })));

/** For users of several offices: which office the pages act for. */
export function OfficeSwitcher() {
  const office = useOffice();
  const { access, currentOfficeId, offices } = office;
  if (access.officeIds.length < 2) return null;
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
