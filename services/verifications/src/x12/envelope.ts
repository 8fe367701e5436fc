/**
 * The interchange envelope: ISA/IEA around GS/GE groups around ST/SE transactions. Every count and control
 * number the trailers carry is checked. A strict reader (the 270) refuses any disagreement; the 271 reader
 * tolerates those that leave the one transaction readable and scores its values lower when the transaction's
 * own segment count is off, since segments may then have been lost or added in transit.
 */
import { deviationNote, type X12Deviation, type X12DeviationKind } from './deviations';
import { X12ParseError } from './errors';
import { element, type X12Delimiters, type X12Document, type X12Segment } from './tokenizer';

export type X12Transaction = {
  /** ST01: '270' or '271'. */
  readonly setId: string;
  /** ST02. */
  readonly controlNumber: string;
  /** ST03 (or GS08 when ST03 is empty): the implementation guide, e.g. '005010X279A1'. */
  readonly implementation: string;
  /** The segments between ST and SE, both excluded; the first is the BHT. */
  readonly body: readonly X12Segment[];
};

export type X12Interchange = {
  readonly delimiters: X12Delimiters;
  readonly sender: { readonly qualifier: string; readonly id: string };
  readonly receiver: { readonly qualifier: string; readonly id: string };
  /** ISA09 + ISA10 as YYMMDD and HHMM. */
  readonly date: string;
  readonly time: string;
  /** ISA13, as written (leading zeros kept). */
  readonly controlNumber: string;
  /** ISA15: 'P' production, 'T' test. */
  readonly usage: string;
  readonly groups: readonly {
    readonly functionalId: string;
    readonly controlNumber: string;
    readonly version: string;
    readonly transactions: readonly X12Transaction[];
  }[];
};

function fail(message: string, segment?: X12Segment): never {
  throw new X12ParseError('envelope', message, segment?.index);
}

function sameNumber(a: string, b: string): boolean {
  return /^\d+$/.test(a) && /^\d+$/.test(b) && Number(a) === Number(b);
}

/**
 * Where a reader puts the envelope problems it tolerates (parse271); without one every problem throws, as the
 * sandbox's reading of our own 270s wants.
 */
type Tolerance = X12Deviation[] | undefined;

/** A problem that `tolerance` may accept: recorded with its note and the values it puts in doubt, else thrown. */
function deviate(
  tolerance: Tolerance,
  deviation: { kind: X12DeviationKind; message: string; how: string; doubts: X12Deviation['doubts'] },
  segment: X12Segment | undefined,
): void {
  if (tolerance === undefined) fail(deviation.message, segment);
  const index = segment?.index;
  tolerance.push({ kind: deviation.kind, segmentIndex: index, note: deviationNote(`${deviation.message}; ${deviation.how}`, index), doubts: deviation.doubts });
}

function expectCount(trailer: X12Segment, actual: number, what: string, tolerance: Tolerance): void {
  const declared = element(trailer, 1);
  if (/^\d+$/.test(declared) && Number(declared) === actual) return;
  // A transaction whose segment count is off may have lost or gained segments in transit: every value is in
  // doubt. Group and interchange counts say nothing about the one transaction read.
  const inTransaction = trailer.tag === 'SE';
  deviate(
    tolerance,
    {
      kind: 'count',
      message: `${trailer.tag}01 says ${JSON.stringify(declared)} ${what} but there are ${actual}`,
      how: inTransaction ? 'read as it came, every value scored lower' : 'read as it came',
      doubts: inTransaction ? 'all' : [],
    },
    trailer,
  );
}

function expectControl(trailer: X12Segment, header: X12Segment, matches: boolean, tolerance: Tolerance): void {
  if (matches) return;
  const name = (segment: X12Segment, n: number) => `${segment.tag}${String(n).padStart(2, '0')} ${JSON.stringify(element(segment, n))}`;
  const headerElement = header.tag === 'ISA' ? 13 : header.tag === 'GS' ? 6 : 2;
  deviate(
    tolerance,
    {
      kind: 'control-number',
      message: `${name(trailer, 2)} does not match ${name(header, headerElement)}`,
      how: 'the trailer closes the only one open, so it is read as its own',
      doubts: [],
    },
    trailer,
  );
}

type Group = X12Interchange['groups'][number];

/** Reads the transactions of one group from `start` (after its GS); `next` is the index after the group. */
function readGroup(segments: readonly X12Segment[], gs: X12Segment, start: number, tolerance: Tolerance): { group: Group; next: number } {
  const transactions: X12Transaction[] = [];
  let i = start;
  let ge: X12Segment | undefined;
  for (;;) {
    const st = segments[i];
    if (st === undefined || st.tag === 'IEA') {
      // No GE before the interchange ends: tolerated after a complete transaction, since nothing can follow it.
      if (transactions.length === 0) fail('Functional group without GE', gs);
      deviate(tolerance, { kind: 'missing-trailer', message: 'Functional group without GE', how: 'read as ending with its last transaction', doubts: [] }, undefined);
      break;
    }
    if (st.tag === 'GE') {
      ge = st;
      i += 1;
      break;
    }
    if (st.tag !== 'ST') fail(`Expected ST or GE, found ${st.tag}`, st);
    let end = i + 1;
    while (end < segments.length && !['SE', 'ST', 'GE', 'IEA'].includes(segments[end]!.tag)) end += 1;
    const se = segments[end];
    if (se === undefined || se.tag !== 'SE') fail(`Transaction ${element(st, 2)} has no SE`, st);
    expectCount(se, end - i + 1, 'segments in the transaction', tolerance);
    expectControl(se, st, element(se, 2) === element(st, 2), tolerance);
    transactions.push({
      setId: element(st, 1),
      controlNumber: element(st, 2),
      implementation: element(st, 3) || element(gs, 8),
      body: segments.slice(i + 1, end),
    });
    i = end + 1;
  }
  if (ge !== undefined) {
    expectCount(ge, transactions.length, 'transactions in the group', tolerance);
    expectControl(ge, gs, sameNumber(element(ge, 2), element(gs, 6)), tolerance);
  }
  return { group: { functionalId: element(gs, 1), controlNumber: element(gs, 6), version: element(gs, 8), transactions }, next: i };
}

/**
 * Reads the envelope of a tokenized interchange and returns its groups and transactions. With `tolerance`, the
 * deviations that leave the transaction readable (counts, control numbers, a missing GE or IEA at the end) are
 * pushed there instead of thrown.
 */
export function readInterchange(doc: X12Document, tolerance?: X12Deviation[]): X12Interchange {
  const { segments } = doc;
  const isa = segments[0];
  if (isa === undefined || isa.tag !== 'ISA') fail('The interchange does not start with ISA');
  if (element(isa, 12) !== '00501') {
    throw new X12ParseError('transaction', `ISA12 is ${JSON.stringify(element(isa, 12))}; only version 00501 is read`, 0);
  }
  const groups: Group[] = [];
  let i = 1;
  while (i < segments.length && segments[i]!.tag !== 'IEA') {
    const gs = segments[i]!;
    if (gs.tag !== 'GS') fail(`Expected GS, found ${gs.tag}`, gs);
    const { group, next } = readGroup(segments, gs, i + 1, tolerance);
    groups.push(group);
    i = next;
  }
  const iea = segments[i];
  if (iea === undefined) {
    if (groups.length === 0) fail('The interchange does not end with IEA');
    deviate(tolerance, { kind: 'missing-trailer', message: 'The interchange does not end with IEA', how: 'read as ending with its last group', doubts: [] }, undefined);
  } else {
    if (i !== segments.length - 1) fail('The interchange does not end with IEA', segments[i + 1]);
    expectCount(iea, groups.length, 'functional groups', tolerance);
    expectControl(iea, isa, sameNumber(element(iea, 2), element(isa, 13)), tolerance);
  }
  if (groups.length === 0) fail('The interchange holds no functional group', iea);
  return {
    delimiters: doc.delimiters,
    sender: { qualifier: element(isa, 5), id: element(isa, 6).trim() },
    receiver: { qualifier: element(isa, 7), id: element(isa, 8).trim() },
    date: element(isa, 9),
    time: element(isa, 10),
    controlNumber: element(isa, 13),
    usage: element(isa, 15),
    groups,
  };
}

/**
 * The single transaction of the expected kind: 270 or 271 of 005010X279A1 (an eligibility exchange carries one
 * inquiry or answer per interchange here), starting with BHT.
 */
export function singleTransaction(interchange: X12Interchange, setId: '270' | '271'): X12Transaction {
  const transactions = interchange.groups.flatMap((group) => group.transactions);
  if (transactions.length === 0) {
    throw new X12ParseError('structure', 'The interchange holds no transaction (ST/SE)');
  }
  const [transaction] = transactions;
  if (transactions.length > 1) {
    throw new X12ParseError('structure', `Expected one ${setId} transaction, found ${transactions.length}`);
  }
  if (transaction!.setId !== setId) {
    throw new X12ParseError('transaction', `Expected a ${setId} transaction, found ST01 ${JSON.stringify(transaction!.setId)}`);
  }
  if (!transaction!.implementation.startsWith('005010X279')) {
    throw new X12ParseError(
      'transaction',
      `Expected implementation guide 005010X279A1, found ${JSON.stringify(transaction!.implementation)}`,
    );
  }
  const bht = transaction!.body[0];
  if (bht === undefined || bht.tag !== 'BHT') {
    throw new X12ParseError('structure', 'The transaction must start with BHT after ST', bht?.index);
  }
  return transaction!;
}
