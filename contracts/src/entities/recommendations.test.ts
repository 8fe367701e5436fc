import { compareRecommendations, Recommendation, recommendedAction, VerificationRecommendations } from './recommendations';

const notice = (severity: 'LOW' | 'MEDIUM' | 'HIGH', actions: ReturnType<typeof recommendedAction>[] = []) => ({ severity, actions });

describe('recommendations', () => {
  it('gives an action the priority of contracts’ table', () => {
    expect(recommendedAction('CONTACT_CARRIER', { phone: '8005550199' })).toEqual({ action: 'CONTACT_CARRIER', priority: 4, phone: '8005550199' });
    expect(recommendedAction('OUTSOURCE_BREAKDOWN')).toEqual({ action: 'OUTSOURCE_BREAKDOWN', priority: 1 });
  });

  it('refuses an action with another priority than its own, naming the field', () => {
    const result = Recommendation.safeParse({
      code: 'MISSING_HISTORY',
      category: 'other',
      severity: 'LOW',
      actions: [{ action: 'CHECK_CARRIER_PORTAL', priority: 1 }],
      message: 'x',
    });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['actions.0.priority']);
  });

  it('refuses unknown codes, categories, severities and actions', () => {
    const valid = { code: 'NEW_PATIENT', category: 'other', severity: 'LOW', actions: [], message: 'x' };
    expect(Recommendation.safeParse(valid).success).toBe(true);
    for (const [key, value] of [['code', 'NOPE'], ['category', 'nope'], ['severity', 'URGENT'], ['actions', [{ action: 'CALL', priority: 1 }]]] as const) {
      expect(Recommendation.safeParse({ ...valid, [key]: value }).success).toBe(false);
    }
    expect(VerificationRecommendations.safeParse({ verificationId: 'v1', enabled: true, sourcesWorking: false, recommendations: [valid] }).success).toBe(true);
  });

  it('orders the most urgent first: severity, then the best action priority, a notice without actions last', () => {
    const list = [
      notice('LOW', [recommendedAction('CHECK_CARRIER_PORTAL')]),
      notice('LOW'),
      notice('HIGH', [recommendedAction('CONTACT_CARRIER')]),
      notice('LOW', [recommendedAction('OUTSOURCE_BREAKDOWN')]),
      notice('MEDIUM', [recommendedAction('GO_TO_CUSTOMIZATION')]),
    ];
    const sorted = [...list].sort(compareRecommendations);
    expect(sorted.map((r) => [r.severity, r.actions[0]?.action ?? null])).toEqual([
      ['HIGH', 'CONTACT_CARRIER'],
      ['MEDIUM', 'GO_TO_CUSTOMIZATION'],
      ['LOW', 'OUTSOURCE_BREAKDOWN'],
      ['LOW', 'CHECK_CARRIER_PORTAL'],
      ['LOW', null],
    ]);
  });
});
