import { matchRoute, PATHS } from '@dv/contracts';
import { useLocation } from 'react-router';
import { StatusResult } from '../ui/status-result';

/** /under-construction, and every page whose content a later release builds. */
export function UnderConstructionPage() {
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  const title = route && route.path !== PATHS.underConstruction ? route.label : 'Under construction';
  return (
    <StatusResult
      status="info"
      title={<h1 className="dv-page-title">{title}</h1>}
      subTitle="This page is under construction. It will be available in a coming release."
    />
  );
}
