/**
 * Asks before cancelling at the period's end: the office keeps its plan until then. Loaded when first asked for,
 * apart from the page (antd's Modal is more than Billing Settings needs until then).
 */
import { Button, Modal } from 'antd';

export type CancelPlanDialogProps = {
  open: boolean;
  /** MM/dd/yyyy, when known. */
  endDate: string | null;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

export function CancelPlanDialog({ open, endDate, busy, onConfirm, onClose }: CancelPlanDialogProps) {
  return (
    <Modal
      open={open}
      title="Cancel the plan at the end of the period?"
      onCancel={onClose}
      footer={
        <span className="dv-row dv-payment__dialog-actions">
          <Button onClick={onClose} autoFocus>
            Keep my plan
          </Button>
          <Button type="primary" danger loading={busy} onClick={onConfirm}>
            Cancel at period end
          </Button>
        </span>
      }
    >
      <p>
        {endDate ? `Your office keeps its plan until ${endDate}.` : 'Your office keeps its plan until the end of the period.'} After that,
        verifying patients needs a plan again. You can keep the plan any time before then.
      </p>
    </Modal>
  );
}
