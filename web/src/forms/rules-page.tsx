/**
 * /management/rules (superadministrator): the organization's form rules, each 'for these payers, when this question
 * is answered so, set this plan field to this value', filtered by payer key and a text (question key, field or
 * note), paged by the service (ListFrame). A row opens the rule in the editor above the list; 'New rule' opens an
 * empty one. The questions are the default template's.
 */
import { FormRuleListQuery, matchRoute, PATHS, PAYER_KEYS, type FormQuestion, type FormRule } from '@dv/contracts';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';
import { ChoiceFilter } from '../ui/choice-filter';
import { type ListColumn, ListFrame, useListAddress } from '../ui/list-frame';
import { Pill } from '../ui/pill';
import { SearchBox } from '../ui/search-box';
import { urlListQuery } from '../ui/url-list-query';
import { useRules, useTemplate } from './forms-api';
import { RuleEditor } from './rule-editor';
import '../ui/ui.css';
import './forms.css';

const TITLE = matchRoute(PATHS.managementRules)?.label ?? 'Rules';
const LIST = urlListQuery(FormRuleListQuery, ['page', 'pageSize', 'search', 'payerKey', 'payerId']);
const PAGE_SIZES = [10, 20, 50, 100];
const KEY_OPTIONS = PAYER_KEYS.map((key) => ({ value: key, label: key }));

/** A value as the list says it: JSON for a frequency or a waiting period, else as it is. */
function shown(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);
}

export function RulesPage() {
  const { query, update } = useListAddress({ fromSearch: LIST.fromSearch, toSearch: LIST.toSearch, change: LIST.change });
  const rules = useRules(query);
  const template = useTemplate(null);
  const [editing, setEditing] = useState<FormRule | 'new' | null>(null);
  const onSearch = useCallback((search: string) => update({ search: search === '' ? undefined : search }), [update]);
  const questions: readonly FormQuestion[] = template.data?.questions ?? [];
  const labelOf = (key: string) => questions.find((question) => question.key === key)?.label ?? key;

  const columns: ListColumn<FormRule>[] = [
    { key: 'payer', title: 'Payers', style: { width: 190 }, cell: (rule) => ('payerKey' in rule.payer ? <Pill tone="blue">{rule.payer.payerKey}</Pill> : <Pill tone="purple">payer {rule.payer.payerId}</Pill>) },
    {
      key: 'when',
      title: 'When',
      cell: (rule) => (
        <button type="button" className="dv-fq-link" onClick={() => setEditing(rule)}>
          {labelOf(rule.questionKey)} is {shown(rule.answer)}
        </button>
      ),
    },
    { key: 'field', title: 'Sets', cell: (rule) => <code className="dv-fq-key">{rule.field}</code> },
    { key: 'value', title: 'To', style: { width: 160 }, cell: (rule) => shown(rule.value) },
    { key: 'note', title: 'Note', cell: (rule) => rule.note ?? '' },
  ];

  let empty = query.search || query.payerKey || query.payerId ? 'No rule matches these filters.' : 'No rules yet.';
  if (rules.isPending) empty = 'Loading rules...';
  else if (rules.isError) empty = 'Nothing to show.';

  return (
    <section className="dv-page dv-fq-page" aria-labelledby="form-rules-title">
      <h1 id="form-rules-title" className="dv-page-title">
        {TITLE}
      </h1>
      <p className="dv-fq-intro">
        A rule turns a carrier&apos;s answer on the verification form into a plan value: the payer&apos;s own rules come first, then its payer key&apos;s, then
        DEFAULT&apos;s; a value typed into the form wins over a rule. The questions are those of the <Link to={PATHS.managementForm}>default form</Link>.
      </p>
      <div className="dv-fq-toolbar" role="search" aria-label="Filter rules">
        <ChoiceFilter className="dv-fq-input dv-fq-filter" label="Payer key" anyLabel="Any payer key" options={KEY_OPTIONS} value={query.payerKey} onChange={(payerKey) => update({ payerKey })} />
        <SearchBox label="Search rules" placeholder="Question key, field or note" value={query.search ?? ''} onSearch={onSearch} />
        <Button type="primary" onClick={() => setEditing('new')} disabled={template.isPending}>
          New rule
        </Button>
      </div>
      {editing === null ? null : (
        <RuleEditor key={editing === 'new' ? 'new' : `${editing.id}:${editing.version}`} rule={editing === 'new' ? null : editing} questions={questions} onDone={() => setEditing(null)} />
      )}
      <ListFrame
        regionLabel="Form rule table"
        labelledBy="form-rules-title"
        tableClassName="dv-fq-table"
        rowClassName="dv-fq-row"
        columns={columns}
        items={rules.data?.items ?? []}
        rowKey={(rule) => rule.id}
        onOpen={(rule) => setEditing(rule)}
        busy={rules.isFetching}
        empty={empty}
        error={rules.isError ? { title: 'The rules could not be loaded.', className: 'dv-fq-error', onRetry: () => void rules.refetch() } : undefined}
        total={rules.data?.total}
        pager={{
          label: 'Rule pages',
          page: query.page,
          pageSize: query.pageSize,
          pageSizes: PAGE_SIZES,
          totalText: (total) => `${total} ${total === 1 ? 'rule' : 'rules'}`,
          onChange: (page, pageSize) => update({ page, pageSize }),
        }}
      />
    </section>
  );
}
