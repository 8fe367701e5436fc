import { z } from 'zod';

/** `/:id` of every route: an id as the store keeps them (no spaces, no slashes). */
export const IdParams = z.object({ id: z.string().regex(/^[\w.:-]{1,128}$/, { error: 'Not an id' }) });

/** `/:id/jobs/:jobId`: a verification and one of its source jobs. */
export const JobParams = IdParams.extend({ jobId: IdParams.shape.id });
