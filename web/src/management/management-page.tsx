/**
 * /management: where company users start their administrative work, one link per page their roles open. Each
 * link is drawn as a small card by management.css: antd's Card would bring its Tabs, Menu and Dropdown along.
 */
import { matchRoute, PATHS } from '@dv/contracts';
import { Link } from 'react-router';
import { useAccess } from '../office/office-context';
import { managementPagesFor } from './management-pages';
import './management.css';

const TITLE = matchRoute(PATHS.management)?.label ?? 'Management';

export function ManagementPage() {
  const access = useAccess();
  const pages = managementPagesFor(access.effectiveRoles);
  return (
    <section className="dv-page" aria-labelledby="management-title">
      <h1 id="management-title" className="dv-page-title">
        {TITLE}
      </h1>
      {pages.length === 0 ? (
        <p className="dv-management__empty">Your roles open no management pages.</p>
      ) : (
        <nav aria-label="Management pages">
          <ul className="dv-management__pages">
            {pages.map((page) => (
              <li key={page.path}>
                <Link to={page.path} className="dv-management__link">
                  {page.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
