/** build270: the exact inquiry, its counts and control numbers, and the inputs it refuses. */
import { type PatientInfoV3 } from '@dv/contracts';
import { build270, type EligibilityInquiry } from './build-270';
import { X12BuildError } from './errors';
import { parse270 } from './parse-270';
import { tokenizeX12 } from './tokenizer';

const SUBSCRIBER: PatientInfoV3 = {
  patientFirstName: 'Maria',
  patientLastName: 'López',
  patientDOB: '04/12/1985',
  patientMemberId: 'DD100200300',
  patientRelationToSubscriber: 'Self',
};

const INQUIRY: EligibilityInquiry = {
  patient: SUBSCRIBER,
  patientGender: 'F',
  payer: { id: '77777', name: 'Delta Dental of California' },
  provider: { npi: '1234567893', name: 'Bright Smile Dental', taxId: '94-1234567' },
  date: new Date('2024-05-20T15:04:00Z'),
  controlNumber: 42,
  procedureCodes: ['D0120', 'ADA:D2740', 'D0120'],
};

describe('build270', () => {
  it('writes the 005010X279A1 inquiry of a subscriber', () => {
    expect(build270(INQUIRY).split('~')).toEqual([
      'ISA*00*          *00*          *ZZ*1234567893     *ZZ*77777          *240520*1504*^*00501*000000042*0*P*:',
      'GS*HS*1234567893*77777*20240520*1504*42*X*005010X279A1',
      'ST*270*0001*005010X279A1',
      'BHT*0022*13*42*20240520*1504',
      'HL*1**20*1',
      'NM1*PR*2*DELTA DENTAL OF CALIFORNIA*****PI*77777',
      'HL*2*1*21*1',
      'NM1*1P*2*BRIGHT SMILE DENTAL*****XX*1234567893',
      'REF*TJ*941234567',
      'HL*3*2*22*0',
      'TRN*1*42*1941234567',
      'NM1*IL*1*LOPEZ*MARIA****MI*DD100200300',
      'DMG*D8*19850412*F',
      'DTP*291*D8*20240520',
      'EQ*35',
      'EQ**AD:D0120',
      'EQ**AD:D2740',
      'SE*16*0001',
      'GE*1*42',
      'IEA*1*000000042',
      '',
    ]);
  });

  it('writes loop 2000D for a dependent, with the relation code and the subscriber in 2100C', () => {
    const text = build270({
      ...INQUIRY,
      procedureCodes: [],
      traceNumber: 'VER-77',
      patient: {
        patientFirstName: 'Diego',
        patientLastName: 'Lopez',
        patientDOB: '06/02/2014',
        patientMemberId: 'DD100200300',
        patientRelationToSubscriber: 'Children',
        subscriberFirstName: 'Maria',
        subscriberLastName: 'Lopez',
        subscriberDOB: '04/12/1985',
      },
    });
    const lines = text.split('~');
    expect(lines.slice(9, 22)).toEqual([
      'HL*3*2*22*1',
      'NM1*IL*1*LOPEZ*MARIA****MI*DD100200300',
      'DMG*D8*19850412',
      'HL*4*3*23*0',
      'TRN*1*VER-77*1941234567',
      'NM1*03*1*LOPEZ*DIEGO',
      'DMG*D8*20140602*F',
      'INS*N*19',
      'DTP*291*D8*20240520',
      'EQ*35',
      'SE*18*0001',
      'GE*1*42',
      'IEA*1*000000042',
    ]);
  });

  it.each([
    ['Spouse', '01'],
    ['Dependent', '19'],
    ['LifePartner', '34'],
    ['Other', '34'],
  ] as const)('writes INS02 for %s as %s', (relation, code) => {
    const text = build270({ ...INQUIRY, patient: { ...SUBSCRIBER, patientRelationToSubscriber: relation } });
    expect(text).toContain(`~INS*N*${code}~`);
    expect(parse270(text).dependent?.relationship).toBe(code);
  });

  it('treats an employee as the subscriber', () => {
    const text = build270({ ...INQUIRY, patient: { ...SUBSCRIBER, patientRelationToSubscriber: 'Employee' } });
    expect(parse270(text).dependent).toBeUndefined();
  });

  it('keeps SE, GE and IEA counts and control numbers consistent, as the strict reader checks', () => {
    for (const controlNumber of [1, 905, 999_999_999]) {
      const parsed = parse270(build270({ ...INQUIRY, controlNumber }));
      expect(parsed.interchange.controlNumber).toBe(String(controlNumber).padStart(9, '0'));
      expect(parsed.subscriber.procedureCodes).toEqual(['D0120', 'D2740']);
      expect(parsed.subscriber.serviceTypes).toEqual(['35']);
    }
  });

  it('draws a control number when none is given', () => {
    const isa = tokenizeX12(build270({ ...INQUIRY, controlNumber: undefined })).segments[0]!;
    expect(Number(isa.elements[12])).toBeGreaterThanOrEqual(1);
  });

  it('strips delimiters out of names instead of breaking the interchange', () => {
    const text = build270({ ...INQUIRY, patient: { ...SUBSCRIBER, patientLastName: "O'Brien*Smith~Jr:" } });
    expect(parse270(text).subscriber.name.last).toBe("O'BRIEN SMITH JR");
  });

  it('refuses an inquiry it cannot send, listing every problem', () => {
    const attempt = () =>
      build270({
        ...INQUIRY,
        patient: { ...SUBSCRIBER, patientDOB: '1985-04-12' },
        provider: { npi: '12345', name: ' ' },
        procedureCodes: ['D0001'],
      });
    expect(attempt).toThrow(X12BuildError);
    expect(attempt).toThrow(
      'The eligibility inquiry cannot be sent: patient.patientDOB: Wrong date; provider.npi: must be 10 digits; provider.name: is required; procedureCodes: "D0001" is not a known procedure code',
    );
  });

  it('refuses a control number out of range', () => {
    expect(() => build270({ ...INQUIRY, controlNumber: 1_000_000_000 })).toThrow(
      'The interchange control number must be an integer from 1 to 999999999, got 1000000000',
    );
  });
});
