import { Invalid } from '../errors';

/** A 400 naming the field and the reason, in the envelope's `details` like a schema failure. */
export function invalidField(path: string, message: string, location = 'body'): Invalid {
  return new Invalid('Invalid request', [{ location, path, message }]);
}
