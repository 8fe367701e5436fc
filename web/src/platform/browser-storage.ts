/**
 * Web storage that never throws: a browser with storage disabled (private mode, quota, blocked cookies) behaves
 * like an empty store instead of breaking the start-up.
 */
export type StorageArea = 'local' | 'session';

function area(kind: StorageArea): Storage | undefined {
  try {
    return kind === 'local' ? globalThis.localStorage : globalThis.sessionStorage;
  } catch {
    return undefined;
  }
}

export function readStored(kind: StorageArea, key: string): string | null {
  try {
    return area(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(kind: StorageArea, key: string, value: string): void {
  try {
    area(kind)?.setItem(key, value);
  } catch {
    // Storage full or disabled: the value lives for this page only.
  }
}

export function removeStored(kind: StorageArea, key: string): void {
  try {
    area(kind)?.removeItem(key);
  } catch {
    // Nothing stored to remove.
  }
}

/** Empties the whole area (SPEC section 8: a failed silent sign-in clears local storage). */
export function clearStored(kind: StorageArea): void {
  try {
    area(kind)?.clear();
  } catch {
    // Nothing stored to clear.
  }
}
