import { PATHS, PRODUCT_NAME } from '@dv/contracts';
import { Button } from 'antd';
import { lazy, type RefObject, Suspense } from 'react';
import { useNavigate } from 'react-router';
import { OfficeSwitcher } from '../office/office-switcher';
import { useAccess } from '../office/office-context';

// The credential button (antd Popover and Badge, with their trigger, motion and portal) loads after the page has
// rendered: no page needs it to show, and it came to about 19 KB gzipped of every route's start-up. The header's
// items are right-aligned, so the button appearing later moves nothing else.
const CredentialNotifications = lazy(() =>
  import('../portals/credential-notifications').then((m) => ({ default: m.CredentialNotifications })),
);

export const OPEN_MENU_LABEL = 'Open menu';

/** On a narrow screen, the button that opens the left menu's drawer. */
export type MenuButtonProps = {
  ref: RefObject<HTMLButtonElement | null>;
  expanded: boolean;
  onOpen: () => void;
};

function MenuIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false" fill="currentColor">
      <path d="M3 6h18v2H3V6Zm0 5h18v2H3v-2Zm0 5h18v2H3v-2Z" />
    </svg>
  );
}

/**
 * The top bar of signed-in pages: product, portal credential notifications, current office, who is signed in, sign
 * out. On a phone the items wrap onto a second line instead of widening the page, and a button opens the menu.
 */
export function AppHeader({ menuButton }: { menuButton?: MenuButtonProps }) {
  const access = useAccess();
  const navigate = useNavigate();
  const who = access.claims?.name ?? access.claims?.email;
  return (
    <header className="dv-header">
      <div className="dv-header__start">
        {menuButton ? (
          <Button
            ref={menuButton.ref}
            type="text"
            icon={<MenuIcon />}
            aria-label={OPEN_MENU_LABEL}
            aria-expanded={menuButton.expanded}
            aria-haspopup="dialog"
            onClick={menuButton.onOpen}
          />
        ) : null}
        <strong className="dv-header__brand">{PRODUCT_NAME}</strong>
      </div>
      <div className="dv-header__items">
        <Suspense fallback={null}>
          <CredentialNotifications />
        </Suspense>
        <OfficeSwitcher />
        {typeof who === 'string' ? <span className="dv-header__user">{who}</span> : null}
        <Button onClick={() => void navigate(PATHS.logout)}>Sign out</Button>
      </div>
    </header>
  );
}
