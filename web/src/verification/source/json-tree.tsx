/**
 * JSON as a collapsible antd Tree: objects and arrays are branches, values are leaves ('planName: PPO 2000').
 * A scored value of the version 3 documents ({ value, score, ... }) reads as one leaf with its score, so the
 * mapped plan stays compact. The first level is open; the rest opens on demand (a click on a branch, or the
 * arrow keys once the tree has the focus).
 */
import { Tree, type TreeDataNode } from 'antd';
import { useMemo } from 'react';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

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

function leaf(key: string, label: string, value: string): TreeDataNode {
  return {
    key,
    isLeaf: true,
    title: (
      <span className="dv-json-tree__leaf">
        <span className="dv-json-tree__key">{label}</span>: <span className="dv-json-tree__value">{value}</span>
      </span>
    ),
  };
}

function nodesOf(value: Json, path: string): TreeDataNode[] {
  const entries: [string, Json][] = Array.isArray(value) ? value.map((item, i) => [`#${i + 1}`, item]) : isObject(value) ? Object.entries(value) : [];
  return entries.map(([label, child]) => {
    const key = `${path}/${label}`;
    if (isLeafValue(child)) return leaf(key, label, text(child));
    // A scored value: its value and score on one line (its change history, if any, stays out of the way).
    if (isObject(child) && 'score' in child && 'value' in child && isLeafValue(child.value)) {
      return leaf(key, label, `${text(child.value)} (score ${text(child.score)})`);
    }
    const size = Array.isArray(child) ? child.length : Object.keys(child as object).length;
    if (size === 0) return leaf(key, label, Array.isArray(child) ? 'none' : 'empty');
    return {
      key,
      title: (
        <span className="dv-json-tree__key">
          {label} <span className="dv-json-tree__count">({Array.isArray(child) ? `${size} ${size === 1 ? 'item' : 'items'}` : `${size} ${size === 1 ? 'field' : 'fields'}`})</span>
        </span>
      ),
      children: nodesOf(child, key),
    };
  });
}

export function JsonTree({ data, label }: { data: unknown; label: string }) {
  const treeData = useMemo(() => nodesOf(data as Json, ''), [data]);
  const firstLevel = useMemo(() => treeData.map((node) => node.key), [treeData]);
  if (treeData.length === 0) return <p className="dv-muted">Empty.</p>;
  return (
    <Tree
      className="dv-json-tree"
      aria-label={label}
      treeData={treeData}
      defaultExpandedKeys={firstLevel}
      selectable={false}
      expandAction="click"
      showLine
      blockNode
    />
  );
}
