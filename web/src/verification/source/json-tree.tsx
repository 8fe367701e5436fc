/**
 * JSON as a collapsible tree: objects and arrays are branches, values are leaves ('planName: PPO 2000'). A scored
 * value of the version 3 documents ({ value, score, ... }) reads as one leaf with its score, so the mapped plan
 * stays compact. The first level is open; the rest opens on demand (a click on a branch, or the arrow keys once
 * the tree has the focus), and a closed branch renders nothing, so a large portal answer stays light.
 *
 * Written as the WAI-ARIA tree view rather than with antd's Tree, which brings its virtual list, drag and drop and
 * checkboxes (some 25 KB compressed) to a view that only opens and closes branches. One item at a time is in the
 * tab order; the arrow keys, Home and End move between the items shown, Enter and Space open or close a branch.
 */
import { type FocusEvent, type KeyboardEvent, useCallback, useId, useMemo, useRef, useState } from 'react';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A leaf has a value; a branch has children and their count in words. */
type TreeNode = {
  readonly key: string;
  /** Labels the item (aria-labelledby): a branch's own line, not the items it holds. */
  readonly labelId: string;
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

function nodesOf(value: Json, path: string, nextId: () => string): TreeNode[] {
  const entries: [string, Json][] = Array.isArray(value) ? value.map((item, i) => [`#${i + 1}`, item]) : isObject(value) ? Object.entries(value) : [];
  return entries.map(([label, child]) => {
    const key = `${path}/${label}`;
    const labelId = nextId();
    if (isLeafValue(child)) return { key, labelId, label, value: text(child) };
    // A scored value: its value and score on one line (its change history, if any, stays out of the way).
    if (isObject(child) && 'score' in child && 'value' in child && isLeafValue(child.value)) {
      return { key, labelId, label, value: `${text(child.value)} (score ${text(child.score ?? null)})` };
    }
    const branch = child as Json[] | Record<string, Json>;
    const size = Array.isArray(branch) ? branch.length : Object.keys(branch).length;
    if (size === 0) return { key, labelId, label, value: Array.isArray(branch) ? 'none' : 'empty' };
    return { key, labelId, label, count: countOf(branch, size), children: nodesOf(branch, key, nextId) };
  });
}

type Shown = { readonly node: TreeNode; readonly parent: string | null };

/** The items on screen, top to bottom: the order the arrow keys move in. */
function shownItems(nodes: readonly TreeNode[], expanded: ReadonlySet<string>, parent: string | null = null, into: Shown[] = []): Shown[] {
  for (const node of nodes) {
    into.push({ node, parent });
    if (node.children && expanded.has(node.key)) shownItems(node.children, expanded, node.key, into);
  }
  return into;
}

type ItemsProps = {
  readonly nodes: readonly TreeNode[];
  readonly expanded: ReadonlySet<string>;
  readonly tabStop: string;
  readonly onToggle: (key: string) => void;
  readonly register: (key: string, element: HTMLLIElement | null) => void;
};

function TreeItems({ nodes, expanded, tabStop, onToggle, register }: ItemsProps) {
  return nodes.map((node) => {
    const open = node.children !== undefined && expanded.has(node.key);
    return (
      <li
        key={node.key}
        ref={(element) => register(node.key, element)}
        role="treeitem"
        aria-labelledby={node.labelId}
        aria-expanded={node.children ? open : undefined}
        tabIndex={node.key === tabStop ? 0 : -1}
        data-key={node.key}
      >
        {/* The whole line opens or closes a branch, as antd's Tree with expandAction 'click'; the keyboard works on the item. */}
        <div className={`dv-json-tree__row${node.children ? ' dv-json-tree__row--branch' : ''}`} onClick={node.children ? () => onToggle(node.key) : undefined}>
          <span className="dv-json-tree__switcher" aria-hidden="true" />
          {node.children ? (
            <span id={node.labelId} className="dv-json-tree__key">
              {node.label} <span className="dv-json-tree__count">({node.count})</span>
            </span>
          ) : (
            <span id={node.labelId} className="dv-json-tree__leaf">
              <span className="dv-json-tree__key">{node.label}</span>: <span className="dv-json-tree__value">{node.value}</span>
            </span>
          )}
        </div>
        {open && node.children ? (
          <ul role="group">
            <TreeItems nodes={node.children} expanded={expanded} tabStop={tabStop} onToggle={onToggle} register={register} />
          </ul>
        ) : null}
      </li>
    );
  });
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
  const idPrefix = useId();
  const nodes = useMemo(() => {
    let count = 0;
    return nodesOf(data as Json, '', () => `${idPrefix}-${(count += 1)}`);
  }, [data, idPrefix]);
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
      <TreeItems nodes={nodes} expanded={expanded} tabStop={tabStop} onToggle={toggle} register={register} />
    </ul>
  );
}
