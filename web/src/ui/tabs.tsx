/**
 * A row of tabs over their panels, following the WAI-ARIA tabs pattern: one tab in the Tab order (the selected
 * one), the arrow keys move along the row and select as they go, Home and End jump to the ends. The caller keeps
 * the selected key (in the address, say) and hears every change. A panel, once shown, stays mounted while hidden,
 * as antd's Tabs keeps it: going back to a tab finds it as it was left.
 *
 * Ours rather than antd's Tabs, which brings its overflow menu, dropdown and ink-bar animation (some 15 KB
 * compressed) for two or three fixed labels.
 */
import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';

/**
 * Drawn like antd's line tabs: the selected tab in the primary colour over a 2 px bar, hover in the interactive
 * teal. A style element React hoists into the head once (href + precedence), so the component needs no CSS file.
 */
const TABS_CSS = `
.dv-tabs-list { display: flex; flex-wrap: wrap; gap: 0 32px; margin-bottom: 16px; border-bottom: 1px solid #f0f0f0; }
.dv-tab { position: relative; padding: 12px 0; border: 0; background: none; color: rgba(0, 0, 0, 0.88);
  font: inherit; font-size: 14px; line-height: 1.5715; cursor: pointer; }
.dv-tab:hover { color: #00777a; }
.dv-tab-active, .dv-tab-active:hover { color: #d63031; }
.dv-tab-active::after { content: ''; position: absolute; inset-inline: 0; bottom: -1px; height: 2px; background: #d63031; }
.dv-tab:focus-visible, .dv-tab-panel:focus-visible { outline: 2px solid #00777a; outline-offset: 2px; }
`;

export type TabItem = {
  readonly key: string;
  readonly label: ReactNode;
  readonly children: ReactNode;
};

export type TabsProps = {
  readonly items: readonly TabItem[];
  readonly activeKey: string;
  readonly onChange: (key: string) => void;
  /** Names the tab list for assistive technology, where the page's heading does not. */
  readonly label?: string;
};

/** The index the key moves to from `at` among `count` tabs, or null for a key the tab list leaves alone. */
function targetIndex(key: string, at: number, count: number): number | null {
  switch (key) {
    case 'ArrowRight':
      return (at + 1) % count;
    case 'ArrowLeft':
      return (at - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}

export function Tabs({ items, activeKey, onChange, label }: TabsProps) {
  const id = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);
  // The panels shown so far, the current one always among them.
  const [visited, setVisited] = useState<ReadonlySet<string>>(() => new Set([activeKey]));
  if (!visited.has(activeKey)) setVisited(new Set([...visited, activeKey]));

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    // From the focused tab, not the selected one: the caller may not have re-rendered with the last change yet
    // (the address updates in a transition while the next panel loads), and a second arrow press then has to go
    // on from where the focus is.
    const focused = tabs.current.findIndex((tab) => tab === event.target);
    const at = focused >= 0 ? focused : items.findIndex((item) => item.key === activeKey);
    const next = targetIndex(event.key, at, items.length);
    if (next === null) return;
    event.preventDefault();
    tabs.current[next]?.focus();
    if (items[next]!.key !== activeKey) onChange(items[next]!.key);
  }

  return (
    <div className="dv-tabs">
      <style href="dv-tabs" precedence="default">
        {TABS_CSS}
      </style>
      <div role="tablist" aria-label={label} className="dv-tabs-list" onKeyDown={onKeyDown}>
        {items.map((item, index) => {
          const selected = item.key === activeKey;
          return (
            <button
              key={item.key}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.key}`}
              aria-selected={selected}
              aria-controls={visited.has(item.key) ? `${id}-panel-${item.key}` : undefined}
              tabIndex={selected ? 0 : -1}
              className={`dv-tab${selected ? ' dv-tab-active' : ''}`}
              onClick={() => {
                if (!selected) onChange(item.key);
              }}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        visited.has(item.key) ? (
          <div
            key={item.key}
            role="tabpanel"
            id={`${id}-panel-${item.key}`}
            aria-labelledby={`${id}-tab-${item.key}`}
            hidden={item.key !== activeKey}
            tabIndex={item.key === activeKey ? 0 : -1}
            className="dv-tab-panel"
          >
            {item.children}
          </div>
        ) : null,
      )}
    </div>
  );
}
