/**
 * Offered before creating when this office already verified the same patient with the same carrier today: open
 * that ticket instead, or verify again anyway. Closing the dialog does neither and keeps the form as it is.
 */
import { type VerificationListItem } from '@dv/contracts';
import { Button, Descriptions, Modal, Space } from 'antd';

export type DuplicateVerificationDialogProps = {
  /** The verification found; the dialog is open while there is one. */
  existing: VerificationListItem | null;
  onOpen: (id: string) => void;
  onVerifyAgain: () => void;
  onCancel: () => void;
};

export function duplicateTitle(carrierName: string): string {
  return `A verification of this patient for ${carrierName} was created today`;
}

function timeOf(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
}

export function DuplicateVerificationDialog({ existing, onOpen, onVerifyAgain, onCancel }: DuplicateVerificationDialogProps) {
  return (
    <Modal
      open={existing !== null}
      className="dv-duplicate-verification"
      title={existing ? duplicateTitle(existing.carrier.name) : undefined}
      onCancel={onCancel}
      footer={
        <Space wrap>
          <Button onClick={onVerifyAgain}>Verify again</Button>
          <Button type="primary" autoFocus onClick={() => existing && onOpen(existing.id)}>
            Open it
          </Button>
        </Space>
      }
    >
      {existing ? (
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'patient', label: 'Patient', children: `${existing.patient.firstName} ${existing.patient.lastName}` },
            { key: 'dob', label: 'Date of birth', children: existing.patient.dob },
            { key: 'member', label: 'Member ID', children: existing.patient.memberId },
            { key: 'created', label: 'Created at', children: timeOf(existing.createdAt) },
            { key: 'status', label: 'Status', children: existing.status },
          ]}
        />
      ) : null}
    </Modal>
  );
}
