import { CredentialChangeEvent } from './portal';
import {
  CredentialRemovedEvent,
  FeatureFlagChangedEvent,
  SOCKET_EVENT_PAYLOADS,
  SOCKET_EVENTS,
  SocketAuthorization,
  SocketErrorEvent,
  VerificationReadyEvent,
} from './socket-events';

describe('socket events', () => {
  it('verification ready: verificationId and jobs with a source job status', () => {
    const event = { verificationId: 'v1', jobs: [{ id: 'j1', status: 'done', source: 'portal-1' }] };
    expect(VerificationReadyEvent.parse(event)).toEqual(event);
    expect(VerificationReadyEvent.safeParse({ verificationId: 'v1', jobs: [{ id: 'j1', status: 'finished' }] }).success).toBe(
      false,
    );
    expect(VerificationReadyEvent.safeParse({ verificationId: 'v1' }).success).toBe(false);
  });

  it('authorization carries the bearer token', () => {
    expect(SocketAuthorization.parse({ token: 'abc' })).toEqual({ token: 'abc' });
    expect(SocketAuthorization.safeParse({ token: '' }).success).toBe(false);
  });

  it('error events carry message and code', () => {
    expect(SocketErrorEvent.parse({ message: 'jwt expired', code: 'INVALID_TOKEN' })).toEqual({
      message: 'jwt expired',
      code: 'INVALID_TOKEN',
    });
    expect(SocketErrorEvent.safeParse({ code: 'UNAUTHORIZED' }).success).toBe(false);
  });

  it('a removed credential is named by its id only', () => {
    expect(CredentialRemovedEvent.parse({ credentialId: 'c1', orgId: 'org-1', officeId: 'office-1' })).toEqual({ credentialId: 'c1' });
    expect(CredentialRemovedEvent.safeParse({ credentialId: '' }).success).toBe(false);
  });

  it('a feature flag change names the flag only: its value and state stay behind', () => {
    expect(FeatureFlagChangedEvent.parse({ name: 'MAINTANANCE_LOCK', type: 'none', value: 'x', isActive: true })).toEqual({ name: 'MAINTANANCE_LOCK' });
    expect(FeatureFlagChangedEvent.safeParse({ name: '' }).success).toBe(false);
    expect(FeatureFlagChangedEvent.safeParse({ name: 'x'.repeat(101) }).success).toBe(false);
    expect(SOCKET_EVENT_PAYLOADS[SOCKET_EVENTS.featureFlagChanged]).toBe(FeatureFlagChangedEvent);
  });

  it('has a payload schema for each server event that carries data', () => {
    expect(SOCKET_EVENT_PAYLOADS[SOCKET_EVENTS.portalCredentialChange]).toBe(CredentialChangeEvent);
    expect(SOCKET_EVENT_PAYLOADS[SOCKET_EVENTS.portalCredentialRemoved]).toBe(CredentialRemovedEvent);
    expect(SOCKET_EVENT_PAYLOADS[SOCKET_EVENTS.verificationStatus]).toBe(VerificationReadyEvent);
    expect(new Set(Object.values(SOCKET_EVENTS)).size).toBe(Object.values(SOCKET_EVENTS).length);
  });
});
