/**
 * The coupon field of /payment: what is typed, and the coupon the service found for it (GET
 * /api/stripe/coupon?code=, SPEC section 5: the code travels as a query parameter). A code is checked when the
 * user asks (Apply) or, if still unchecked, before a plan is chosen; a code the service does not know, or a coupon
 * it says is no longer valid, stops the choice with the reason.
 */
import { BILLING_MESSAGES, type Coupon, MESSAGES } from '@dv/contracts';
import { useState } from 'react';
import { useServices } from '../app/services-context';
import { ApiCallError } from '../http/api-call-error';
import { fetchCoupon } from './billing-api';

export type CouponState = {
  typed: string;
  /** The coupon found for the code as typed, if it was checked. */
  coupon: Coupon | null;
  problem: string | null;
  checking: boolean;
  type: (text: string) => void;
  /**
   * The coupon code to subscribe with: undefined without one, null when the code typed is not good (the problem
   * says why).
   */
  apply: () => Promise<string | undefined | null>;
};

export function useCoupon(): CouponState {
  const { http } = useServices();
  const [typed, setTyped] = useState('');
  const [found, setFound] = useState<{ code: string; coupon: Coupon } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const code = typed.trim();
  const coupon = found !== null && found.code === code ? found.coupon : null;

  const apply = async (): Promise<string | undefined | null> => {
    if (code === '') return undefined;
    if (coupon) return code;
    setChecking(true);
    setProblem(null);
    try {
      const checked = await fetchCoupon(http, code);
      if (!checked.valid) {
        setProblem(BILLING_MESSAGES.unknownCoupon);
        return null;
      }
      setFound({ code, coupon: checked });
      return code;
    } catch (error) {
      const refused = error instanceof ApiCallError && error.status >= 400 && error.status < 500;
      setProblem(refused ? error.message : MESSAGES.GENERIC_ERROR);
      return null;
    } finally {
      setChecking(false);
    }
  };

  const type = (text: string) => {
    setTyped(text);
    setProblem(null);
  };

  return { typed, coupon, problem, checking, type, apply };
}
