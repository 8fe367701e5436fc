/**
 * `work`, or a rejection (a TimeoutError) when it has not settled within `ms`: for calls to services the app does
 * not control (the identity provider) that may never answer, where the user must not wait forever.
 */
import { abortable } from './abortable';

export function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  return abortable(work, AbortSignal.timeout(ms));
}
