/**
 * The payment gate on the server (SPEC section 6, issue 17): while the payment flag (PAYMENTS_CONTINUOUS) is active,
 * an office that pays by card (contracts `paysByCard`: payment type auto, locked or unset) creates no verification
 * unless its subscription lets it work (the offices service's profile says `billingValid`, from the billing
 * service's events). The web app sends such an office's staff to /payment; this refuses the same work to a client
 * that skips the page: POST /api/verifications answers 402 with BILLING_MESSAGES.paymentRequired, and a schedule
 * request is answered as needing attention with the same message. Company users are not office users and are never
 * gated.
 *
 * Profiles are read through the kit's cached look-up; a cached "not valid" is read again before refusing, so an
 * office that has just paid is let through at once (a cached "valid" may last the cache's 30 seconds).
 */
import { BILLING_MESSAGES, paysByCard, type OfficeProfile } from '@dv/contracts';
import { HttpError, type OfficeProfiles } from '@dv/kit';
import { type FeatureFlagReader } from '../recommendations/feature-flags';

export const PAYMENT_REQUIRED_STATUS = 402;

export interface PaymentGate {
  /** Why the office may not start a verification now, or null when it may. */
  refusal(officeId: string): Promise<string | null>;
  /** Throws 402 for an office user whose office may not verify now. */
  assertMayVerify(actor: { readonly companyUser: boolean; readonly officeId?: string }): Promise<void>;
}

export interface PaymentGateDeps {
  readonly flags: FeatureFlagReader;
  /** The kit's cached profile look-up. */
  readonly profiles: OfficeProfiles;
  /** The same look-up, not cached. */
  readonly freshProfiles: OfficeProfiles;
}

/** An office whose payment the gate checks, and whose subscription does not let it work. */
export function paymentMissing(profile: Pick<OfficeProfile, 'paymentType' | 'billingValid'>): boolean {
  return paysByCard(profile.paymentType) && profile.billingValid !== true;
}

export function paymentGate({ flags, profiles, freshProfiles }: PaymentGateDeps): PaymentGate {
  async function refusal(officeId: string): Promise<string | null> {
    if (!(await flags('PAYMENTS_CONTINUOUS'))) return null;
    const cached = await profiles(officeId);
    // No such office: the office checks elsewhere decide; this gate is about paying.
    if (cached === null || !paymentMissing(cached)) return null;
    const fresh = await freshProfiles(officeId);
    return fresh !== null && paymentMissing(fresh) ? BILLING_MESSAGES.paymentRequired : null;
  }
  return {
    refusal,
    async assertMayVerify(actor) {
      if (actor.companyUser || actor.officeId === undefined) return;
      const reason = await refusal(actor.officeId);
      if (reason !== null) throw new HttpError(PAYMENT_REQUIRED_STATUS, reason);
    },
  };
}

/** Without the offices service's profiles (OFFICES_URL and INTERNAL_API_TOKEN unset) nothing says who paid: open. */
export const openPaymentGate: PaymentGate = {
  refusal: () => Promise.resolve(null),
  assertMayVerify: () => Promise.resolve(),
};
