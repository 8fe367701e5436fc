/**
 * The interchange envelope: ISA/IEA around GS/GE groups around ST/SE transactions. Every count and control
 * number the trailers carry is checked, because a count that disagrees means segments were lost or added in
 * transit and the content cannot be trusted.
 */
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

function expectCount(trailer: X12Segment, actual: number, what: string): void {
  const declared = element(trailer, 1);
  if (!/^\d+$/.test(declared) || Number(declared) !== actual) {
    fail(`${trailer.tag}01 says ${JSON.stringify(declared)} ${what} but there are ${actual}`, trailer);
  }
}

/** Reads the envelope of a tokenized interchange and returns its groups and transactions. */
export function readInterchange(doc: X12Document): X12Interchange {
  const { segments } = doc;
  const isa = segments[0];
  if (isa === undefined || isa.tag !== 'ISA') fail('The interchange does not start with ISA');
  if (element(isa, 12) !== '00501') {
    throw new X12ParseError('transaction', `ISA12 is ${JSON.stringify(element(isa, 12))}; only version 00501 is read`, 0);
  }
  const iea = segments[segments.length - 1];
  if (iea === undefined || iea.tag !== 'IEA' || segments.length < 2) fail('The interchange does not end with IEA');

  const groups: X12Interchange['groups'][number][] = [];
  let i = 1;
  while (i < segments.length - 1) {
    const gs = segments[i]!;
    if (gs.tag !== 'GS') fail(`Expected GS, found ${gs.tag}`, gs);
    const transactions: X12Transaction[] = [];
    i += 1;
    for (;;) {
      const st = segments[i];
      if (st === undefined || i >= segments.length - 1) fail('Functional group without GE', gs);
      if (st.tag === 'GE') break;
      if (st.tag !== 'ST') fail(`Expected ST or GE, found ${st.tag}`, st);
      const start = i;
      let end = i + 1;
      while (end < segments.length - 1 && !['SE', 'ST', 'GE'].includes(segments[end]!.tag)) end += 1;
      const se = segments[end];
      if (se === undefined || se.tag !== 'SE') fail(`Transaction ${element(st, 2)} has no SE`, st);
      expectCount(se, end - start + 1, 'segments in the transaction');
      if (element(se, 2) !== element(st, 2)) {
        fail(`SE02 ${JSON.stringify(element(se, 2))} does not match ST02 ${JSON.stringify(element(st, 2))}`, se);
      }
      transactions.push({
        setId: element(st, 1),
        controlNumber: element(st, 2),
        implementation: element(st, 3) || element(gs, 8),
        body: segments.slice(start + 1, end),
      });
      i = end + 1;
    }
    const ge = segments[i]!;
    expectCount(ge, transactions.length, 'transactions in the group');
    if (!sameNumber(element(ge, 2), element(gs, 6))) {
      fail(`GE02 ${JSON.stringify(element(ge, 2))} does not match GS06 ${JSON.stringify(element(gs, 6))}`, ge);
    }
    groups.push({
      functionalId: element(gs, 1),
      controlNumber: element(gs, 6),
      version: element(gs, 8),
      transactions,
    });
    i += 1;
  }
  expectCount(iea, groups.length, 'functional groups');
  if (!sameNumber(element(iea, 2), element(isa, 13))) {
    fail(`IEA02 ${JSON.stringify(element(iea, 2))} does not match ISA13 ${JSON.stringify(element(isa, 13))}`, iea);
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
