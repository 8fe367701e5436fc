/**
 * A card's show-JSON dialog (screen 5): the portal and the office's credential for it as JSON, with Copy to
 * Clipboard ('Data copied to clipboard!' in the info bar) and Close. The credential goes through its contract
 * schema first, so nothing it does not declare (a password above all) can be shown.
 */
import { MESSAGES, type Portal, PortalCredential } from '@dv/contracts';
import { Button, Modal } from 'antd';
import { useInfoBar } from '../info-bar/info-bar';

export type JsonDialogTarget = { portal: Portal; credential?: PortalCredential };

export function portalJson({ portal, credential }: JsonDialogTarget): string {
  return JSON.stringify({ portal, credential: credential ? PortalCredential.parse(credential) : null }, null, 2);
}

export function JsonDialog({ target, onClose }: { target: JsonDialogTarget; onClose: () => void }) {
  const infoBar = useInfoBar();
  const json = portalJson(target);

  async function copy() {
    try {
      await navigator.clipboard.writeText(json);
      infoBar.show({ type: 'copied' });
    } catch {
      infoBar.show({ type: 'error' });
    }
  }

  return (
    <Modal
      open
      title={`${target.portal.name}: JSON`}
      onCancel={onClose}
      closable={false}
      width={640}
      footer={[
        <Button key="copy" type="primary" onClick={() => void copy()}>
          {MESSAGES.BUTTON_COPY_TO_CLIPBOARD}
        </Button>,
        <Button key="close" onClick={onClose}>
          {MESSAGES.BUTTON_CLOSE}
        </Button>,
      ]}
    >
      {/* Focusable, so the keyboard can scroll a long reply inside its box. */}
      <pre className="dv-json" aria-label="Portal and credential JSON" tabIndex={0}>
        {json}
      </pre>
    </Modal>
  );
}
