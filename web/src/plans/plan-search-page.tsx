/**
 * /plan, Plan Search: the organization's plan library, searched by one box (payer name or id, group number, group
 * or employer name) and the plan type, paged by the service. Everything the list shows is in the address; a row
 * opens the plan. Plain HTML controls and table, as the bug list (bug-list-page.tsx), to keep the page light.
 */
import { matchRoute, MENU_LABELS, PATHS, PLAN_TYPES, type PlanLibraryItem, type PlanSearchQuery, type PlanType } from '@dv/contracts';
import { Button } from 'antd';
import { type ReactNode, useCallback } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { LIST_PAGE_SIZES, type ListColumn, ListFrame, useListAddress } from '../ui/list-frame';
import { SearchBox } from '../ui/search-box';
import { displayDate } from '../verification/ticket/breakdown-format';
import { addressOfPlanSearch, changePlanSearch, planSearchFromAddress } from './plan-search-query';
import { type PlanListState, planPath, PLAN_TYPE_LABELS } from './plan-paths';
import { usePlanSearch } from './plans-api';
import { PlanScore } from './plan-score';
import '../ui/ui.css';
import './plans.css';

const TITLE = matchRoute(PATHS.plan)?.label ?? 'Plan Search';
const TITLE_ID = 'plan-search-title';
const BOX_ID = 'plan-search-box';

/** The search box with its visible label and a Search button (ui/search-box.tsx: live once typing pauses, Enter). */
function PlanSearchBox({ value, onSearch }: { value: string; onSearch: (text: string) => void }) {
  return (
    <div className="dv-plan-search__box" role="search" aria-label="Plan library">
      <label htmlFor={BOX_ID} className="dv-plan-search__label">
        Search plans
      </label>
      <SearchBox
        id={BOX_ID}
        label="Search plans"
        value={value}
        onSearch={onSearch}
        className="dv-control dv-plan-search__text"
        placeholder="Payer, payer id, group number, group or employer"
        // The page exists to search: the box takes the focus when it opens.
        autoFocus
        submitLabel="Search"
      />
    </div>
  );
}

function PlanTypeFilter({ value, onChange }: { value: PlanType | undefined; onChange: (planType: PlanType | undefined) => void }) {
  return (
    <select
      className="dv-control"
      aria-label="Plan type"
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : (event.target.value as PlanType))}
    >
      <option value="">Any plan type</option>
      {PLAN_TYPES.map((type) => (
        <option key={type} value={type}>
          {PLAN_TYPE_LABELS[type]}
        </option>
      ))}
    </select>
  );
}

function columnsOf(state: PlanListState): ListColumn<PlanLibraryItem>[] {
  return [
    {
      key: 'payer',
      title: 'Payer',
      cell: (plan) => (
        <>
          <Link to={planPath(plan.id)} state={state}>
            {plan.carrier.name}
          </Link>
          <div className="dv-text-secondary">Payer id {plan.carrier.payerId}</div>
        </>
      ),
    },
    {
      key: 'group',
      title: 'Group',
      cell: (plan) => (
        <>
          <div>{plan.groupNumber ?? <span className="dv-text-secondary">No group number</span>}</div>
          {plan.groupName ? <div className="dv-text-secondary">{plan.groupName}</div> : null}
        </>
      ),
    },
    { key: 'employer', title: 'Employer', cell: (plan) => plan.employer ?? <span className="dv-text-secondary">Not stated</span> },
    { key: 'planType', title: 'Plan type', cell: (plan) => (plan.planType ? PLAN_TYPE_LABELS[plan.planType] : 'Not stated') },
    { key: 'lastVerified', title: 'Last verified', cell: (plan) => <span className="dv-nowrap">{displayDate(plan.lastVerifiedAt)}</span> },
    { key: 'score', title: 'Plan score', cell: (plan) => <PlanScore score={plan.score} /> },
  ];
}

function emptyText(query: PlanSearchQuery, state: { isError: boolean; isPending: boolean }): ReactNode {
  if (state.isError) return 'Nothing to show.';
  if (state.isPending) return 'Searching plans...';
  if (query.q || query.planType) return query.q ? `No plan matches “${query.q}”.` : 'No plan of this type.';
  return (
    <>
      No plans in the library yet: a plan is added when a verification&apos;s sources answer.{' '}
      <Link to={PATHS.verification}>{MENU_LABELS.newVerification}</Link>
    </>
  );
}

export function PlanSearchPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { query, update } = useListAddress({ fromSearch: planSearchFromAddress, toSearch: addressOfPlanSearch, change: changePlanSearch });
  const plans = usePlanSearch(query);

  const onSearch = useCallback((text: string) => update({ q: text === '' ? undefined : text }), [update]);

  const state: PlanListState = { listSearch: location.search };
  const columns = columnsOf(state);
  const page = plans.data;
  const filtered = query.q !== undefined || query.planType !== undefined;

  return (
    <section className="dv-page dv-plan-page" aria-labelledby={TITLE_ID}>
      <h1 id={TITLE_ID} className="dv-page-title">
        {TITLE}
      </h1>
      <p className="dv-text-secondary dv-plan-search__intro">
        The plans your organization has verified, with no patient data: find one, print it, or verify a patient on it.
      </p>
      <div className="dv-plan-search__filters">
        <PlanSearchBox value={query.q ?? ''} onSearch={onSearch} />
        <PlanTypeFilter value={query.planType} onChange={(planType) => update({ planType })} />
        {filtered ? (
          <Button type="link" onClick={() => update({ q: undefined, planType: undefined })}>
            Clear search
          </Button>
        ) : null}
      </div>
      <ListFrame
        regionLabel="Plans found"
        labelledBy={TITLE_ID}
        tableClassName="dv-plan-search__table"
        rowClassName="dv-plan-search__row"
        columns={columns}
        items={page?.items ?? []}
        rowKey={(plan) => plan.id}
        onOpen={(plan) => void navigate(planPath(plan.id), { state })}
        busy={plans.isFetching}
        empty={emptyText(query, plans)}
        error={plans.isError ? { title: 'The plans could not be searched.', className: 'dv-plan-search__error', onRetry: () => void plans.refetch() } : undefined}
        total={page?.total}
        pager={{
          label: 'Plan pages',
          page: query.page,
          pageSize: query.pageSize,
          pageSizes: LIST_PAGE_SIZES,
          totalText: (total) => `${total} ${total === 1 ? 'plan' : 'plans'}`,
          onChange: (to, pageSize) => update({ page: to, pageSize }),
        }}
      />
    </section>
  );
}
