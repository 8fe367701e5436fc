/**
 * Binds the notifier to antd's notification and modal APIs, rendered inside the app's ConfigProvider. Toasts come
 * up at the bottom right: at the top right, antd's default, the session warning (which stays for its last minute)
 * covered the header's Sign out, on a desktop and on a phone alike.
 */
import { Button, Modal, notification as antNotification, type NotificationArgsProps } from 'antd';
import { useEffect } from 'react';
import { type NotifierHub } from './notifier';

export const TOAST_PLACEMENT: NotificationArgsProps['placement'] = 'bottomRight';

export function NotifierBinder({ hub }: { hub: NotifierHub }) {
  const [notification, notificationHolder] = antNotification.useNotification({ placement: TOAST_PLACEMENT });
  const [modal, modalHolder] = Modal.useModal();
  useEffect(
    () =>
      hub.bind({
        toast: ({ key, type, message, description, durationMs, onClose, closable, action }) =>
          notification.open({
            key,
            type,
            title: message,
            description,
            duration: durationMs === false ? false : durationMs / 1000,
            onClose,
            closable: closable ?? true,
            role: type === 'error' || type === 'warning' ? 'alert' : 'status',
            actions: action ? (
              <Button type="primary" size="small" onClick={action.onClick}>
                {action.label}
              </Button>
            ) : undefined,
          }),
        closeToast: (key) => notification.destroy(key),
        alert: (message) =>
          new Promise<void>((resolve) => {
            modal.warning({ title: message, okText: 'OK', onOk: () => resolve(), afterClose: () => resolve() });
          }),
      }),
    [hub, notification, modal],
  );
  return (
    <>
      {modalHolder}
      {notificationHolder}
    </>
  );
}
