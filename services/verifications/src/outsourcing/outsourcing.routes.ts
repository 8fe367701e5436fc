/**
 * Outsourcing's transport (contracts entities/outsourcing.ts lists the calls): the office's request on its ticket,
 * the company's queue and its work, the requesters. Role checks run before the body is read, with the table's own
 * role lists (rules/api-routes.ts), and the services check them again.
 */
import {
  AgentFieldsInput,
  CallLogInput,
  OUTSOURCE_QUEUE_ROLES,
  OUTSOURCE_REQUEST_ROLES,
  OUTSOURCE_REQUESTERS_ROLES,
  OutsourcedTicket,
  OutsourcedTicketReply,
  OutsourceInput,
  OutsourceQueueItem,
  OutsourceQueueQuery,
  pageOf,
  RequestersQuery,
  RequestersReply,
  TicketStatusInput,
  VerificationDetail,
} from '@dv/contracts';
import { IdParams, requireActor, requireRoles, type Server } from '@dv/kit';
import { type RequestContext } from '../verifications/verifications.service';
import { type OutsourcingService } from './outsourcing.service';
import { type QueueService } from './queue.service';

function contextOf(request: Parameters<typeof requireActor>[0]): RequestContext {
  return { actor: requireActor(request), requestId: request.id };
}

export function outsourcingRoutes(app: Server, { outsourcing, queue }: { outsourcing: OutsourcingService; queue: QueueService }): void {
  const worker = requireRoles(...OUTSOURCE_QUEUE_ROLES);

  app.post(
    '/api/verifications/:id/outsource',
    { onRequest: requireRoles(...OUTSOURCE_REQUEST_ROLES), schema: { params: IdParams, body: OutsourceInput, response: { 200: OutsourcedTicket } } },
    // The kit verified the bearer token; the offices service reads the office's settings with the same one.
    (request) =>
      outsourcing.outsource({ ...contextOf(request), authorization: request.headers.authorization ?? '' }, request.params.id, request.body),
  );

  app.get(
    '/api/management/verifications',
    { onRequest: worker, schema: { querystring: OutsourceQueueQuery, response: { 200: pageOf(OutsourceQueueItem) } } },
    (request) => queue.queue(contextOf(request), request.query),
  );

  app.get(
    '/api/management/verifications/:id',
    { onRequest: worker, schema: { params: IdParams, response: { 200: OutsourcedTicketReply } } },
    (request) => queue.ticket(contextOf(request), request.params.id),
  );

  app.post(
    '/api/management/verifications/:id/claim',
    { onRequest: worker, schema: { params: IdParams, response: { 200: OutsourcedTicket } } },
    (request) => outsourcing.claim(contextOf(request), request.params.id),
  );

  app.post(
    '/api/management/verifications/:id/status',
    { onRequest: worker, schema: { params: IdParams, body: TicketStatusInput, response: { 200: OutsourcedTicket } } },
    (request) => outsourcing.move(contextOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/management/verifications/:id/call',
    { onRequest: worker, schema: { params: IdParams, body: CallLogInput, response: { 200: OutsourcedTicket } } },
    (request) => outsourcing.logCall(contextOf(request), request.params.id, request.body),
  );

  app.patch(
    '/api/management/verifications/:id/fields',
    { onRequest: worker, schema: { params: IdParams, body: AgentFieldsInput, response: { 200: VerificationDetail } } },
    (request) => outsourcing.enterFields(contextOf(request), request.params.id, request.body),
  );

  app.get(
    '/api/management/requesters',
    { onRequest: requireRoles(...OUTSOURCE_REQUESTERS_ROLES), schema: { querystring: RequestersQuery, response: { 200: RequestersReply } } },
    (request) => queue.requesters(contextOf(request), request.query),
  );
}
