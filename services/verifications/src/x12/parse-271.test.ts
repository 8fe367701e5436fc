/**
 * parse271 and parse270 on malformed X12: a clear X12ParseError, never a partial answer; and random input
 * never throws anything else.
 */
import fc from 'fast-check';
import { X12ParseError } from './errors';
import { map271 } from './map-271';
import { parse270 } from './parse-270';
import { parse271 } from './parse-271';
import { EB, subscriberHead, wrap271 } from './x271-fixture';

const TODAY = new Date('2024-05-20T00:00:00Z');
const BODY = `${subscriberHead()}~${EB({ info: '1', serviceTypes: ['35'], plan: 'PPO' })}`;
const VALID = wrap271(BODY);

function errorOf(run: () => unknown): X12ParseError {
  try {
    run();
  } catch (error) {
    if (error instanceof X12ParseError) return error;
    throw error;
  }
  throw new Error('expected an X12ParseError');
}

describe('parse271', () => {
  it('reads a valid 271', () => {
    const parsed = parse271(VALID);
    expect(parsed.interchange).toMatchObject({ controlNumber: '000000905', sender: { qualifier: 'ZZ', id: 'CLEARINGHOUSE' }, usage: 'P' });
    expect(parsed.transaction).toEqual({ controlNumber: '0001', referenceId: 'TRACE905', date: '20240115' });
    expect(parsed.source.name).toMatchObject({ entityId: 'PR', last: 'DELTA DENTAL OF CALIFORNIA', idQualifier: 'PI', id: '77777' });
    expect(parsed.subscriber?.name).toMatchObject({ entityId: 'IL', last: 'LOPEZ', first: 'MARIA', id: 'DD123456789' });
    expect(parsed.subscriber?.benefits).toHaveLength(1);
  });

  it('keeps a 2120C loop (LS ... LE) inside its EB', () => {
    const text = wrap271(`${subscriberHead()}~EB*R**35~LS*2120~NM1*PR*2*OTHER PAYER*****PI*99999~LE*2120~MSG*OTHER COVERAGE ON FILE`);
    const benefit = parse271(text).subscriber!.benefits[0]!;
    expect(benefit.relatedEntities).toEqual([expect.objectContaining({ entityId: 'PR', last: 'OTHER PAYER', id: '99999' })]);
    expect(benefit.messages).toEqual(['OTHER COVERAGE ON FILE']);
  });

  it('labels an AAA before the provider name 2000B and one after it 2100B', () => {
    const head = 'BHT*0022*11*X~HL*1**20*1~NM1*PR*2*P*****PI*1~HL*2*1*21*0';
    const level = parse271(wrap271(`${head}~AAA*N**50*C~NM1*1P*2*D*****XX*1`));
    expect(level.rejections).toEqual([{ validRequest: false, reasonCode: '50', followUpCode: 'C', loop: '2000B' }]);
    const name = parse271(wrap271(`${head}~NM1*1P*2*D*****XX*1~AAA*Y**43*C`));
    expect(name.rejections).toEqual([{ validRequest: true, reasonCode: '43', followUpCode: 'C', loop: '2100B' }]);
    expect(map271(wrap271(`${head}~AAA*N**50*C~NM1*1P*2*D*****XX*1`), { today: TODAY })).toMatchObject({
      status: 'rejected',
      rejections: [{ code: '50', reason: 'Provider ineligible for inquiries', loop: '2000B' }],
    });
  });

  const cases: [string, string, string, string][] = [
    ['a missing SE', VALID.replace(/SE\*\d+\*0001~\n/, ''), 'envelope', 'Transaction 0001 has no SE'],
    // Counts, control numbers and a missing GE or IEA at the end are read (tolerated-deviations.test.ts); these are not.
    ['text that is no X12 (no ISA)', VALID.slice(VALID.indexOf('GS*')), 'isa', 'X12 must start with an ISA segment; found "GS*"'],
    ['segments that do not use the declared delimiters', VALID.slice(0, 106) + VALID.slice(106).replaceAll('*', '|'), 'delimiters', 'does not use the element separator "*" declared in the ISA'],
    ['segments after the IEA', `${VALID}\nGS*HB*A*B*20240115*1430*906*X*005010X279A1~`, 'envelope', 'The interchange does not end with IEA'],
    ['a GE missing before another group', VALID.replace(/GE\*[^~]*~\n/, 'GS*HB*A*B*20240115*1430*906*X*005010X279A1~\n'), 'envelope', 'Expected ST or GE, found GS'],
    ['a group without a transaction or GE', VALID.replace(/ST\*271[\s\S]*IEA/, 'IEA'), 'envelope', 'Functional group without GE'],
    ['a missing GS', VALID.replace(/GS\*[^~]*~\n/, ''), 'envelope', 'Expected GS, found ST'],
    ['a missing ST', VALID.replace('ST*271*0001*005010X279A1~\n', ''), 'envelope', 'Expected ST or GE, found BHT'],
    ['a missing BHT', wrap271(BODY.replace(/BHT\*[^~]*~/, '')), 'structure', 'The transaction must start with BHT after ST'],
    ['a 270 where a 271 is expected', VALID.replace('ST*271', 'ST*270'), 'transaction', 'Expected a 271 transaction, found ST01 "270"'],
    ['another implementation guide', VALID.replace('ST*271*0001*005010X279A1', 'ST*271*0001*005010X221A1'), 'transaction', 'Expected implementation guide 005010X279A1'],
    ['version 4010', VALID.replace('*00501*', '*00401*'), 'transaction', 'ISA12 is "00401"; only version 00501 is read'],
    ['no subscriber loop and no AAA', wrap271('BHT*0022*11*X~HL*1**20*1~NM1*PR*2*P*****PI*1~HL*2*1*21*1~NM1*1P*2*D*****XX*1'), 'structure', 'Loop 2100C (subscriber) is missing and no AAA says why'],
    ['a dependent named as another entity than IL or 03', wrap271(`${BODY}~HL*4*3*23*0~NM1*QC*1*LOPEZ*DIEGO~${EB({ info: '1', serviceTypes: ['35'] })}`), 'structure', 'NM101 of loop 2100D must be 03, found "QC"'],
    ['a subscriber named as a dependent', VALID.replace('NM1*IL*1*LOPEZ', 'NM1*03*1*LOPEZ'), 'structure', 'NM101 of loop 2100C must be IL, found "03"'],
    ['a dependent level under the provider (whose benefits?)', wrap271(`${BODY}~HL*4*2*23*0~NM1*03*1*LOPEZ*DIEGO`), 'structure', 'HL 4 (level 23) must have a level 22 parent; HL02 is "2"'],
    ['benefits in the provider loop', wrap271(BODY.replace('HL*3*2*22*0', `${EB({ info: '1', serviceTypes: ['35'] })}~HL*3*2*22*0`)), 'structure', 'EB is not part of loop 2000B/2100B in a 271'],
    ['two dependents in one answer', wrap271(`${BODY}~HL*4*3*23*0~NM1*03*1*A~HL*5*3*23*0~NM1*03*1*B`), 'structure', 'The 271 answers for more than one dependent'],
    ['a subscriber level without NM1', wrap271(BODY.replace(/NM1\*IL[^~]*~/, '')), 'structure', 'Loop 2100C (subscriber name, NM1) is missing'],
    ['an HL whose parent is not its level', VALID.replace('HL*3*2*22*0', 'HL*3*1*22*0'), 'structure', 'HL 3 (level 22) must have a level 21 parent; HL02 is "1"'],
    ['an unknown HL level', VALID.replace('HL*3*2*22*0', 'HL*3*2*19*0'), 'structure', 'HL03 "19" is not an eligibility level'],
    ['a segment that does not belong in 2110C', wrap271(`${BODY}DMG*D8*19850412~`), 'structure', 'DMG is not part of loop 2110C in a 271'],
    ['a non-numeric amount', wrap271(BODY.replace('EB*1**35**PPO~', 'EB*C*IND*35***23*FIFTY~')), 'segment', 'EB07 "FIFTY" is not a number'],
    ['an AAA without reason', wrap271(BODY.replace('EB*1**35**PPO~', 'AAA*Y~')), 'segment', 'AAA03 (reject reason) is missing'],
    ['an LS without LE', wrap271(BODY.replace('EB*1**35**PPO~', 'EB*1**35~LS*2120~NM1*P3*1*DOE~')), 'structure', 'Loop 2120C has LS without LE'],
  ];

  it.each(cases)('rejects %s', (_, text, kind, message) => {
    const error = errorOf(() => parse271(text));
    expect(error.kind).toBe(kind);
    expect(error.message).toContain(message);
    // The mapping never gets as far as a plan.
    expect(() => map271(text, { today: TODAY })).toThrow(X12ParseError);
  });

  it('never throws anything but X12ParseError when segments of a valid 271 are dropped, repeated or altered', () => {
    const segments = VALID.split('\n').filter((line) => line !== '');
    const mutation = fc.array(
      fc.record({ index: fc.nat({ max: segments.length - 1 }), op: fc.constantFrom('drop', 'repeat', 'truncate', 'swap'), at: fc.nat({ max: 60 }) }),
      { minLength: 1, maxLength: 4 },
    );
    fc.assert(
      fc.property(mutation, (ops) => {
        const lines = [...segments];
        for (const { index, op, at } of ops) {
          const i = Math.min(index, lines.length - 1);
          if (i < 0) break;
          if (op === 'drop') lines.splice(i, 1);
          if (op === 'repeat') lines.splice(i, 0, lines[i]!);
          if (op === 'truncate') lines[i] = `${lines[i]!.slice(0, at)}~`;
          if (op === 'swap' && i + 1 < lines.length) [lines[i], lines[i + 1]] = [lines[i + 1]!, lines[i]!];
        }
        try {
          const result = map271(lines.join('\n'), { today: TODAY });
          expect(['mapped', 'rejected']).toContain(result.status);
        } catch (error) {
          expect(error).toBeInstanceOf(X12ParseError);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('never throws anything but X12ParseError on random text after a valid ISA', () => {
    const isa = VALID.slice(0, 106);
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), (rest) => {
        for (const run of [() => parse271(isa + rest), () => parse270(isa + rest)]) {
          try {
            run();
          } catch (error) {
            expect(error).toBeInstanceOf(X12ParseError);
          }
        }
      }),
    );
  });
});
