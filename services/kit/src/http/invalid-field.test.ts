import { HttpError, Invalid } from '../errors';
import { invalidField } from './invalid-field';

describe('invalidField', () => {
  it('is a 400 naming the field and the reason in the body by default', () => {
    const error = invalidField('carrier.payerId', 'Unknown carrier');
    expect(error).toBeInstanceOf(Invalid);
    expect(error).toBeInstanceOf(HttpError);
    expect(error.statusCode).toBe(400);
    expect(error.message).toBe('Invalid request');
    expect(error.details).toEqual([{ location: 'body', path: 'carrier.payerId', message: 'Unknown carrier' }]);
  });

  it('names another location when told', () => {
    expect(invalidField('office', 'No such office', 'querystring').details).toEqual([
      { location: 'querystring', path: 'office', message: 'No such office' },
    ]);
  });
});
