/**
 * The practice's registration (POST /api/registration/office, /register-do) and the office's details
 * (GET/PATCH /api/management/offices/{id}/details, /dental-office-settings). A refused call throws an
 * ApiCallError (http/api-call-error.ts) with the 400's field issues.
 */
import { OfficeDetails, OfficeRegistration } from '@dv/contracts';
import { checkedReply } from '../http/api-call-error';
import { type HttpClient } from '../http/http-client';

const detailsPath = (officeId: string) => `/api/management/offices/${encodeURIComponent(officeId)}/details`;

/** The body as typed: the service checks it with the contract and names what is wrong. */
export async function registerPractice(http: HttpClient, body: Record<string, unknown>): Promise<OfficeRegistration> {
  return checkedReply(OfficeRegistration, await http.post('/api/registration/office', body), 'Registering the practice');
}

/**
 * The office's details, asked for that office (its Connected-Dental-Office header): a read still under way when
 * the user switches office keeps asking for the office it names, with that office's roles.
 */
export async function fetchOfficeDetails(http: HttpClient, officeId: string): Promise<OfficeDetails> {
  return checkedReply(OfficeDetails, await http.get(detailsPath(officeId), undefined, { officeId }), "Reading the office's details");
}

export async function saveOfficeDetails(http: HttpClient, officeId: string, patch: Record<string, unknown>): Promise<OfficeDetails> {
  return checkedReply(OfficeDetails, await http.patch(detailsPath(officeId), patch, { officeId }), "Saving the office's details");
}
