/**
 * The sandbox clearinghouse: a real implementation of the clearinghouse port that reads the 270 and answers
 * real 271 text from the sandbox plan library (sandbox-plans.ts) for the members of sandbox-members.ts. It counts
 * the inquiries per member (in memory, from its start), so that a member with claims between inquiries reports
 * less remaining each time, as a payer does while it pays claims.
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
  // Inquiries answered so far per member id: what a member with claims between inquiries has used meanwhile.
  const inquiries = new Map<string, number>();
  return {
    async eligibility(x270: string, { signal }: EligibilityOptions = {}): Promise<string> {
      const inquiry = parse270(x270);
      const memberId = inquiry.subscriber.name.id.trim().toUpperCase();
      const earlier = inquiries.get(memberId) ?? 0;
      inquiries.set(memberId, earlier + 1);
      const answer = answer270(inquiry, now(), { earlierInquiries: earlier });
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
