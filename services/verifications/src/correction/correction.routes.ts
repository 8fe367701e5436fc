/**
 * /api/correction/tickets/{id} (/correction, the goduser's page): a ticket's raw document read, and corrected with
 * a note. The role list is contracts' TICKET_CORRECTION_ROLES, which the gateway applies too; the service checks
 * it again with the organization. A corrected ticket is a whole wrapper: the body may be as large as the largest
 * request the gateway takes, rather than this service's default.
 */
import { CorrectionTicket, REQUEST_BODY_MAX_BYTES, TICKET_CORRECTION_ROLES, TicketCorrectionInput } from '@dv/contracts';
import { IdParams, requireActor, requireRoles, type Server, type Store } from '@dv/kit';
import { type AuditLog } from '../audit/audit.store';
import { type VerificationStore } from '../verifications/verifications.store';
import { correctionRecords } from './correction.store';
import { correctionService } from './correction.service';

export interface CorrectionRoutesDeps {
  readonly store: Pick<Store, 'transaction' | 'collection'>;
  readonly verifications: VerificationStore;
  readonly audit: AuditLog;
  readonly now: () => Date;
}

export function correctionRoutes(app: Server, { store, verifications, audit, now }: CorrectionRoutesDeps): void {
  const corrections = correctionService({ store, verifications, corrections: correctionRecords(store), audit, now });
  const onRequest = requireRoles(...TICKET_CORRECTION_ROLES);
  const context = (request: Parameters<typeof requireActor>[0]) => ({ actor: requireActor(request), requestId: request.id });

  app.get(
    '/api/correction/tickets/:id',
    { onRequest, schema: { params: IdParams, response: { 200: CorrectionTicket } } },
    (request) => corrections.get(context(request), request.params.id),
  );

  app.put(
    '/api/correction/tickets/:id',
    { onRequest, bodyLimit: REQUEST_BODY_MAX_BYTES, schema: { params: IdParams, body: TicketCorrectionInput, response: { 200: CorrectionTicket } } },
    (request) => corrections.correct(context(request), request.params.id, request.body),
  );
}
