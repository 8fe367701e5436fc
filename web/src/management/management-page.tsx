/** /management: where company users start their administrative work, one link per page their roles open. */
import { matchRoute, PATHS } from '@dv/contracts';
import { Card, Empty, Typography } from 'antd';
import { Link } from 'react-router-dom';
import { useAccess } from '../office/office-context';
import { managementPagesFor } from './management-pages';
import './management.css';

const TITLE = matchRoute(PATHS.management)?.label ?? 'Management';

export function ManagementPage() {
  const access = useAccess();
  const pages = managementPagesFor(access.effectiveRoles);
  return (
    <section className="dv-page" aria-labelledby="management-title">
      <Typography.Title level={1} id="management-title" className="dv-page-title">
        {TITLE}
      </Typography.Title>
      {pages.length === 0 ? (
        <Empty description="Your roles open no management pages." />
      ) : (
        <nav aria-label="Management pages">
          <ul className="dv-management__pages">
            {pages.map((page) => (
              <li key={page.path}>
                <Link to={page.path} className="dv-management__link">
                  <Card hoverable size="small" className="dv-management__card">
                    {page.label}
                  </Card>
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
    </section>
  );
}
