/** GET /api/auth/credentials/auth0: what the SPA needs to start sign-in with the identity provider. */
import { z } from 'zod';

export const AuthProviderConfig = z.object({
  domain: z.string().min(1),
  clientId: z.string().min(1),
});
export type AuthProviderConfig = z.infer<typeof AuthProviderConfig>;
