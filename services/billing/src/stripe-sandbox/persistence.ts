/**
 * The state file: written whole after each change (write to a temporary file, then rename, so a crash mid-write
 * leaves the previous state), read once at start. Webhook deliveries in flight are not kept across a restart.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type SandboxState, type StateDocument, stateDocument, stateFrom } from './state';

export const STATE_FILE_NAME = 'stripe-sandbox.json';

export interface StateFile {
  load(): SandboxState | undefined;
  save(state: SandboxState): void;
}

function isStateDocument(value: unknown): value is StateDocument {
  if (typeof value !== 'object' || value === null) return false;
  const doc = value as Record<string, unknown>;
  const lists = ['products', 'prices', 'coupons', 'customers', 'subscriptions', 'invoices', 'events'];
  return doc.version === 1 && lists.every((key) => Array.isArray(doc[key]));
}

export function stateFile(dataDir: string): StateFile {
  const path = join(dataDir, STATE_FILE_NAME);
  return {
    load() {
      let text: string;
      try {
        text = readFileSync(path, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      const parsed: unknown = JSON.parse(text);
      if (!isStateDocument(parsed)) throw new Error(`${path} is not a Stripe sandbox state file (version 1)`);
      return stateFrom(parsed);
    },
    save(state) {
      mkdirSync(dataDir, { recursive: true });
      const temporary = `${path}.${process.pid}.tmp`;
      writeFileSync(temporary, JSON.stringify(stateDocument(state)), 'utf8');
      renameSync(temporary, path);
    },
  };
}
