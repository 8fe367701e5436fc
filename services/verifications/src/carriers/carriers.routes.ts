import { CarrierCatalogue } from '@dv/contracts';
import { type Server } from '@dv/kit';
import { carrierCatalogueView } from './carrier-catalogue';

/** GET /api/carriers: the carrier catalogue, for any signed-in user (no patient data in it). */
export function carrierRoutes(app: Server): void {
  app.get('/api/carriers', { schema: { response: { 200: CarrierCatalogue } } }, () => carrierCatalogueView());
}
