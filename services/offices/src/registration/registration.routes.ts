/**
 * The practice's own side of the offices service (issue 18, item 8): POST /api/registration/office for
 * /register-do, and GET/PATCH /api/management/offices/{id}/details for /dental-office-settings. Transport only:
 * the rules are in registration.service.ts and office-details.service.ts; the role lists are contracts' (the
 * gateway applies the same ones).
 */
import { OfficeDetails, OfficeDetailsPatch, OfficeRegistration, OfficeRegistrationInput } from '@dv/contracts';
import { IdParams, requireActor, type Outbox, type Server, type Store } from '@dv/kit';
import { officeDetailsService } from './office-details.service';
import { registrationService } from './registration.service';

export interface RegistrationRoutesDeps {
  readonly store: Pick<Store, 'collection' | 'transaction'>;
  readonly outbox: Pick<Outbox, 'add'>;
  readonly now?: () => Date;
}

export function registrationRoutes(app: Server, deps: RegistrationRoutesDeps): void {
  const registrations = registrationService(deps);
  const details = officeDetailsService(deps);

  app.post(
    '/api/registration/office',
    { schema: { body: OfficeRegistrationInput, response: { 201: OfficeRegistration } } },
    async (request, reply) => reply.status(201).send(await registrations.register(requireActor(request), request.body)),
  );

  app.get(
    '/api/management/offices/:id/details',
    { schema: { params: IdParams, response: { 200: OfficeDetails } } },
    (request) => details.get(requireActor(request), request.params.id),
  );

  app.patch(
    '/api/management/offices/:id/details',
    { schema: { params: IdParams, body: OfficeDetailsPatch, response: { 200: OfficeDetails } } },
    (request) => details.update(requireActor(request), request.params.id, request.body),
  );
}
