/** The user's offices: GET /api/dentaloffice/user/all (settings of each) and GET /api/dentaloffice/{id}. */
import { DentalOffice, OfficeSettings } from '@dv/contracts';
import { z } from 'zod';
import { type HttpClient } from '../http/http-client';

/** An office's settings, with its display name when the gateway sends one. */
export const OfficeListItem = OfficeSettings.extend({ name: z.string().optional() });
export type OfficeListItem = z.infer<typeof OfficeListItem>;

export async function fetchUserOffices(http: HttpClient): Promise<OfficeListItem[]> {
  const result = await http.get('/api/dentaloffice/user/all');
  if (!result.ok) throw new Error(result.error ?? 'The offices could not be read.');
  const parsed = z.array(z.unknown()).safeParse(result.data);
  if (!parsed.success) return [];
  return parsed.data.flatMap((item) => {
    const office = OfficeListItem.safeParse(item);
    return office.success ? [office.data] : [];
  });
}

export async function fetchDentalOffice(http: HttpClient, id: string): Promise<DentalOffice> {
  const result = await http.get(`/api/dentaloffice/${encodeURIComponent(id)}`);
  const parsed = DentalOffice.safeParse(result.data);
  if (!result.ok || !parsed.success) throw new Error(result.error ?? 'The dental office has no data.');
  return parsed.data;
}
