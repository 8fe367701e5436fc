/**
 * The clearinghouse port of the clearinghouse source: a 270 eligibility inquiry goes out, the raw 271 answer
 * comes back. Adapters: the sandbox (sandbox.ts) and a clearinghouse's HTTP API (http-clearinghouse.ts). An
 * adapter rejects only when no 271 came back (transport failure, a malformed 270 refused by the clearinghouse);
 * a payer's refusal (AAA) is a 271 like any other. Once `signal` aborts (the caller stopped waiting), an adapter
 * gives up what it still does and rejects with a retryable ClearinghouseError.
 */
export interface Clearinghouse {
  eligibility(x270: string, options?: EligibilityOptions): Promise<string>;
}

export interface EligibilityOptions {
  readonly signal?: AbortSignal;
}

/** No 271 came back from the clearinghouse. */
export class ClearinghouseError extends Error {
  override readonly name = 'ClearinghouseError';

  constructor(
    message: string,
    /** Trying again later may succeed. */
    readonly retryable: boolean,
    readonly status?: number,
  ) {
    super(message);
  }
}
