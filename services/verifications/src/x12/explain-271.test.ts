/**
 * The source view's reading of a 271: loops, element names, code meanings and rows in words, on the sandbox's
 * 271s (every member, every carrier's delimiters) and on fixtures for the loops the sandbox does not write.
 */
import { X12SegmentView } from '@dv/contracts';
import { createSandboxClearinghouse } from '../clearinghouse/sandbox';
import { SANDBOX_MEMBERS, sandboxMember, sandboxPatientInfo } from '../clearinghouse/sandbox-members';
import { build270 } from './build-270';
import { explain271 } from './explain-271';
import { followUpActionName, rejectReasonName, serviceTypeName, timePeriodName } from './x12-dictionary';
import { subscriberHead, wrap271 } from './x271-fixture';

const NOW = new Date('2024-05-20T15:00:00.000Z');
const sandbox = createSandboxClearinghouse({ now: () => NOW });

async function sandbox271(memberId: string, dependent?: number): Promise<string> {
  const member = sandboxMember(memberId)!;
  return sandbox.eligibility(
    build270({
      patient: sandboxPatientInfo(member, dependent),
      payer: { id: member.payerId, name: 'Payer' },
      provider: { npi: '1234567893', name: 'Bright Smile Dental' },
      date: NOW,
      controlNumber: 905,
    }),
  );
}

const byText = (segments: readonly X12SegmentView[], text: string): X12SegmentView => {
  const found = segments.find((segment) => segment.text === text);
  if (found === undefined) throw new Error(`no segment ${text} in\n${segments.map((segment) => segment.text).join('\n')}`);
  return found;
};

const elementOf = (segment: X12SegmentView, position: string) => segment.elements.find((element) => element.position === position);

describe('explain271 on the sandbox', () => {
  it('gives every segment its loop: envelope, 2000A/2100A, 2000B/2100B, 2000C/2100C, 2110C', async () => {
    const segments = explain271(await sandbox271('DD100200300'));
    expect(segments.map((segment) => segment.index)).toEqual(segments.map((_, i) => i));
    expect(segments.filter((segment) => segment.loop === null).map((segment) => segment.id)).toEqual(['ISA', 'GS', 'ST', 'BHT', 'SE', 'GE', 'IEA']);
    const loopOf = (text: string) => {
      const segment = byText(segments, text);
      return [segment.loop, segment.loopName];
    };
    expect(loopOf('HL*1**20*1')).toEqual(['2000A', 'Information Source Level']);
    expect(loopOf('NM1*PR*2*DELTA DENTAL OF CALIFORNIA*****PI*77777')).toEqual(['2100A', 'Information Source Name']);
    expect(loopOf('HL*2*1*21*1')).toEqual(['2000B', 'Information Receiver Level']);
    expect(loopOf('HL*3*2*22*0')).toEqual(['2000C', 'Subscriber Level']);
    expect(segments.find((segment) => segment.id === 'TRN')?.loop).toBe('2000C');
    expect(loopOf('DMG*D8*19850412*F')).toEqual(['2100C', 'Subscriber Name']);
    expect(loopOf('HSD*VS*1***21*5')).toEqual(['2110C', 'Subscriber Eligibility or Benefit Information']);
    // The explanation is only for rows that need words.
    expect(segments.filter((segment) => segment.explanation !== null).every((segment) => ['EB', 'HSD', 'AAA', 'MSG'].includes(segment.id))).toBe(true);
    expect(segments.filter((segment) => segment.id === 'EB').every((segment) => segment.explanation !== null)).toBe(true);
    for (const segment of segments) expect(X12SegmentView.parse(segment)).toEqual(segment);
  });

  it('names elements and explains EB rows in words: coinsurance is what the patient pays', async () => {
    const segments = explain271(await sandbox271('DD100200300'));
    const diagnostic = byText(segments, 'EB*A*IND*23*****0****Y');
    expect(diagnostic.explanation).toBe('Co-insurance, individual, Diagnostic Dental, patient pays 0% (plan pays 100%), in network');
    expect(diagnostic.elements.slice(0, 3)).toEqual([
      { position: 'EB01', name: 'Eligibility or Benefit Information Code', value: 'A', meaning: 'Co-insurance' },
      { position: 'EB02', name: 'Coverage Level Code', value: 'IND', meaning: 'Individual' },
      { position: 'EB03', name: 'Service Type Code', value: '23', meaning: 'Diagnostic Dental' },
    ]);
    expect(elementOf(diagnostic, 'EB08')).toEqual({ position: 'EB08', name: 'Benefit Percent', value: '0', meaning: 'the patient pays 0%' });
    expect(elementOf(diagnostic, 'EB12')).toMatchObject({ value: 'Y', meaning: 'In network' });
    expect(byText(segments, 'EB*A*IND*25*****0.2****Y').explanation).toBe(
      'Co-insurance, individual, Restorative, patient pays 20% (plan pays 80%), in network',
    );
    expect(byText(segments, 'EB*C*IND*35***23*50*****Y').explanation).toBe('Deductible, individual, Dental Care, $50 per calendar year, in network');
    expect(byText(segments, 'EB*F*IND*35***23*1500*****Y').explanation).toBe(
      'Limitations, individual, Dental Care, maximum $1,500 per calendar year, in network',
    );
    expect(byText(segments, 'EB*F*IND*35***29*1210*****Y').explanation).toBe('Limitations, individual, Dental Care, $1,210 remaining, in network');
    expect(byText(segments, 'EB*1**35*PR*DELTA DENTAL PPO').explanation).toBe(
      'Active coverage, Dental Care, Preferred Provider Organization (PPO), "DELTA DENTAL PPO"',
    );
    expect(byText(segments, 'EB*F*IND*41******S7*18**Y*AD:D1206').explanation).toBe(
      'Limitations, individual, Routine (Preventive) Dental, up to age 18, in network, ADA procedure D1206',
    );
    expect(byText(segments, 'EB*D*IND*36^39').elements[2]).toMatchObject({ value: '36^39', meaning: 'Dental Crowns; Prosthodontics' });
  });

  it('explains HSD frequencies, MSG texts the mapping reads, and coded values of the other segments', async () => {
    const segments = explain271(await sandbox271('DD100200300'));
    expect(segments.find((segment) => segment.text === 'HSD*VS*1***34*6')?.explanation).toBe('Frequency: 1 visit per 6 months');
    expect(byText(segments, 'HSD*VS*1***21*5').explanation).toBe('Frequency: 1 visit per 5 years');
    expect(byText(segments, 'MSG*WAITING PERIOD 12 MONTHS').explanation).toBe('Free text from the payer, read as: waiting period of 12 months');
    expect(byText(segments, 'MSG*MISSING TOOTH CLAUSE APPLIES').explanation).toBe('Free text from the payer, read as: a missing tooth clause applies');
    const dob = byText(segments, 'DMG*D8*19850412*F');
    expect(dob.elements.map((element) => [element.position, element.name, element.meaning])).toEqual([
      ['DMG01', 'Date Time Period Format Qualifier', 'Date (CCYYMMDD)'],
      ['DMG02', 'Date of Birth', '04/12/1985'],
      ['DMG03', 'Gender Code', 'Female'],
    ]);
    expect(byText(segments, 'DTP*356*D8*20190301').elements.map((element) => element.meaning)).toEqual(['Eligibility begin', 'Date (CCYYMMDD)', '03/01/2019']);
    expect(byText(segments, 'NM1*PR*2*DELTA DENTAL OF CALIFORNIA*****PI*77777').elements.filter((element) => element.meaning !== null).map((element) => [element.position, element.meaning])).toEqual([
      ['NM101', 'Payer'],
      ['NM102', 'Non-person entity'],
      ['NM108', 'Payor identification'],
    ]);
    const isa = segments[0]!;
    expect(isa.elements).toHaveLength(16);
    expect(elementOf(isa, 'ISA15')).toMatchObject({ name: 'Interchange Usage Indicator', meaning: 'Production data' });
    expect(elementOf(segments.find((segment) => segment.id === 'ST')!, 'ST03')?.meaning).toMatch(/5010/);
  });

  it('reads the coinsurance of a payer that states the plan\'s share (Ameritas in the catalogue)', async () => {
    const segments = explain271(await sandbox271('AMR33322211'));
    const restorative = segments.find((segment) => segment.id === 'EB' && /^EB\*A\*IND\*25\*/.test(segment.text))!;
    const eb08 = Number(elementOf(restorative, 'EB08')!.value);
    expect(restorative.explanation).toContain(`patient pays ${Math.round((1 - eb08) * 100)}% (plan pays ${Math.round(eb08 * 100)}%)`);
    expect(elementOf(restorative, 'EB08')?.meaning).toBe(`the plan pays ${Math.round(eb08 * 100)}% (this payer states the plan's share)`);
    // The caller's flag wins over the catalogue, as in map271.
    const asPatientShare = explain271(await sandbox271('AMR33322211'), { invertCoinsurance: false });
    expect(asPatientShare.find((segment) => segment.index === restorative.index)?.explanation).toContain(`patient pays ${Math.round(eb08 * 100)}%`);
  });

  it('gives a dependent\'s answer its 2000D/2100D/2110D loops', async () => {
    const segments = explain271(await sandbox271('DD100200300', 0));
    const loops = new Set(segments.map((segment) => segment.loop));
    expect([...loops]).toEqual(expect.arrayContaining(['2000C', '2100C', '2000D', '2100D', '2110D']));
    expect(segments.find((segment) => segment.id === 'INS')).toMatchObject({ loop: '2100D', loopName: 'Dependent Name' });
    expect(segments.find((segment) => segment.id === 'INS')?.elements[1]).toMatchObject({ position: 'INS02', name: 'Individual Relationship Code', value: '19', meaning: 'Child' });
    expect(segments.find((segment) => segment.id === 'EB')?.loopName).toBe('Dependent Eligibility or Benefit Information');
  });

  it('explains rejections (AAA) with the guide\'s reason and follow-up', () => {
    const rejected = explain271(
      wrap271(
        'BHT*0022*11*TRACE905*20240115*1430~HL*1**20*1~NM1*PR*2*DELTA DENTAL*****PI*77777~HL*2*1*21*1~NM1*1P*2*BRIGHT SMILE*****XX*1234567893~' +
          'HL*3*2*22*0~NM1*IL*1*LOPEZ*MARIA****MI*XX1~AAA*Y**75*C',
      ),
    );
    const aaa = rejected.find((segment) => segment.id === 'AAA')!;
    expect(aaa.loop).toBe('2100C');
    expect(aaa.explanation).toBe('The payer could not answer the inquiry: Subscriber/insured not found (75). Please correct and resubmit.');
    expect(aaa.elements.map((element) => element.meaning)).toEqual(['Yes: the request was valid', null, 'Subscriber/insured not found', 'Please correct and resubmit']);
  });

  it.each(SANDBOX_MEMBERS.map((member) => [member.memberId, member.payerId]))('explains every segment of %s (payer %s, its delimiters)', async (memberId) => {
    const text = await sandbox271(memberId);
    const segments = explain271(text);
    expect(segments.length).toBeGreaterThan(8);
    expect(segments.at(-1)?.id).toBe('IEA');
    for (const segment of segments) {
      expect(segment.elements.every((element) => element.name !== '' && !element.name.startsWith('Element '))).toBe(true);
      if (segment.id === 'EB') expect(segment.explanation).toMatch(/^[A-Z]/);
    }
  });
});

describe('explain271 on fixtures', () => {
  it('puts III in 2115C, LS/LE in 2110C and what they enclose in 2120C', () => {
    const segments = explain271(
      wrap271(
        `${subscriberHead()}~EB*1**35~EB*R**35~MSG*COORDINATION OF BENEFITS ON FILE~III*ZZ*11~LS*2120~NM1*PR*2*METLIFE*****PI*65978~PER*IC**TE*8005550100~LE*2120~EB*A*IND*25*****0.2~`,
      ),
    );
    const loopOf = (id: string, from = 0) => segments.slice(from).find((segment) => segment.id === id)!;
    const r = segments.findIndex((segment) => segment.text === 'EB*R**35');
    expect(loopOf('III').loop).toBe('2115C');
    expect(loopOf('III').loopName).toBe('Subscriber Eligibility or Benefit Additional Information');
    expect(loopOf('LS').loop).toBe('2110C');
    expect(loopOf('NM1', r).loop).toBe('2120C');
    expect(loopOf('NM1', r).loopName).toBe('Subscriber Benefit Related Entity Name');
    expect(loopOf('PER', r).loop).toBe('2120C');
    expect(loopOf('LE').loop).toBe('2110C');
    expect(segments.find((segment) => segment.text === 'EB*A*IND*25*****0.2')?.loop).toBe('2110C');
    expect(segments.find((segment) => segment.text === 'EB*R**35')?.explanation).toBe('Other or additional payer, Dental Care');
  });

  it('explains a 271 the strict reading refuses, and gives nothing for text that is no X12', () => {
    // No 2100C and no AAA saying why: parse271 refuses it; the source view still reads it.
    const refused = explain271(wrap271('BHT*0022*11*T*20240115*1430~HL*1**20*1~NM1*PR*2*DELTA*****PI*77777~EB*1**35'));
    expect(refused.map((segment) => segment.id)).toContain('EB');
    expect(explain271('this is not X12')).toEqual([]);
    expect(explain271('')).toEqual([]);
  });

  it('reads HSD written as unit and modulus, and counts of what remains', () => {
    const segments = explain271(wrap271(`${subscriberHead()}~EB*F*IND*23~HSD*VS*2*MO*6~HSD*VS*1***29~HSD*VS*2***23`));
    expect(segments.filter((segment) => segment.id === 'HSD').map((segment) => segment.explanation)).toEqual([
      'Frequency: 2 visits per 6 months',
      'Frequency: 1 visit remaining',
      'Frequency: 2 visits per calendar year',
    ]);
  });
});

describe('explain271 on values spelled like Object.prototype members', () => {
  const NAMES = Object.getOwnPropertyNames(Object.prototype);
  const BODY = [
    subscriberHead(),
    'INS*Y*18*001*25',
    'EB*1*IND*35*DN*GOLD PLAN',
    'EB*A*IND*4*DN***0.2',
    'EB*F*IND*35*DN**22*1500',
    'HSD*VS*2*DA*1*7*1',
    'AAA*Y**72*C',
    'EB*B*IND*35*DN**27*25*****Y*AD:D0120',
  ].join('~');

  it('reads each as no code, in every element of every segment (the whole table)', () => {
    const segments = BODY.split('~');
    const problems: string[] = [];
    segments.forEach((segment, at) => {
      const [tag = '', ...elements] = segment.split('*');
      for (let n = 1; n <= Math.max(elements.length, 13); n += 1) {
        const position = `${tag}${String(n).padStart(2, '0')}`;
        for (const name of NAMES) {
          const changed = Array.from({ length: Math.max(elements.length, n) }, (_, i) => (i === n - 1 ? name : (elements[i] ?? '')));
          const views = explain271(wrap271([...segments.slice(0, at), [tag, ...changed].join('*'), ...segments.slice(at + 1)].join('~')));
          const meaning = elementOf(views.find((view) => view.index === at + 3)!, position)?.meaning;
          if (meaning !== null) problems.push(`${position} ${name} means ${String(meaning)}`);
          for (const { loop, loopName, explanation, elements: read } of views) {
            if (loop !== null && !/^2\d{3}[A-D]$/.test(loop)) problems.push(`${position} ${name}: loop ${String(loop)}`);
            for (const words of [loopName, explanation, ...read.map((element) => element.meaning)]) {
              if (words !== null && (typeof words !== 'string' || /native code|\[object /.test(words))) problems.push(`${position} ${name}: ${String(words)}`);
            }
          }
        }
      }
    });
    expect(problems).toEqual([]);
  });

  it('finds no name for them in the dictionary', () => {
    for (const name of NAMES) {
      expect([name, serviceTypeName(name), rejectReasonName(name), followUpActionName(name), timePeriodName(name)]).toEqual([name, undefined, undefined, undefined, undefined]);
    }
  });
});
