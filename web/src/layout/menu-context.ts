/**
 * What the left menu rules (SPEC section 6) need, from the session and the current office: the integration
 * subdomain, plan type and payment type are the current office's. The token describes the office the session
 * started in; the office settings and GET /api/dentaloffice/{id} describe whichever office is current.
 */
import { type DentalOffice, type MenuContext } from '@dv/contracts';
import { type OfficeListItem } from '../office/office-api';
import { type Access } from '../routing/access';

export type MenuSources = {
  access: Access;
  currentPath: string;
  currentOfficeId: string | null;
  settings?: OfficeListItem;
  dentalOffice?: DentalOffice;
};

function subdomainOf(settings: OfficeListItem | undefined): string | undefined {
  const subdomain = settings?.scheduleIntegration?.integration?.subdomain;
  return typeof subdomain === 'string' && subdomain !== '' ? subdomain : undefined;
}

export function menuContextFor({ access, currentPath, currentOfficeId, settings, dentalOffice }: MenuSources): MenuContext {
  const claims = access.claims;
  const sessionOffice = claims !== null && currentOfficeId !== null && claims.officeId === currentOfficeId;
  const fromToken = sessionOffice ? claims : null;
  return {
    roles: access.effectiveRoles,
    currentPath,
    inRegistration: access.inRegistration,
    integrationSubdomain: subdomainOf(settings) ?? fromToken?.integration?.subdomain ?? null,
    planType: dentalOffice?.planType ?? fromToken?.planType ?? null,
    paymentType: settings ? (settings.paymentType ?? null) : (fromToken?.paymentType ?? null),
  };
}
