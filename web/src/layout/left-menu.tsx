/**
 * Screen 10: the left side menu. Which items show is leftMenu() of @dv/contracts; each page item opens in a new
 * tab, the current page's item is disabled, Bug report opens its popover.
 *
 * Plain links and buttons in a list (not antd's Menu, whose roving focus, overflow measuring and popup
 * trigger cost about 20 KB gzipped of every page's start-up): Tab walks the items, Enter or a click opens one.
 * Verifications History also follows the organization's PAST_VERIFICATIONS_ENABLED flag (history/history-flag.ts).
 */
import { leftMenu, type MenuContext, type MenuItem } from '@dv/contracts';
import { useId, useState } from 'react';
import { useFeatureFlags } from '../features/feature-flags';
import { historyEnabled } from '../history/history-flag';

export type LeftMenuProps = {
  context: MenuContext;
  onBugReport: () => void;
};

function Chevron({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 10 10" width="10" height="10" aria-hidden="true" focusable="false" className="dv-menu__chevron">
      <path d={open ? 'M1 7l4-4 4 4' : 'M1 3l4 4 4-4'} fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

/** A titled group (Settings): open at first, its title folds it as antd's inline submenu did. */
function MenuGroup({ item, onBugReport }: { item: MenuItem; onBugReport: () => void }) {
  const [open, setOpen] = useState(true);
  const listId = useId();
  return (
    <li>
      <button
        type="button"
        className="dv-menu__item dv-menu__group"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {item.label}
        <Chevron open={open} />
      </button>
      <ul id={listId} className="dv-menu__list dv-menu__sublist" hidden={!open}>
        {item.children?.map((child) => <MenuEntry key={child.id} item={child} onBugReport={onBugReport} />)}
      </ul>
    </li>
  );
}

function MenuEntry({ item, onBugReport }: { item: MenuItem; onBugReport: () => void }) {
  if (item.children) return <MenuGroup item={item} onBugReport={onBugReport} />;
  if (item.path === undefined) {
    return (
      <li>
        <button type="button" className="dv-menu__item" disabled={item.disabled} onClick={onBugReport}>
          {item.label}
        </button>
      </li>
    );
  }
  return (
    <li>
      {item.disabled ? (
        <span className="dv-menu__item dv-menu__item--current" aria-current="page" aria-disabled="true">
          {item.label}
        </span>
      ) : (
        <a className="dv-menu__item" href={item.path} target="_blank" rel="noopener noreferrer">
          {item.label}
        </a>
      )}
    </li>
  );
}

export function LeftMenu({ context, onBugReport }: LeftMenuProps) {
  const showHistory = historyEnabled(useFeatureFlags());
  const items = leftMenu(context).filter((item) => showHistory || item.id !== 'verificationsHistory');
  return (
    <nav aria-label="Main menu" className="dv-left-menu">
      <ul className="dv-menu__list">
        {items.map((item) => (
          <MenuEntry key={item.id} item={item} onBugReport={onBugReport} />
        ))}
      </ul>
    </nav>
  );
}
