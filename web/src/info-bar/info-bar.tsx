/**
 * Screen 8: one message at a time, over the page at the bottom of the window (info-bar.css). It lies over the page
 * rather than pushing it down (a first-time user saw the page jump whenever one came and went), stays in view
 * when the page is scrolled, and shows over an open dialog's mask: 'Data copied to clipboard!' answers a dialog's
 * button.
 */
import { TOAST_DISPLAY_MS } from '@dv/contracts';
import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import CloseCircleFilled from '@ant-design/icons/CloseCircleFilled';
import CloseOutlined from '@ant-design/icons/CloseOutlined';
import ExclamationCircleFilled from '@ant-design/icons/ExclamationCircleFilled';
import InfoCircleFilled from '@ant-design/icons/InfoCircleFilled';
import { Button } from 'antd';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { type InfoBarView, infoBarView, type InfoBarMessage } from './info-bar-text';
import './info-bar.css';

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

  // Confirmations leave by themselves; errors and what needs attention stay until closed, progress until replaced.
  useEffect(() => {
    if (!message || message.type === 'error' || message.type === 'errorReport' || message.type === 'inprogress') return;
    if (message.attention) return;
    const timer = setTimeout(hide, TOAST_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [message, hide]);

  return (
    <InfoBarContext.Provider value={api}>
      <CurrentMessage.Provider value={message}>{children}</CurrentMessage.Provider>
    </InfoBarContext.Provider>
  );
}

/**
 * Drawn by hand rather than with antd's Alert and Spin, which every route would otherwise load before it renders
 * (issue 12's budget); app.css gives it Alert's look.
 */
function InfoBarIcon({ message, view }: { message: InfoBarMessage; view: InfoBarView }) {
  if (message.type === 'inprogress') return <span className="dv-spinner dv-spinner--small" />;
  if (view.alert === 'error') return <CloseCircleFilled />;
  if (view.alert === 'success') return <CheckCircleFilled />;
  if (view.alert === 'warning') return <ExclamationCircleFilled />;
  return <InfoCircleFilled />;
}

export function InfoBar({ onBugReport }: { onBugReport?: () => void }) {
  const message = useContext(CurrentMessage);
  const api = useInfoBar();
  if (!message) return null;
  const view = infoBarView(message);
  return (
    <div className="dv-info-bar-layer">
      <div className="dv-info-bar">
        <div className={`dv-alert dv-alert--${view.alert}`} role={view.role}>
          <span className="dv-alert__icon" aria-hidden="true">
            <InfoBarIcon message={message} view={view} />
          </span>
          <div className="dv-alert__body">
            <div className="dv-alert__title">{view.title}</div>
            {view.description !== undefined && <div className="dv-alert__description">{view.description}</div>}
          </div>
          {view.offerBugReport && onBugReport && (
            <Button size="small" onClick={onBugReport}>
              Report Bug
            </Button>
          )}
          {message.type !== 'inprogress' && (
            <button type="button" className="dv-alert__close" aria-label="Close" onClick={api.hide}>
              <CloseOutlined />
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
