/** The Breakdown PDF names the payer call behind each value an agent entered; the Plan PDF does not. */
import { verificationDetail } from './pdf-fixture';
import { callEvidenceSections } from './evidence-section';
import { readPdfText } from './pdf-text';
import { renderVerificationPdf } from './render-verification-pdf';

const evidence = {
  calledAt: '2026-03-01T14:05:00.000Z',
  representative: 'Dana at Delta',
  callReference: 'REF-42',
  documentUrl: 'https://files.example.test/call-42.mp3',
  enteredBy: 'agent@a.test',
  enteredAt: '2026-03-01T14:20:00.000Z',
};

function withEvidence() {
  const detail = verificationDetail();
  return {
    ...detail,
    fieldSources: {
      ...detail.fieldSources,
      'plan.benefits.annualMax': { stated: [{ source: 'user' as const, sourceName: 'user' }], disputed: [], evidence },
    },
  };
}

describe('the payer calls behind entered values', () => {
  it('is no section at all while no value has a call behind it', () => {
    expect(callEvidenceSections(verificationDetail())).toEqual([]);
  });

  it('names the field, the call time, the representative, the reference, the document and who entered it', async () => {
    const text = await readPdfText(await renderVerificationPdf(withEvidence(), { type: 'Breakdown', paper: 'letter' }));
    expect(text).toContain('Payer calls behind entered values');
    expect(text).toMatch(/benefits annualMax: called 03\/01\/2026 14:05 UTC, Dana at Delta, reference REF-42/);
    expect(text).toContain('call-42.mp3');
    expect(text).toContain('agent@a.test');
  });

  it('stays out of the Plan PDF', async () => {
    const text = await readPdfText(await renderVerificationPdf(withEvidence(), { type: 'Plan', paper: 'letter' }));
    expect(text).not.toContain('Payer calls');
    expect(text).not.toContain('REF-42');
  });
});
