/**
 * /management/do-groups (agent, admin, superadministrator): the organization's groups of offices, searched and
 * paged by the offices service; company administrators create one. A row opens the group
 * (/management/do-groups/{id}), where it is renamed and its offices are added and removed.
 */
import { type ManagedGroup, matchRoute, NewGroupInput, PATHS } from '@dv/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiCallError } from '../../http/api-call-error';
import { type ListColumn } from '../../ui/list-frame';
import { Notice } from '../../ui/notice';
import { TextField } from '../shared/form-controls';
import { problemOf } from '../shared/management-call';
import { type ListState, useManagementAsker, useManagementList } from '../shared/management-list';
import { ManagementListPage } from '../shared/management-pages';
import { groupPath } from './group-links';
import { useCreateGroup, useGroupList } from './groups-api';

const TITLE = matchRoute(PATHS.managementDoGroups)?.label ?? 'Dental Office Groups';

function NewGroup({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateGroup();
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<{ name?: string; form?: string }>({});
  const submit = () => {
    const parsed = NewGroupInput.safeParse({ name });
    if (!parsed.success) return setProblem({ name: parsed.error.issues[0]?.message ?? 'Give the name' });
    setProblem({});
    create.mutate(parsed.data, {
      onSuccess: (group) => void navigate(groupPath(group.id), { state: { listSearch: '' } satisfies ListState }),
      onError: (error) => setProblem({ form: problemOf(error), name: error instanceof ApiCallError ? error.fields.name : undefined }),
    });
  };
  return (
    <form
      className="dv-form"
      aria-label="New group"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {problem.form ? <Notice type="error" title="The group was not created." description={problem.form} /> : null}
      <TextField label="Group name" required value={name} problem={problem.name} onChange={setName} />
      <div className="dv-form-actions">
        <Button type="primary" htmlType="submit" loading={create.isPending}>
          Create the group
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

export function GroupsPage() {
  const navigate = useNavigate();
  const asker = useManagementAsker();
  const list = useManagementList();
  const groups = useGroupList(list.query);
  const columns: ListColumn<ManagedGroup>[] = [
    {
      key: 'name',
      title: 'Group',
      cell: (group) => (
        <Link to={groupPath(group.id)} state={list.state}>
          {group.name}
        </Link>
      ),
    },
    { key: 'offices', title: 'Offices', style: { width: 120 }, cell: (group) => group.officeIds.length },
  ];

  return (
    <ManagementListPage
      id="groups"
      title={TITLE}
      noun={['group', 'groups']}
      searchPlaceholder="Search by name"
      create={asker.canWrite ? { label: 'New group', form: (onDone) => <NewGroup onDone={onDone} /> } : undefined}
      list={list}
      read={groups}
      columns={columns}
      rowKey={(group) => group.id}
      onOpen={(group) => void navigate(groupPath(group.id), { state: list.state })}
    />
  );
}
