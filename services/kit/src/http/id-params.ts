import { ID_PATTERN } from '@dv/contracts';
import { z } from 'zod';

/** An id in a path: as the stores keep them (no spaces, no slashes). */
export const IdParam = z.string().regex(ID_PATTERN, { error: 'Not an id' });

/** `/:id` of every route. */
export const IdParams = z.object({ id: IdParam });
