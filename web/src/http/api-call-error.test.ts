import { DEFAULT_STATUS } from '@dv/contracts';
import { z } from 'zod';
import { ApiCallError, callError, checkedReply, fieldIssuesOf, messagesByField, retryUnlessRefused } from './api-call-error';

const refused = {
  ok: false,
  status: 400,
  error: 'Invalid request',
  data: {
    statusCode: 400,
    error: 'Bad Request',
    message: 'Invalid request',
    details: [
      { location: 'body', path: 'npi', message: 'Must be 10 digits' },
      { location: 'body', path: 'npi', message: 'Fails the check digit' },
      { location: 'body', message: 'Unknown field' },
      { location: 'body', path: 'zip' },
      'not a detail',
      null,
    ],
  },
};

describe('fieldIssuesOf', () => {
  it('reads every detail with a message, its path or none', () => {
    expect(fieldIssuesOf(refused.data)).toEqual([
      { path: 'npi', message: 'Must be 10 digits' },
      { path: 'npi', message: 'Fails the check digit' },
      { path: '', message: 'Unknown field' },
    ]);
  });

  it.each([undefined, null, 'text', {}, { details: 'no list' }, { details: { current: [] } }])('finds none in %p', (body) => {
    expect(fieldIssuesOf(body)).toEqual([]);
  });
});

describe('callError', () => {
  it("carries the status, the service's message and the first message of each field", () => {
    const error = callError(refused, 'Saving the office');
    expect(error).toBeInstanceOf(ApiCallError);
    expect(error).toMatchObject({ status: 400, message: 'Invalid request' });
    expect(error.issues).toHaveLength(3);
    expect(error.fields).toEqual({ npi: 'Must be 10 digits', '': 'Unknown field' });
  });

  it('says what failed when the reply gave no message', () => {
    expect(callError({ ok: false, status: DEFAULT_STATUS }, 'Reading the plan').message).toBe('Reading the plan failed');
  });
});

describe('checkedReply', () => {
  const Reply = z.object({ id: z.string() });

  it('answers the checked reply', () => {
    expect(checkedReply(Reply, { ok: true, status: 200, data: { id: 'a' } }, 'Reading')).toEqual({ id: 'a' });
  });

  it('throws the failure, or a reply it does not understand', () => {
    expect(() => checkedReply(Reply, { ok: false, status: 404, error: 'Not found' }, 'Reading')).toThrow(new ApiCallError(404, 'Not found'));
    expect(() => checkedReply(Reply, { ok: true, status: 200, data: { id: 1 } }, 'Reading')).toThrow('Reading: the reply was not understood');
  });
});

describe('messagesByField', () => {
  it("keeps each form field's first message and leaves out paths of no field", () => {
    const fieldOf = (path: string) => (path === 'npi' ? 'npi' : undefined);
    expect(messagesByField(fieldIssuesOf(refused.data), fieldOf)).toEqual({ npi: 'Must be 10 digits' });
  });

  it("keeps the message of a path named like an Object.prototype member (but '__proto__', which no object can own by assignment)", () => {
    const names = Object.getOwnPropertyNames(Object.prototype).filter((name) => name !== '__proto__');
    const issues = [...names, '__proto__'].map((path) => ({ path, message: `About ${path}` }));
    expect(messagesByField(issues, (path) => path)).toEqual(Object.fromEntries(names.map((name) => [name, `About ${name}`])));
    expect(new ApiCallError(400, 'Refused', issues).fields).toEqual(Object.fromEntries(names.map((name) => [name, `About ${name}`])));
  });
});

describe('retryUnlessRefused', () => {
  it('tries once more after a server or network failure, never after a refusal', () => {
    expect(retryUnlessRefused(0, new ApiCallError(503, 'Down'))).toBe(true);
    expect(retryUnlessRefused(0, new ApiCallError(DEFAULT_STATUS, 'Request timeout'))).toBe(true);
    expect(retryUnlessRefused(0, new Error('thrown'))).toBe(true);
    expect(retryUnlessRefused(1, new ApiCallError(503, 'Down'))).toBe(false);
    expect(retryUnlessRefused(0, new ApiCallError(404, 'Not found'))).toBe(false);
  });
});
