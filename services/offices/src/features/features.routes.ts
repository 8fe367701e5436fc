import { FeatureFlag, FeatureFlagList, FeatureFlagPatch } from '@dv/contracts';
import { requireActor, type Server } from '@dv/kit';
import { z } from 'zod';
import { type FeatureFlagService } from './features.service';

const FlagParams = z.object({ name: z.string().regex(/^[\w.-]{1,100}$/, { error: 'Not a flag name' }) });

export function featureRoutes(app: Server, { features }: { features: FeatureFlagService }): void {
  app.get(
    '/api/features',
    { config: { auth: false }, schema: { response: { 200: FeatureFlagList } } },
    () => features.list(),
  );

  app.get('/api/management/features', { schema: { response: { 200: FeatureFlagList } } }, (request) =>
    features.listForManagement(requireActor(request)),
  );

  app.put(
    '/api/management/features/:name',
    { schema: { params: FlagParams, body: FeatureFlagPatch, response: { 200: FeatureFlag } } },
    (request) => features.update(requireActor(request), request.params.name, request.body),
  );
}
