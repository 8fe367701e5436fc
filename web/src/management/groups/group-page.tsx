/**
 * /management/do-groups/{id} (agent, admin, superadministrator): one group of offices and its members. Company
 * administrators rename it and add or remove offices; an office belongs to one group at most, so an office of
 * another group is offered only once removed there.
 */
import { type ManagedGroup, GroupPatch, matchRoute, PATHS } from '@dv/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ApiCallError } from '../../http/api-call-error';
import { useInfoBar } from '../../info-bar/info-bar';
import { Notice } from '../../ui/notice';
import { PlainTable } from '../../ui/plain-table';
import { SectionCard } from '../../ui/section-card';
import { SelectField, TextField } from '../shared/form-controls';
import { problemOf } from '../shared/management-call';
import { type ManagementAsker, useManagementAsker } from '../shared/management-list';
import { ActiveStatus, ManagementRecordPage } from '../shared/management-pages';
import { officePath } from '../offices/office-links';
import { useAllOffices } from '../offices/offices-api';
import { useChangeGroup, useGroup } from './groups-api';
import '../shared/management-forms.css';

const TITLE = matchRoute(PATHS.managementDoGroup)?.label ?? 'Dental Office Group';

function Rename({ group, onDone }: { group: ManagedGroup; onDone: () => void }) {
  const change = useChangeGroup(group.id);
  const infoBar = useInfoBar();
  const [name, setName] = useState(group.name);
  const [problem, setProblem] = useState<{ name?: string; form?: string }>({});
  const submit = () => {
    const parsed = GroupPatch.safeParse({ name });
    if (!parsed.success) return setProblem({ name: parsed.error.issues[0]?.message ?? 'Give the name' });
    change.mutate(
      { rename: parsed.data.name },
      {
        onSuccess: () => {
          infoBar.show({ type: 'saved' });
          onDone();
        },
        onError: (error) => setProblem({ form: problemOf(error), name: error instanceof ApiCallError ? error.fields.name : undefined }),
      },
    );
  };
  return (
    <form
      className="dv-form"
      aria-label="Rename the group"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {problem.form ? <Notice type="error" title="Not renamed." description={problem.form} /> : null}
      <TextField label="Group name" required value={name} problem={problem.name} onChange={setName} />
      <div className="dv-form-actions">
        <Button type="primary" htmlType="submit" loading={change.isPending}>
          Rename
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </form>
  );
}

function GroupOffices({ group, asker }: { group: ManagedGroup; asker: ManagementAsker }) {
  const offices = useAllOffices();
  const change = useChangeGroup(group.id);
  const infoBar = useInfoBar();
  const [adding, setAdding] = useState('');
  const all = offices.data ?? [];
  const members = all.filter((office) => group.officeIds.includes(office.id)).map((office) => ({ key: office.id, ...office }));
  const free = all.filter((office) => office.groupId === null);
  const report = { onSuccess: () => infoBar.show({ type: 'saved' }), onError: (error: Error) => infoBar.show({ type: 'error', text: problemOf(error) }) };
  return (
    <SectionCard title="Offices of this group">
      <div className="dv-manage-stack">
        {asker.canWrite ? (
          <div className="dv-form-actions">
            <SelectField label="Add an office" value={adding} noneLabel={free.length === 0 ? 'Every office has a group' : 'Choose an office'} options={free.map((office) => ({ value: office.id, label: office.name }))} hint="An office of another group is removed there first." onChange={setAdding} />
            <Button type="primary" disabled={adding === ''} loading={change.isPending} onClick={() => change.mutate({ add: adding }, { ...report, onSettled: () => setAdding('') })}>
              Add
            </Button>
          </div>
        ) : null}
        <PlainTable
          label="Offices of this group"
          dataSource={members}
          emptyText={offices.isPending ? 'Loading offices...' : 'No offices in this group yet.'}
          columns={[
            { key: 'name', title: 'Office', render: (_value, office) => <Link to={officePath(office.id)}>{office.name}</Link> },
            { key: 'status', title: 'Status', render: (_value, office) => <ActiveStatus active={office.active} /> },
            ...(asker.canWrite
              ? [
                  {
                    key: 'actions',
                    title: 'Actions',
                    render: (_value: unknown, office: { id: string; name: string }) => (
                      <Button size="small" aria-label={`Remove ${office.name} from the group`} onClick={() => change.mutate({ remove: office.id }, report)}>
                        Remove
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </div>
    </SectionCard>
  );
}

function GroupView({ group }: { group: ManagedGroup }) {
  const asker = useManagementAsker();
  const [renaming, setRenaming] = useState(false);
  return (
    <div className="dv-manage-stack">
      {renaming ? <Rename group={group} onDone={() => setRenaming(false)} /> : null}
      {asker.canWrite && !renaming ? (
        <div className="dv-form-actions">
          <Button onClick={() => setRenaming(true)}>Rename the group</Button>
        </div>
      ) : null}
      <GroupOffices group={group} asker={asker} />
    </div>
  );
}

export function GroupPage() {
  const { id = '' } = useParams();
  return (
    <ManagementRecordPage
      thing="group"
      notFoundText="It may belong to another organization."
      back={{ path: PATHS.managementDoGroups, label: 'Back to the groups' }}
      fallbackTitle={TITLE}
      placeholderRows={4}
      read={useGroup(id)}
      view={(group) => <GroupView group={group} />}
    />
  );
}
