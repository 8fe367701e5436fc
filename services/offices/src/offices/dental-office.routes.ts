import { DentalOfficeDetail, UserOfficeSettingsReply } from '@dv/contracts';
import { IdParams, requireActor, type Server } from '@dv/kit';
import { type OfficeService } from './offices.service';

/** The SPA's office calls (SPEC section 7): any signed-in user, for the offices they may act for. */
export function dentalOfficeRoutes(app: Server, { offices }: { offices: OfficeService }): void {
  app.get('/api/dentaloffice/user/all', { schema: { response: { 200: UserOfficeSettingsReply } } }, (request) =>
    offices.settingsForUser(requireActor(request)),
  );

  app.get(
    '/api/dentaloffice/:id',
    { schema: { params: IdParams, response: { 200: DentalOfficeDetail } } },
    (request) => offices.dentalOffice(requireActor(request), request.params.id),
  );
}
