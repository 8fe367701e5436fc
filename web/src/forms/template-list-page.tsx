/**
 * /management/form-templates (superadministrator): the organization's form templates, the default first, searched
 * by name and paged by the service (ListFrame); a row opens its editor (/management/form?template={id}). A new
 * template is named here and opens in the editor with no questions.
 */
import { ApiCallError } from '../http/api-call-error';
import { FormTemplateListQuery, matchRoute, PATHS, type FormTemplateSummary } from '@dv/contracts';
import { Button } from 'antd';
import { useCallback, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { type ListColumn, ListFrame, useListAddress } from '../ui/list-frame';
import { Pill } from '../ui/pill';
import { SearchBox } from '../ui/search-box';
import { urlListQuery } from '../ui/url-list-query';
import { TextInput } from './form-controls';
import { problemOf, useSaveTemplate, useTemplates } from './forms-api';
import { editorPath } from './form-paths';
import '../ui/ui.css';
import './forms.css';

const TITLE = matchRoute(PATHS.managementFormTemplates)?.label ?? 'Form Templates';
const LIST = urlListQuery(FormTemplateListQuery, ['page', 'pageSize', 'search']);
const PAGE_SIZES = [10, 20, 50, 100];

const updated = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function NewTemplate() {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const create = useSaveTemplate();
  const problem = create.error instanceof ApiCallError ? (create.error.fields.name ?? create.error.message) : create.isError ? problemOf(create.error) : undefined;
  return (
    <form
      className="dv-fq-toolbar"
      aria-label="New template"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ id: null, input: { name, questions: [] } }, { onSuccess: (saved) => void navigate(editorPath(saved.id)) });
      }}
    >
      <TextInput label="New template's name" value={name} maxLength={120} problem={problem} onChange={setName} />
      <Button htmlType="submit" loading={create.isPending} disabled={name.trim() === ''}>
        New template
      </Button>
    </form>
  );
}

export function TemplateListPage() {
  const navigate = useNavigate();
  const { query, update } = useListAddress({ fromSearch: LIST.fromSearch, toSearch: LIST.toSearch, change: LIST.change });
  const templates = useTemplates(query);
  const onSearch = useCallback((search: string) => update({ search: search === '' ? undefined : search }), [update]);

  const columns: ListColumn<FormTemplateSummary>[] = [
    {
      key: 'name',
      title: 'Name',
      cell: (template) => (
        <span className="dv-row dv-row-tight">
          <Link to={editorPath(template.id)}>{template.name}</Link>
          {template.isDefault ? <Pill tone="blue">default</Pill> : null}
        </span>
      ),
    },
    { key: 'questions', title: 'Questions', style: { width: 120 }, cell: (template) => template.questionCount },
    { key: 'version', title: 'Version', style: { width: 100 }, cell: (template) => template.version },
    { key: 'updated', title: 'Changed', style: { width: 200 }, cell: (template) => <span className="dv-nowrap">{updated(template.updatedAt)}</span> },
  ];

  let empty = query.search ? 'No template matches this name.' : 'No templates yet.';
  if (templates.isPending) empty = 'Loading templates...';
  else if (templates.isError) empty = 'Nothing to show.';

  return (
    <section className="dv-page dv-fq-page" aria-labelledby="form-templates-title">
      <h1 id="form-templates-title" className="dv-page-title">
        {TITLE}
      </h1>
      <p className="dv-fq-intro">
        The default template is the form every verification gets; offices hide questions of it on their Form Customization page, and{' '}
        <Link to={PATHS.managementRules}>rules</Link> turn carriers&apos; answers into plan values.
      </p>
      <div className="dv-fq-toolbar" role="search" aria-label="Find templates">
        <SearchBox label="Search templates" placeholder="Search by name" value={query.search ?? ''} onSearch={onSearch} />
      </div>
      <NewTemplate />
      <ListFrame
        regionLabel="Form template table"
        labelledBy="form-templates-title"
        tableClassName="dv-fq-table"
        rowClassName="dv-fq-row"
        columns={columns}
        items={templates.data?.items ?? []}
        rowKey={(template) => template.id}
        onOpen={(template) => void navigate(editorPath(template.id))}
        busy={templates.isFetching}
        empty={empty}
        error={templates.isError ? { title: 'The templates could not be loaded.', className: 'dv-fq-error', onRetry: () => void templates.refetch() } : undefined}
        total={templates.data?.total}
        pager={{
          label: 'Template pages',
          page: query.page,
          pageSize: query.pageSize,
          pageSizes: PAGE_SIZES,
          totalText: (total) => `${total} ${total === 1 ? 'template' : 'templates'}`,
          onChange: (page, pageSize) => update({ page, pageSize }),
        }}
      />
    </section>
  );
}
