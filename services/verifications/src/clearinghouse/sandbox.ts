/**
 * The sandbox clearinghouse: a real implementation of the clearinghouse port that reads the 270 and answers
 * real 271 text from the sandbox plan library (sandbox-plans.ts) for the members of sandbox-members.ts.
 * A malformed 270 is refused with the parser's X12ParseError, as a clearinghouse refuses it with a 999.
 */
import { setTimeout as delay } from 'node:timers/promises';
import { parse270 } from '../x12/parse-270';
import { ClearinghouseError, type Clearinghouse, type EligibilityOptions } from './clearinghouse';
import { answer270 } from './sandbox-271';

export type SandboxClearinghouseOptions = {
  /** Simulated round-trip time; 0 (the default) answers on the next tick. */
  readonly latencyMs?: number;
  /** The clock of the answers' envelopes. */
  readonly now?: () => Date;
};

export function createSandboxClearinghouse({ latencyMs = 0, now = () => new Date() }: SandboxClearinghouseOptions = {}): Clearinghouse {
  return {
    async eligibility(x270: string, { signal }: EligibilityOptions = {}): Promise<string> {
      const answer = answer270(parse270(x270), now());
      try {
        await delay(latencyMs, undefined, signal === undefined ? {} : { signal });
      } catch (error) {
        if (signal?.aborted) throw new ClearinghouseError('The clearinghouse did not answer in time', true);
        throw error;
      }
      return answer;
    },
  };
}
