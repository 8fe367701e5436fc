/**
 * Typed errors of the X12 module. A caller (the clearinghouse job, the 271 preview route) can tell unreadable
 * X12 from a bad inquiry without reading messages: parse problems are `X12ParseError` with a `kind`, inquiry
 * problems are `X12BuildError`. Nothing else is thrown by `tokenizeX12`, `parse271`, `parse270` or `map271`.
 */

/** What was wrong with the X12 text. */
export type X12ParseErrorKind =
  /** The text does not start with a well-formed 106-character ISA segment. */
  | 'isa'
  /** Delimiters declared in the ISA are unusable, or the body does not use them. */
  | 'delimiters'
  /** A segment is empty or its id is not a segment id. */
  | 'segment'
  /** ISA/IEA, GS/GE, ST/SE nesting, counts or control numbers do not agree. */
  | 'envelope'
  /** The transaction is not of the expected kind or version. */
  | 'transaction'
  /** Required segments or loops are missing, or HL levels do not nest. */
  | 'structure';

export class X12ParseError extends Error {
  override readonly name = 'X12ParseError';

  constructor(
    readonly kind: X12ParseErrorKind,
    message: string,
    /** 0-based index of the offending segment in the interchange, when one segment is to blame. */
    readonly segmentIndex?: number,
  ) {
    super(segmentIndex === undefined ? message : `${message} (segment ${segmentIndex + 1})`);
  }
}

/** The inquiry cannot be written as a valid 270 (missing or unusable patient, payer or provider data). */
export class X12BuildError extends Error {
  override readonly name = 'X12BuildError';

  constructor(
    message: string,
    /** Each problem found, e.g. 'patient.patientDOB: Wrong date'. */
    readonly problems: readonly string[] = [],
  ) {
    super(problems.length === 0 ? message : `${message}: ${problems.join('; ')}`);
  }
}
