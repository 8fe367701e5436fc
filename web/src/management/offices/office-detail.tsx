/**
 * One office on /management/do-management (?office={id}): its settings, changed by company administrators, its
 * deactivation (it keeps its records; its users no longer get it in their sessions), and its users with their
 * roles there (office-members.tsx).
 */
import { type ManagedOffice, PATHS } from '@dv/contracts';
import { Button } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useInfoBar } from '../../info-bar/info-bar';
import { DescriptionList } from '../../ui/description-list';
import { useAllGroups } from '../groups/groups-api';
import { problemOf } from '../shared/management-call';
import { type ManagementAsker, useManagementAsker } from '../shared/management-list';
import { ActiveStatus, ManagementRecordPage } from '../shared/management-pages';
import { draftOfOffice, OfficeForm, officeChangesOf, type OfficeProblems, problemsOfFailure } from './office-form';
import { OfficeMembers } from './office-members';
import { useOfficeRecord, useSaveOffice } from './offices-api';

function settingsItems(office: ManagedOffice, groupName: string) {
  const schedule = office.settings.scheduleIntegration;
  return [
    { key: 'status', label: 'Status', children: <ActiveStatus active={office.active} /> },
    {
      key: 'group',
      label: 'Group',
      children: office.groupId === null ? 'None' : <Link to={PATHS.managementDoGroup.replace('{id}', encodeURIComponent(office.groupId))}>{groupName}</Link>,
    },
    { key: 'plan', label: 'Plan type', children: office.planType },
    { key: 'payment', label: 'Payment type', children: office.settings.paymentType ?? 'Unset' },
    { key: 'schedule', label: 'Schedule integration', children: schedule?.type ? `${schedule.type}${schedule.pmsType ? ` (${schedule.pmsType})` : ''}` : 'None' },
    { key: 'subdomain', label: 'Integration subdomain', children: office.integration?.subdomain ?? 'None' },
    { key: 'outsource', label: 'Outsourcing', children: office.settings.outsource?.outsourceEnabled ? 'Allowed' : 'Not allowed' },
    { key: 'forms', label: 'Office users fulfil forms', children: office.settings.ableToFullfillForm ? 'Yes' : 'No' },
  ];
}

function EditOffice({ office, onDone }: { office: ManagedOffice; onDone: () => void }) {
  const save = useSaveOffice(office.id);
  const infoBar = useInfoBar();
  const [failure, setFailure] = useState<OfficeProblems>({});
  return (
    <OfficeForm
      title="Change the office"
      initial={draftOfOffice(office)}
      withGroup={false}
      busy={save.isPending}
      submitLabel="Save"
      failure={failure}
      onCancel={onDone}
      onSubmit={(draft) => {
        const changes = officeChangesOf(draft, office);
        if (!changes.office && !changes.settings) return onDone();
        save.mutate(changes, {
          onSuccess: () => {
            infoBar.show({ type: 'saved' });
            onDone();
          },
          onError: (error) => setFailure(problemsOfFailure(error)),
        });
      }}
    />
  );
}

/** Deactivate or reactivate, asked twice. */
function ActiveSwitch({ office }: { office: ManagedOffice }) {
  const save = useSaveOffice(office.id);
  const infoBar = useInfoBar();
  const [asking, setAsking] = useState(false);
  const active = office.active !== false;
  if (!asking) return <Button onClick={() => setAsking(true)}>{active ? 'Deactivate the office' : 'Reactivate the office'}</Button>;
  return (
    <div className="dv-form-actions" role="group" aria-label={active ? 'Deactivate the office' : 'Reactivate the office'}>
      <span>
        {active
          ? `Deactivate ${office.name}? Its users no longer get it in their sessions; its verifications and records stay.`
          : `Reactivate ${office.name}? Its users get it again when they next sign in.`}
      </span>
      <Button
        type="primary"
        danger={active}
        loading={save.isPending}
        onClick={() =>
          save.mutate(
            { office: { active: !active } },
            { onSuccess: () => infoBar.show({ type: 'saved' }), onError: (error) => infoBar.show({ type: 'error', text: problemOf(error) }), onSettled: () => setAsking(false) },
          )
        }
      >
        {active ? 'Deactivate' : 'Reactivate'}
      </Button>
      <Button onClick={() => setAsking(false)}>Cancel</Button>
    </div>
  );
}

function OfficeView({ office, asker }: { office: ManagedOffice; asker: ManagementAsker }) {
  const groups = useAllGroups();
  const [editing, setEditing] = useState(false);
  const groupName = groups.data?.find((group) => group.id === office.groupId)?.name ?? office.groupId ?? '';
  return (
    <div className="dv-manage-stack">
      {editing ? (
        <EditOffice office={office} onDone={() => setEditing(false)} />
      ) : (
        <>
          <DescriptionList items={settingsItems(office, groupName)} aria-label="The office’s settings" />
          {asker.canWrite ? (
            <div className="dv-form-actions">
              <Button type="primary" onClick={() => setEditing(true)}>
                Change the office
              </Button>
              <ActiveSwitch office={office} />
            </div>
          ) : null}
        </>
      )}
      <OfficeMembers office={office} asker={asker} />
    </div>
  );
}

export function OfficeDetail({ id }: { id: string }) {
  const asker = useManagementAsker();
  return (
    <ManagementRecordPage
      thing="office"
      notFoundText="It may belong to another organization."
      back={{ path: PATHS.managementDoManagement, label: 'Back to the offices' }}
      fallbackTitle="Office"
      placeholderRows={6}
      read={useOfficeRecord(id)}
      view={(office) => <OfficeView office={office} asker={asker} />}
    />
  );
}
