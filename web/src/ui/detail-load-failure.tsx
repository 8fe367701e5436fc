/**
 * A page of one thing (a verification, a plan, a re-verification) whose read failed: "not found" (it does not exist,
 * or belongs to someone else: the API says 404, or 400 for an id it cannot read) with the way back, or the error
 * with "Try again" and the way back.
 */
import { Button } from 'antd';
import { type ReactNode } from 'react';
import { StatusResult } from './status-result';

export interface DetailLoadFailureProps {
  /** What the page shows, as in a sentence's start: 'Verification', 'Plan'. */
  readonly thing: string;
  /** The failed read's HTTP status (0 or undefined when none came) and message. */
  readonly status: number | undefined;
  readonly message: string;
  /** Why it may not be found, e.g. 'It does not exist, or it belongs to another office.' */
  readonly notFoundText: string;
  readonly onRetry: () => void;
  /** The way out: a link to the list or search the page belongs to. */
  readonly way: ReactNode;
}

export function isNotFound(status: number | undefined): boolean {
  return status === 404 || status === 400;
}

export function DetailLoadFailure({ thing, status, message, notFoundText, onRetry, way }: DetailLoadFailureProps) {
  const notFound = isNotFound(status);
  return (
    <StatusResult
      status={notFound ? 'warning' : 'error'}
      title={notFound ? `${thing} not found` : `The ${thing.toLowerCase()} could not be loaded`}
      subTitle={notFound ? notFoundText : message}
      extra={
        <>
          {notFound ? null : (
            <Button type="primary" onClick={onRetry}>
              Try again
            </Button>
          )}
          {way}
        </>
      }
    />
  );
}
