/** The left menu on a phone: a drawer from the left, opened by the header's menu button (page-frame.tsx). */
import { Drawer } from 'antd';
import { type ReactNode } from 'react';

export type MenuDrawerProps = {
  title: string;
  width: number;
  open: boolean;
  onClose: () => void;
  afterOpenChange: (open: boolean) => void;
  children: ReactNode;
};

export function MenuDrawer({ title, width, open, onClose, afterOpenChange, children }: MenuDrawerProps) {
  return (
    <Drawer
      title={title}
      placement="left"
      size={width}
      open={open}
      onClose={onClose}
      className="dv-menu-drawer"
      styles={{ body: { padding: 0 } }}
      afterOpenChange={afterOpenChange}
    >
      {children}
    </Drawer>
  );
}
