import { ManagementListQuery, OfficeMember, OfficeMemberInput, OfficeMemberParams, pageOf } from '@dv/contracts';
import { IdParams, NoContent, requireActor, type Server } from '@dv/kit';
import { type OfficeMemberService } from './office-members.service';

/** /api/management/offices/{id}/users: an office's users and their roles there (rules in office-members.service.ts). */
export function officeMemberRoutes(app: Server, { members }: { members: OfficeMemberService }): void {
  app.get(
    '/api/management/offices/:id/users',
    { schema: { params: IdParams, querystring: ManagementListQuery, response: { 200: pageOf(OfficeMember) } } },
    (request) => members.list(requireActor(request), request.params.id, request.query),
  );

  app.put(
    '/api/management/offices/:id/users/:userId',
    { schema: { params: OfficeMemberParams, body: OfficeMemberInput, response: { 200: OfficeMember } } },
    (request) => members.put(requireActor(request), request.params.id, request.params.userId, request.body),
  );

  app.delete(
    '/api/management/offices/:id/users/:userId',
    { schema: { params: OfficeMemberParams, response: { 204: NoContent } } },
    async (request, reply) => {
      await members.remove(requireActor(request), request.params.id, request.params.userId);
      return reply.status(204).send();
    },
  );
}
