import { CarrierCatalogue } from '@dv/contracts';
import { type Server } from '@dv/kit';
import { carrierCatalogueView, type CarrierLookup } from './carrier-catalogue';

/**
 * GET /api/carriers: the active carriers of the stored catalogue, for any signed-in user (no patient data in it):
 * the New Verification picker.
 */
export function carrierRoutes(app: Server, { carriers }: { carriers: Pick<CarrierLookup, 'carriers'> }): void {
  app.get('/api/carriers', { schema: { response: { 200: CarrierCatalogue } } }, async () => carrierCatalogueView(await carriers.carriers()));
}
