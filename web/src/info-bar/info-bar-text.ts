/**
 * The info bar's types and texts (SPEC sections 4 and 8): inprogress 'Saving. Wait...', saved 'Your changes has
 * been saved.', copied 'Data copied to clipboard!'; error shows the message it is given, or the generic error;
 * errorReport is the generic error with the advice to report it; success shows the message it is given.
 *
 * A confirmation may carry a detail under its title: what followed the save, say a portal login's outcome
 * (issue 13: a credential the portal refused showed only 'Your changes has been saved.'). One that needs the
 * user's attention is drawn as a warning and announced at once; the save itself still succeeded.
 */
import { INFO_BAR_TEXTS, type InfoBarType, MESSAGES } from '@dv/contracts';

export type InfoBarMessage = {
  type: InfoBarType;
  text?: string;
  /** Under the title of a confirmation (inprogress, saved, copied, success). */
  detail?: string;
  /** The detail asks the user to act: a warning, announced at once, kept until closed. */
  attention?: boolean;
};

export type InfoBarView = {
  alert: 'success' | 'info' | 'warning' | 'error';
  title: string;
  description?: string;
  /** Errors interrupt assistive technology; the rest is announced politely. */
  role: 'alert' | 'status';
  offerBugReport: boolean;
};

export function infoBarView(message: InfoBarMessage): InfoBarView {
  const view = baseView(message);
  if (view.alert === 'error' || message.detail === undefined) return view;
  return message.attention
    ? { ...view, description: message.detail, alert: 'warning', role: 'alert' }
    : { ...view, description: message.detail };
}

function baseView({ type, text }: InfoBarMessage): InfoBarView {
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
