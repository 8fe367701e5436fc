/** Screen 8: one message at a time above the page content. */
import { TOAST_DISPLAY_MS } from '@dv/contracts';
import { Alert, Button, Spin } from 'antd';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { infoBarView, type InfoBarMessage } from './info-bar-text';

export type InfoBarApi = { show: (message: InfoBarMessage) => void; hide: () => void };

const InfoBarContext = createContext<InfoBarApi | null>(null);
const CurrentMessage = createContext<InfoBarMessage | null>(null);

export function useInfoBar(): InfoBarApi {
  const api = useContext(InfoBarContext);
  if (!api) throw new Error('useInfoBar outside <InfoBarProvider>');
  return api;
}

export function InfoBarProvider({ children }: { children: ReactNode }) {
  const [message, setMessage] = useState<InfoBarMessage | null>(null);
  const hide = useCallback(() => setMessage(null), []);
  const api = useMemo<InfoBarApi>(() => ({ show: setMessage, hide }), [hide]);

  // Confirmations leave by themselves; errors stay until closed, progress until replaced.
  useEffect(() => {
    if (!message || message.type === 'error' || message.type === 'errorReport' || message.type === 'inprogress') return;
    const timer = setTimeout(hide, TOAST_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [message, hide]);

  return (
    <InfoBarContext.Provider value={api}>
      <CurrentMessage.Provider value={message}>{children}</CurrentMessage.Provider>
    </InfoBarContext.Provider>
  );
}

export function InfoBar({ onBugReport }: { onBugReport?: () => void }) {
  const message = useContext(CurrentMessage);
  const api = useInfoBar();
  if (!message) return null;
  const view = infoBarView(message);
  return (
    <div className="dv-info-bar">
      <Alert
        type={view.alert}
        role={view.role}
        showIcon
        icon={message.type === 'inprogress' ? <Spin size="small" /> : undefined}
        title={view.title}
        description={view.description}
        closable={message.type !== 'inprogress' ? { onClose: api.hide, 'aria-label': 'Close' } : false}
        action={
          view.offerBugReport && onBugReport ? (
            <Button size="small" onClick={onBugReport}>
              Report Bug
            </Button>
          ) : undefined
        }
      />
    </div>
  );
}
