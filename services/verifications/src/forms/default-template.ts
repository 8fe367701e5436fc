/**
 * The template an organization starts with (seeded on its first form read): what an agent asks a carrier on the
 * phone, in the order of the call. The plan-wide amounts, the frequencies of the three codes every office asks about
 * (periodic exam D0120, adult cleaning D1110, bitewings D0274), the waiting periods of basic and major work, the
 * missing tooth clause, and orthodontics: its questions sit in a block shown only when 'Orthodontics covered' is yes.
 */
import { FormQuestions, type FormQuestion, type TimePeriod } from '@dv/contracts';

export const DEFAULT_TEMPLATE_NAME = 'Verification form';

const YES_NO = { yesLabel: 'Yes', noLabel: 'No' };
const FREQUENCY_PERIODS: TimePeriod[] = ['mo', 'yr', '/yr'];

const QUESTIONS: FormQuestion[] = [
  { key: 'annualMax', label: 'Annual maximum', type: 'ETBField', options: { unit: 'currency' }, target: 'plan.benefits.annualMax' },
  {
    key: 'deductibleIndividual',
    label: 'Deductible (individual)',
    type: 'ETBField',
    options: { unit: 'currency' },
    target: 'plan.benefits.deductible.individual',
  },
  { key: 'deductibleFamily', label: 'Deductible (family)', type: 'ETBField', options: { unit: 'currency' }, target: 'plan.benefits.deductible.family' },
  {
    key: 'examFrequency',
    label: 'Periodic exam (D0120) frequency',
    help: 'How many exams per how long, e.g. 2 per 12 months',
    type: 'frequencyPicker',
    options: { timePeriods: FREQUENCY_PERIODS },
    target: 'plan.benefits.adaCodes.ADA:D0120.limitation',
  },
  {
    key: 'prophyFrequency',
    label: 'Adult cleaning (D1110) frequency',
    type: 'frequencyPicker',
    options: { timePeriods: FREQUENCY_PERIODS },
    target: 'plan.benefits.adaCodes.ADA:D1110.limitation',
  },
  {
    key: 'bitewingsFrequency',
    label: 'Bitewings (D0274) frequency',
    type: 'frequencyPicker',
    options: { timePeriods: FREQUENCY_PERIODS },
    target: 'plan.benefits.adaCodes.ADA:D0274.limitation',
  },
  {
    key: 'basicWaitingPeriod',
    label: 'Waiting period for basic services',
    type: 'WaitingPeriod',
    options: { units: ['months', 'years'] },
    target: 'plan.benefits.adaCodes.CAT:Basic.waitingPeriod',
  },
  {
    key: 'majorWaitingPeriod',
    label: 'Waiting period for major services',
    type: 'WaitingPeriod',
    options: { units: ['months', 'years'] },
    target: 'plan.benefits.adaCodes.CAT:Major.waitingPeriod',
  },
  {
    key: 'missingToothClause',
    label: 'Missing tooth clause',
    help: 'Does the plan refuse to replace a tooth lost before coverage began?',
    type: 'expliciteToggleButton',
    options: YES_NO,
    target: 'plan.benefits.missingToothClause',
  },
  { key: 'orthoCovered', label: 'Orthodontics covered', type: 'expliciteToggleButton', options: YES_NO },
  {
    key: 'orthodontics',
    label: 'Orthodontics',
    type: 'conditionalBlock',
    options: {},
    condition: { question: 'orthoCovered', values: [true] },
  },
  {
    key: 'orthoLifetimeMax',
    label: 'Orthodontic lifetime maximum',
    type: 'ETBField',
    options: { unit: 'currency' },
    target: 'plan.benefits.adaCodes.CAT:Orthodontics.lifetimeMaximum',
    block: 'orthodontics',
  },
  {
    key: 'orthoBenefitLevel',
    label: 'Orthodontic coverage',
    type: 'ETBField',
    options: { unit: 'percent' },
    target: 'plan.benefits.adaCodes.CAT:Orthodontics.benefitLevel',
    block: 'orthodontics',
  },
  {
    key: 'orthoAgeLimit',
    label: 'Orthodontic age limit',
    type: 'ETBField',
    options: { unit: 'count' },
    target: 'plan.benefits.adaCodes.CAT:Orthodontics.age.max',
    block: 'orthodontics',
  },
  {
    key: 'callNotes',
    label: 'Notes from the call',
    type: 'textField',
    options: { multiline: true, maxLength: 2000 },
    target: 'plan.planNotes',
  },
];

/** The default questions, checked by the same schema as any template (a fresh copy each call). */
export function defaultQuestions(): FormQuestion[] {
  return FormQuestions.parse(structuredClone(QUESTIONS));
}
