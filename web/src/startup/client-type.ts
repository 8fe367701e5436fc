/**
 * The client type once the organization is known (SPEC section 4). The host names the organization and the
 * organization has a client type: the gateway's organization lookup answers it. A host that names no
 * organization (plain localhost, an organization typed in the prompt without a type) is a dental office.
 */
import { type ClientType } from '@dv/contracts';

export const DEFAULT_CLIENT_TYPE: ClientType = 'dentalOffice';

export function inferClientType(reported: ClientType | undefined): ClientType {
  return reported ?? DEFAULT_CLIENT_TYPE;
}

/** Insurance-verification companies work through maintenance: the lock never applies to them. */
export function skipsMaintenanceLock(clientType: ClientType): boolean {
  return clientType === 'insuranceVerificationCompany';
}
