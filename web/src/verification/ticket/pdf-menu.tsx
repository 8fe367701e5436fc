/**
 * The header's 'Download PDF' menu button: the breakdown with the patient, or the plan alone. A menu of our own in
 * antd's Popover (which the app loads anyway) rather than antd's Dropdown, which brings its whole Menu (some 19 KB
 * compressed) for two items. It follows the menu button pattern: the menu takes the focus when it opens, the arrow
 * keys move through it, Enter or Space picks, Escape closes it and gives the focus back to the button.
 */
import DownOutlined from '@ant-design/icons/DownOutlined';
import { type VerificationPdfQuery } from '@dv/contracts';
import { Button, Popover } from 'antd';
import { type KeyboardEvent, useRef, useState } from 'react';

const ITEMS: { key: VerificationPdfQuery['type']; label: string }[] = [
  { key: 'Breakdown', label: 'Breakdown (with the patient)' },
  { key: 'Plan', label: 'Plan only (no patient data)' },
];

export type PdfMenuProps = {
  readonly onPick: (type: VerificationPdfQuery['type']) => void;
  readonly loading: boolean;
  readonly disabled: boolean;
};

export function PdfMenu({ onPick, loading, disabled }: PdfMenuProps) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const items = useRef<(HTMLLIElement | null)[]>([]);

  function close() {
    setOpen(false);
    button.current?.focus();
  }

  function pick(type: VerificationPdfQuery['type']) {
    close();
    onPick(type);
  }

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const at = items.current.findIndex((item) => item === document.activeElement);
    const focus = (index: number) => items.current[(index + ITEMS.length) % ITEMS.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        focus(at + 1);
        break;
      case 'ArrowUp':
        focus(at - 1);
        break;
      case 'Home':
        focus(0);
        break;
      case 'End':
        focus(ITEMS.length - 1);
        break;
      case 'Enter':
      case ' ':
        if (at >= 0) pick(ITEMS[at]!.key);
        break;
      case 'Escape':
        close();
        break;
      case 'Tab':
        setOpen(false);
        return;
      default:
        return;
    }
    event.preventDefault();
  }

  const menu = (
    <ul role="menu" aria-label="Download PDF" className="dv-menu" onKeyDown={onKeyDown}>
      {ITEMS.map((item, index) => (
        <li
          key={item.key}
          ref={(element) => {
            items.current[index] = element;
          }}
          role="menuitem"
          tabIndex={-1}
          className="dv-menu-item"
          onClick={() => pick(item.key)}
        >
          {item.label}
        </li>
      ))}
    </ul>
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomLeft"
      arrow={false}
      content={menu}
      styles={{ container: { padding: 4 } }}
      afterOpenChange={(shown) => {
        if (shown) items.current[0]?.focus();
      }}
    >
      <Button ref={button} aria-haspopup="menu" aria-expanded={open} loading={loading} disabled={disabled}>
        Download PDF <DownOutlined />
      </Button>
    </Popover>
  );
}
