import { canOutsource, hasPmsIntegration, hasScheduleIntegration, paymentTypeOf, paysByCard } from './office';

describe('office capabilities', () => {
  it('only the two named practice management systems count as a PMS integration', () => {
    expect(hasPmsIntegration({ scheduleIntegration: { type: 'nexHealth', pmsType: 'dentrix' } })).toBe(true);
    expect(hasPmsIntegration({ scheduleIntegration: { type: 'nexHealth', pmsType: 'openDental' } })).toBe(true);
    expect(hasPmsIntegration({ scheduleIntegration: { type: 'nexHealth', pmsType: 'eaglesoft' } })).toBe(false);
    expect(hasPmsIntegration({ scheduleIntegration: { type: 'manual' } })).toBe(false);
    expect(hasPmsIntegration({})).toBe(false);
    expect(hasPmsIntegration(null)).toBe(false);
  });

  it('a schedule integration is any configured type', () => {
    expect(hasScheduleIntegration({ scheduleIntegration: { type: 'manual' } })).toBe(true);
    expect(hasScheduleIntegration({ scheduleIntegration: null })).toBe(false);
  });

  it('outsourcing needs outsourceEnabled', () => {
    expect(canOutsource({ outsource: { outsourceEnabled: true } })).toBe(true);
    expect(canOutsource({ outsource: { outsourceEnabled: false } })).toBe(false);
    expect(canOutsource(undefined)).toBe(false);
  });

  it('reads the payment type; auto, locked and unset pay by card', () => {
    expect(paymentTypeOf({ paymentType: 'invoice' })).toBe('invoice');
    expect(paymentTypeOf({ paymentType: null })).toBeUndefined();
    expect(paysByCard('auto')).toBe(true);
    expect(paysByCard('locked')).toBe(true);
    expect(paysByCard(undefined)).toBe(true);
    expect(paysByCard(null)).toBe(true);
    expect(paysByCard('manual')).toBe(false);
    expect(paysByCard('invoice')).toBe(false);
  });
});
