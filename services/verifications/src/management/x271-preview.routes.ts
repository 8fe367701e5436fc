import { X271_PREVIEW_MAX_BODY_BYTES, X271_PREVIEW_ROLES, X271Preview, X271PreviewInput } from '@dv/contracts';
import { Forbidden, requireRoles, Unauthorized, type RequestGuard, type Server } from '@dv/kit';
import { type CarrierLookup } from '../carriers/carrier-catalogue';
import { previewX271 } from './x271-preview.service';

/** Company users only: an office user holding no such role never reaches the tool, whatever the token says. */
const companyUsersOnly: RequestGuard = (request, _reply, done) => {
  if (!request.actor) done(new Unauthorized());
  else if (!request.actor.companyUser) done(new Forbidden('Your role does not allow this'));
  else done();
};

/** POST /api/management/x271/preview: admins and super administrators (contracts X271_PREVIEW_ROLES). */
export function x271PreviewRoutes(app: Server, { now, carriers }: { now: () => Date; carriers: Pick<CarrierLookup, 'carrier'> }): void {
  app.post(
    '/api/management/x271/preview',
    {
      // A 271 is larger than a ticket edit: the preview takes what the gateway lets through (1 MB).
      bodyLimit: X271_PREVIEW_MAX_BODY_BYTES,
      onRequest: [requireRoles(...X271_PREVIEW_ROLES), companyUsersOnly],
      schema: { body: X271PreviewInput, response: { 200: X271Preview } },
    },
    (request) => previewX271(request.body, now(), carriers),
  );
}
