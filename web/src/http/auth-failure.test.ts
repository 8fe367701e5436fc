import { MESSAGES } from '@dv/contracts';
import { type Notifier, type ToastOptions } from '../ui/notifier';
import { reactToAuthFailure, type AuthFailureProbe } from './auth-failure';
import { createAuthFailureHandler } from './auth-failure-handler';

const staff: Omit<AuthFailureProbe, 'status' | 'body'> = {
  endpoint: '/api/portals',
  currentPath: '/dental-office-settings?tab=1',
  roles: ['staff'],
  officeIds: ['office-1'],
};
const officeMissing = { error: 'Not Found', message: 'Dental Office not found', statusCode: 404 };

describe('reactToAuthFailure', () => {
  it('shows the unauthorized toast on a 401 and logs out keeping the way back for office staff', () => {
    expect(reactToAuthFailure({ ...staff, status: 401, body: undefined })).toEqual({
      kind: 'toastThenNavigate',
      toast: 'Unauthorized - on endpoint (/api/portals)',
      to: '/logout?return=%2Fdental-office-settings%3Ftab%3D1',
    });
  });

  it("treats the 'Dental Office not found' 404 like a 401", () => {
    expect(reactToAuthFailure({ ...staff, status: 404, body: officeMissing })).toMatchObject({
      kind: 'toastThenNavigate',
      toast: MESSAGES.UNAUTHORIZED_ON_ENDPOINT('/api/portals'),
    });
    expect(reactToAuthFailure({ ...staff, status: 404, body: { message: 'other' } })).toEqual({ kind: 'none' });
  });

  it('sends office staff to login with the way back on a 403', () => {
    expect(reactToAuthFailure({ ...staff, status: 403, body: undefined })).toEqual({
      kind: 'navigate',
      to: '/login?return=%2Fdental-office-settings%3Ftab%3D1',
    });
  });

  it.each(['/verification', '/verification/abcdefgh-1234-abcd-1234-abcdefghijkl', '/verification/x/source'])(
    'sends nobody to the sign-in from %s (public for authentication failures): the default page instead',
    (currentPath) => {
      expect(reactToAuthFailure({ ...staff, currentPath, status: 403, body: undefined })).toEqual({ kind: 'navigate', to: '/' });
      for (const body of [undefined, officeMissing]) {
        expect(reactToAuthFailure({ ...staff, currentPath, status: body ? 404 : 401, body })).toEqual({
          kind: 'toastThenNavigate',
          toast: 'Unauthorized - on endpoint (/api/portals)',
          to: '/logout?toDefault=true',
        });
      }
      expect(reactToAuthFailure({ ...staff, roles: ['agent'], currentPath, status: 401, body: undefined })).toMatchObject({
        to: '/logout?toDefault=true',
      });
    },
  );

  it('keeps the sign-in on sibling paths such as /verifications', () => {
    expect(reactToAuthFailure({ ...staff, currentPath: '/verifications', status: 401, body: undefined })).toMatchObject({
      to: '/logout?return=%2Fverifications',
    });
  });

  it('drops the way back for users without offices and for company users', () => {
    expect(reactToAuthFailure({ ...staff, officeIds: [], status: 403, body: undefined })).toEqual({ kind: 'navigate', to: '/' });
    expect(reactToAuthFailure({ ...staff, roles: ['agent'], status: 401, body: undefined })).toEqual({
      kind: 'toastThenNavigate',
      toast: 'Unauthorized - on endpoint (/api/portals)',
      to: '/logout',
    });
  });
});

describe('createAuthFailureHandler', () => {
  function setup() {
    const toasts: ToastOptions[] = [];
    const notifier: Notifier = { toast: (t) => toasts.push(t), closeToast: jest.fn(), alert: jest.fn() };
    const navigate = jest.fn();
    let now = 0;
    const handle = createAuthFailureHandler({
      notifier,
      navigate,
      currentPath: () => '/plan',
      access: () => ({ roles: ['staff'], officeIds: ['office-1'] }),
      now: () => now,
    });
    return { toasts, navigate, handle, advance: (ms: number) => (now += ms) };
  }

  it('shows one toast for simultaneous 401s and navigates to /logout when it closes', () => {
    const { toasts, navigate, handle } = setup();
    handle({ status: 401, endpoint: '/api/a', body: undefined });
    handle({ status: 401, endpoint: '/api/b', body: undefined });
    expect(toasts).toHaveLength(1);
    expect(toasts[0]!.message).toBe('Unauthorized - on endpoint (/api/a)');
    expect(navigate).not.toHaveBeenCalled();
    toasts[0]!.onClose?.();
    expect(navigate).toHaveBeenCalledWith('/logout?return=%2Fplan');
    handle({ status: 401, endpoint: '/api/c', body: undefined });
    expect(toasts).toHaveLength(2);
  });

  it('sends a page refused twice in a row to /unauthorized instead of looping', () => {
    const { navigate, handle, advance } = setup();
    handle({ status: 403, endpoint: '/api/a', body: undefined });
    advance(1000);
    handle({ status: 403, endpoint: '/api/a', body: undefined });
    expect(navigate.mock.calls).toEqual([['/login?return=%2Fplan'], ['/unauthorized']]);
  });
});
