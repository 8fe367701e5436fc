/**
 * The verifications service's carrier catalogue API for /management/carriers (contracts carriers-admin.ts): the
 * paged list, create, change (deactivate and restore too). Replies are checked against the contract's schemas; a
 * failed call throws an ApiCallError (http/api-call-error.ts) with the status, the server's message and the fields
 * its 400 names. A change also refreshes the New Verification picker's copy of the catalogue.
 */
import { type CarrierListQuery, type CarrierPatch, ManagedCarrier, type NewCarrierInput, type Page, pageOf } from '@dv/contracts';
import { keepPreviousData, useQuery, type QueryClient } from '@tanstack/react-query';
import { useServices } from '../../app/services-context';
import { callError, retryUnlessRefused } from '../../http/api-call-error';
import { type HttpClient } from '../../http/http-client';
import { CARRIER_LIST_PARAMS } from './carrier-address';

const CarrierPage = pageOf(ManagedCarrier);
const BASE = '/api/management/carriers';
const carrierPath = (payerId: string) => `${BASE}/${encodeURIComponent(payerId)}`;

export const CARRIERS_QUERY_KEY = 'management-carriers';
/** The New Verification picker's query (verification/new/new-verification-api.ts). */
const PICKER_QUERY_KEY = 'carrier-catalogue';

export async function fetchCarriers(http: HttpClient, query: CarrierListQuery): Promise<Page<ManagedCarrier>> {
  const result = await http.get(BASE, CARRIER_LIST_PARAMS(query));
  if (!result.ok) throw callError(result, 'Listing the carriers');
  return CarrierPage.parse(result.data);
}

export async function fetchCarrier(http: HttpClient, payerId: string): Promise<ManagedCarrier> {
  const result = await http.get(carrierPath(payerId));
  if (!result.ok) throw callError(result, 'Reading the carrier');
  return ManagedCarrier.parse(result.data);
}

export async function createCarrier(http: HttpClient, input: NewCarrierInput): Promise<ManagedCarrier> {
  const result = await http.post(BASE, input);
  if (!result.ok) throw callError(result, 'Adding the carrier');
  return ManagedCarrier.parse(result.data);
}

export async function changeCarrier(http: HttpClient, payerId: string, patch: CarrierPatch): Promise<ManagedCarrier> {
  const result = await http.patch(carrierPath(payerId), patch);
  if (!result.ok) throw callError(result, 'Saving the carrier');
  return ManagedCarrier.parse(result.data);
}

/** After a change: the list pages and the picker read the catalogue again. */
export async function refreshCatalogue(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: [CARRIERS_QUERY_KEY] }),
    queryClient.invalidateQueries({ queryKey: [PICKER_QUERY_KEY] }),
  ]);
}

/** One carrier, while the page shows it (`payerId` undefined: none). */
export function useCarrier(payerId: string | undefined) {
  const { http } = useServices();
  return useQuery({
    queryKey: [CARRIERS_QUERY_KEY, 'carrier', payerId],
    queryFn: () => fetchCarrier(http, payerId!),
    enabled: payerId !== undefined,
    retry: retryUnlessRefused,
  });
}

export function useCarriers(query: CarrierListQuery) {
  const { http } = useServices();
  return useQuery({
    queryKey: [CARRIERS_QUERY_KEY, 'list', query],
    queryFn: () => fetchCarriers(http, query),
    // The table keeps the previous page while the next one loads instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}
