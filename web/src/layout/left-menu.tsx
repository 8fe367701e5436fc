/**
 * Screen 10: the left side menu. Which items show is leftMenu() of @dv/contracts; each page item opens in a new
 * tab, the current page's item is disabled, Bug report opens its popover.
 */
import { leftMenu, type MenuContext, type MenuItem } from '@dv/contracts';
import { Menu, type MenuProps } from 'antd';

type AntItem = Required<MenuProps>['items'][number];

export type LeftMenuProps = {
  context: MenuContext;
  onBugReport: () => void;
};

function toAntItem(item: MenuItem, onBugReport: () => void): AntItem {
  if (item.children) {
    return { key: item.id, label: item.label, children: item.children.map((child) => toAntItem(child, onBugReport)) };
  }
  if (item.path === undefined) {
    const onClick: MenuProps['onClick'] = ({ domEvent }) => {
      // Opened by Enter, the popover takes the focus before the key's keypress: without this, that keypress
      // lands on the popover's first button (Close) and shuts it at once.
      domEvent.preventDefault();
      onBugReport();
    };
    return { key: item.id, label: item.label, disabled: item.disabled, onClick };
  }
  const label = item.disabled ? (
    <span aria-current="page">{item.label}</span>
  ) : (
    <a href={item.path} target="_blank" rel="noopener noreferrer">
      {item.label}
    </a>
  );
  return { key: item.id, label, disabled: item.disabled };
}

export function LeftMenu({ context, onBugReport }: LeftMenuProps) {
  const items = leftMenu(context);
  return (
    <nav aria-label="Main menu" className="dv-left-menu">
      <Menu
        mode="inline"
        selectable={false}
        defaultOpenKeys={['settings']}
        items={items.map((item) => toAntItem(item, onBugReport))}
      />
    </nav>
  );
}
