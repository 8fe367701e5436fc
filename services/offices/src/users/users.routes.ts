import { InvitedUser, ManagedUser, ManagementListQuery, NewUserInput, UserPatch, pageOf } from '@dv/contracts';
import { IdParams, requireActor, type Server } from '@dv/kit';
import { type UserService } from './users.service';

/** /api/management/users: role rules in access.ts and users.service.ts. */
export function managementUserRoutes(app: Server, { users }: { users: UserService }): void {
  app.get(
    '/api/management/users',
    { schema: { querystring: ManagementListQuery, response: { 200: pageOf(ManagedUser) } } },
    (request) => users.list(requireActor(request), request.query),
  );

  app.post(
    '/api/management/users',
    { schema: { body: NewUserInput, response: { 201: InvitedUser } } },
    async (request, reply) => reply.status(201).send(await users.create(requireActor(request), request.body)),
  );

  app.get(
    '/api/management/users/:id',
    { schema: { params: IdParams, response: { 200: ManagedUser } } },
    (request) => users.get(requireActor(request), request.params.id),
  );

  app.patch(
    '/api/management/users/:id',
    { schema: { params: IdParams, body: UserPatch, response: { 200: ManagedUser } } },
    (request) => users.update(requireActor(request), request.params.id, request.body),
  );
}
