/**
 * JSON as a collapsible tree: objects and arrays are branches, values are leaves ('planName: PPO 2000'). A scored
 * value of the version 3 documents ({ value, score, ... }) reads as one leaf with its score, so the mapped plan
 * stays compact. The first level is open; the rest opens on demand (a click on a branch, or the arrow keys once
 * the tree has the focus), and the items of a closed branch are not rendered, so a large portal answer stays light.
 * The items are drawn flat, each with its level and position (as antd's Tree draws them), so an item's accessible
 * name is its own line, not everything under it.
 *
 * Written as the WAI-ARIA tree view rather than with antd's Tree, which brings its virtual list, drag and drop and
 * checkboxes (some 25 KB compressed) to a view that only opens and closes branches. One item at a time is in the
 * tab order; the arrow keys, Home and End move between the items shown, Enter and Space open or close a branch.
 */
import { type FocusEvent, type KeyboardEvent, useCallback, useMemo, useRef, useState } from 'react';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A leaf has a value; a branch has children and their count in words. */
type TreeNode = {
  readonly key: string;
  readonly label: string;
  readonly value?: string;
  readonly count?: string;
  readonly children?: readonly TreeNode[];
};

function isObject(value: unknown): value is Record<string, Json> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isLeafValue = (value: unknown): boolean => value === null || typeof value !== 'object';

function text(value: Json): string {
  if (value === null) return '—';
  if (typeof value === 'string') return value === '' ? '""' : value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

const countOf = (child: Json[] | Record<string, Json>, size: number): string =>
  Array.isArray(child) ? `${size} ${size === 1 ? 'item' : 'items'}` : `${size} ${size === 1 ? 'field' : 'fields'}`;

function nodesOf(value: Json, path: string): TreeNode[] {
  const entries: [string, Json][] = Array.isArray(value) ? value.map((item, i) => [`#${i + 1}`, item]) : isObject(value) ? Object.entries(value) : [];
  return entries.map(([label, child]) => {
    const key = `${path}/${label}`;
    if (isLeafValue(child)) return { key, label, value: text(child) };
    // A scored value: its value and score on one line (its change history, if any, stays out of the way).
    if (isObject(child) && 'score' in child && 'value' in child && isLeafValue(child.value)) {
      return { key, label, value: `${text(child.value)} (score ${text(child.score ?? null)})` };
    }
    const branch = child as Json[] | Record<string, Json>;
    const size = Array.isArray(branch) ? branch.length : Object.keys(branch).length;
    if (size === 0) return { key, label, value: Array.isArray(branch) ? 'none' : 'empty' };
    return { key, label, count: countOf(branch, size), children: nodesOf(branch, key) };
  });
}

/** An item on screen, where it sits in the tree: the tree is drawn flat, each item with its level and position. */
type Shown = { readonly node: TreeNode; readonly parent: string | null; readonly level: number; readonly position: number; readonly siblings: number };

/** The items on screen, top to bottom: the order they are drawn in and the arrow keys move in. */
function shownItems(nodes: readonly TreeNode[], expanded: ReadonlySet<string>, parent: string | null = null, level = 1, into: Shown[] = []): Shown[] {
  nodes.forEach((node, index) => {
    into.push({ node, parent, level, position: index + 1, siblings: nodes.length });
    if (node.children && expanded.has(node.key)) shownItems(node.children, expanded, node.key, level + 1, into);
  });
  return into;
}

type ItemProps = {
  readonly item: Shown;
  readonly open: boolean;
  readonly tabStop: boolean;
  readonly onToggle: (key: string) => void;
  readonly register: (key: string, element: HTMLLIElement | null) => void;
};

function TreeItem({ item, open, tabStop, onToggle, register }: ItemProps) {
  const { node, level } = item;
  return (
    // The whole line opens or closes a branch, as antd's Tree with expandAction 'click'; the keys are the tree's.
    <li
      ref={(element) => register(node.key, element)}
      role="treeitem"
      aria-level={level}
      aria-setsize={item.siblings}
      aria-posinset={item.position}
      aria-expanded={node.children ? open : undefined}
      tabIndex={tabStop ? 0 : -1}
      data-key={node.key}
      className={`dv-json-tree__item${node.children ? ' dv-json-tree__item--branch' : ''}`}
      onClick={node.children ? () => onToggle(node.key) : undefined}
    >
      {/* One guide line per level above, as antd's Tree with showLine. */}
      {Array.from({ length: level - 1 }, (_, index) => (
        <span key={index} className="dv-json-tree__indent" aria-hidden="true" />
      ))}
      <span className="dv-json-tree__switcher" aria-hidden="true" />
      {node.children ? (
        <span className="dv-json-tree__key">
          {node.label} <span className="dv-json-tree__count">({node.count})</span>
        </span>
      ) : (
        <span className="dv-json-tree__leaf">
          <span className="dv-json-tree__key">{node.label}</span>: <span className="dv-json-tree__value">{node.value}</span>
        </span>
      )}
    </li>
  );
}

/** Where a key sends the focus from an item, or whether it opens or closes it. */
function keyAction(key: string, shown: readonly Shown[], index: number, open: boolean): { move?: string; toggle?: true } | undefined {
  const { node, parent } = shown[index]!;
  switch (key) {
    case 'ArrowDown':
      return { move: shown[index + 1]?.node.key };
    case 'ArrowUp':
      return { move: shown[index - 1]?.node.key };
    case 'Home':
      return { move: shown[0]?.node.key };
    case 'End':
      return { move: shown.at(-1)?.node.key };
    case 'ArrowRight':
      if (!node.children) return {};
      return open ? { move: node.children[0]?.key } : { toggle: true };
    case 'ArrowLeft':
      if (node.children && open) return { toggle: true };
      return { move: parent ?? undefined };
    case 'Enter':
    case ' ':
      return node.children ? { toggle: true } : {};
    default:
      return undefined;
  }
}

export function JsonTree({ data, label }: { data: unknown; label: string }) {
  const nodes = useMemo(() => nodesOf(data as Json, ''), [data]);
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(nodes.filter((node) => node.children).map((node) => node.key)));
  const [active, setActive] = useState<string | null>(null);
  const elements = useRef(new Map<string, HTMLLIElement>());
  const register = useCallback((key: string, element: HTMLLIElement | null) => {
    if (element) elements.current.set(key, element);
    else elements.current.delete(key);
  }, []);
  const toggle = useCallback(
    (key: string) =>
      setExpanded((current) => {
        const next = new Set(current);
        if (!next.delete(key)) next.add(key);
        return next;
      }),
    [],
  );

  if (nodes.length === 0) return <p className="dv-muted">Empty.</p>;
  const shown = shownItems(nodes, expanded);
  // The item last focused keeps the tab stop while it shows; otherwise the first item has it.
  const tabStop = active !== null && shown.some((item) => item.node.key === active) ? active : nodes[0]!.key;

  const onFocus = (event: FocusEvent<HTMLUListElement>) => {
    const key = (event.target as HTMLElement).dataset.key;
    if (key !== undefined) setActive(key);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = shown.findIndex((item) => item.node.key === (event.target as HTMLElement).dataset.key);
    if (index < 0 || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = shown[index]!.node.key;
    const action = keyAction(event.key, shown, index, expanded.has(key));
    if (action === undefined) return;
    event.preventDefault();
    if (action.toggle) toggle(key);
    if (action.move !== undefined) elements.current.get(action.move)?.focus();
  };

  return (
    <ul className="dv-json-tree" role="tree" aria-label={label} onFocus={onFocus} onKeyDown={onKeyDown}>
      {shown.map((item) => (
        <TreeItem
          key={item.node.key}
          item={item}
          open={expanded.has(item.node.key)}
          tabStop={item.node.key === tabStop}
          onToggle={toggle}
          register={register}
        />
      ))}
    </ul>
  );
}
