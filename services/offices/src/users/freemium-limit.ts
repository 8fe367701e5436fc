/**
 * MAXIMUM_FREEMIUM_USERS (SPEC section 9, issue 17): how many users an office on the free plan may have. The flag
 * is an integer; an empty or inactive flag reads -1, no limit. Checked when a user is invited to a freemium office
 * or given access to one (the offices a user may act for are the users of an office); a user who already had the
 * office does not count twice, nor does a deactivated user (reactivating one takes the place again). Refused with
 * 409 and the billing message the payment pages show.
 */
import { BILLING_MESSAGES, FEATURE_FLAGS, featureFlagValue } from '@dv/contracts';
import { Conflict, type Transaction } from '@dv/kit';
import { toFeatureFlag } from '../features/features.service';
import { featureFlagRecords } from '../features/features.store';
import { officeRecords } from '../offices/offices.store';
import { isActiveUser, userRecords } from './users.store';

async function freemiumUserLimit(tx: Pick<Transaction, 'collection'>): Promise<number> {
  const flag = await featureFlagRecords(tx).findByName(FEATURE_FLAGS.MAXIMUM_FREEMIUM_USERS.name);
  return featureFlagValue(flag === null ? [] : [toFeatureFlag(flag)], 'MAXIMUM_FREEMIUM_USERS');
}

/**
 * Throws 409 when one of `addedOfficeIds` (offices the user is being given) is a freemium office whose users
 * already reach the limit; `userId` is the user changed (not counted), absent for an invitation.
 */
export async function assertFreemiumRoom(
  tx: Pick<Transaction, 'collection'>,
  orgId: string,
  addedOfficeIds: readonly string[],
  userId?: string,
): Promise<void> {
  if (addedOfficeIds.length === 0) return;
  const limit = await freemiumUserLimit(tx);
  if (limit < 0) return;
  const freemium = (await officeRecords(tx).findManyInOrg(orgId, addedOfficeIds)).filter((office) => office.planType === 'freemium');
  if (freemium.length === 0) return;
  // An organization's users are few (management pages list them all); counting them here needs no array query.
  // A deactivated user holds no place: deactivating frees one.
  const users = (await userRecords(tx).listInOrg(orgId)).filter((user) => user._id !== userId && isActiveUser(user));
  for (const office of freemium) {
    const count = users.filter((user) => user.allowedOfficeIds.includes(office._id)).length;
    if (count >= limit) {
      throw new Conflict(BILLING_MESSAGES.freemiumUsersFull, [
        { location: 'body', path: `allowedOfficeIds.${addedOfficeIds.indexOf(office._id)}`, message: BILLING_MESSAGES.freemiumUsersFull },
      ]);
    }
  }
}
