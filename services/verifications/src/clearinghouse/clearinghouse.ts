/**
 * The clearinghouse port of the clearinghouse source: a 270 eligibility inquiry goes out, the raw 271 answer
 * comes back. Adapters: the sandbox (sandbox.ts) and, later, a production clearinghouse API. An adapter
 * rejects only when no 271 came back (transport failure, a malformed 270 refused by the clearinghouse);
 * a payer's refusal (AAA) is a 271 like any other.
 */
export interface Clearinghouse {
  eligibility(x270: string): Promise<string>;
}
