/**
 * Test support: wraps the segments of a 271 transaction (from BHT on, written with '*', ':', '^' and '~') in a
 * valid ISA/GS/ST ... SE/GE/IEA envelope with correct counts, so that fixtures show only what they test.
 */
import { eb, hsd, type EbFields, type HsdFields } from './segments-271';
import { segmentText } from './writer';

/** An EB segment as text, from named fields. */
export const EB = (fields: EbFields): string => segmentText(eb(fields));
/** An HSD segment as text, from named fields. */
export const HSD = (fields: HsdFields): string => segmentText(hsd(fields));

const ISA =
  'ISA*00*          *00*          *ZZ*CLEARINGHOUSE  *ZZ*DENTALVERIFY   *240115*1430*^*00501*000000905*0*P*:~';

/** The body's segments, one per '~', surrounding whitespace ignored. */
function segmentsOf(body: string): string[] {
  return body
    .split('~')
    .map((segment) => segment.trim())
    .filter((segment) => segment !== '');
}

export function wrap271(body: string): string {
  const segments = segmentsOf(body);
  return [
    ISA,
    'GS*HB*CLEARINGHOUSE*DENTALVERIFY*20240115*1430*905*X*005010X279A1~',
    'ST*271*0001*005010X279A1~',
    ...segments.map((segment) => `${segment}~`),
    `SE*${segments.length + 2}*0001~`,
    'GE*1*905~',
    'IEA*1*000000905~',
  ].join('\n');
}

/** The usual head of a 271 for a subscriber: BHT, payer, provider, subscriber name, DOB and group. */
export function subscriberHead({
  payer = 'NM1*PR*2*DELTA DENTAL OF CALIFORNIA*****PI*77777',
  group = 'REF*6P*123456*ACME MANUFACTURING',
  dates = 'DTP*346*D8*20240101~DTP*356*D8*20190301',
}: { payer?: string; group?: string; dates?: string } = {}): string {
  return [
    'BHT*0022*11*TRACE905*20240115*1430',
    'HL*1**20*1',
    payer,
    'HL*2*1*21*1',
    'NM1*1P*2*BRIGHT SMILE DENTAL*****XX*1234567893',
    'HL*3*2*22*0',
    'TRN*2*TRACE905*1941234567',
    'NM1*IL*1*LOPEZ*MARIA****MI*DD123456789',
    group,
    'N3*1450 OAK STREET',
    'N4*SACRAMENTO*CA*95814',
    'DMG*D8*19850412*F',
    dates,
  ]
    .filter((segment) => segment !== '')
    .join('~');
}
