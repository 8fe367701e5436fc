/**
 * The info bar's types and texts (SPEC sections 4 and 8): inprogress 'Saving. Wait...', saved 'Your changes has
 * been saved.', copied 'Data copied to clipboard!'; error shows the message it is given, or the generic error;
 * errorReport is the generic error with the advice to report it; success shows the message it is given.
 */
import { INFO_BAR_TEXTS, type InfoBarType, MESSAGES } from '@dv/contracts';

export type InfoBarMessage = { type: InfoBarType; text?: string };

export type InfoBarView = {
  alert: 'success' | 'info' | 'warning' | 'error';
  title: string;
  description?: string;
  /** Errors interrupt assistive technology; the rest is announced politely. */
  role: 'alert' | 'status';
  offerBugReport: boolean;
};

export function infoBarView({ type, text }: InfoBarMessage): InfoBarView {
  switch (type) {
    case 'inprogress':
    case 'saved':
    case 'copied':
      return { alert: type === 'inprogress' ? 'info' : 'success', title: INFO_BAR_TEXTS[type], role: 'status', offerBugReport: false };
    case 'success':
      return { alert: 'success', title: text ?? INFO_BAR_TEXTS.saved, role: 'status', offerBugReport: false };
    case 'error':
      return text
        ? { alert: 'error', title: text, role: 'alert', offerBugReport: false }
        : { alert: 'error', title: MESSAGES.GENERIC_ERROR, description: MESSAGES.GENERIC_ERROR_ADVICE, role: 'alert', offerBugReport: true };
    case 'errorReport':
      return {
        alert: 'error',
        title: MESSAGES.GENERIC_ERROR,
        description: text ? `${text} ${MESSAGES.GENERIC_ERROR_ADVICE}` : MESSAGES.GENERIC_ERROR_ADVICE,
        role: 'alert',
        offerBugReport: true,
      };
  }
}
