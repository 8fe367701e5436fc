import { CredentialRemovedEvent } from './entities/socket-events';
import { AudienceFields, CredentialRemovedPayload, EVENT_TYPES } from './events';

describe('bus events', () => {
  it('every event type has its own name', () => {
    expect(new Set(Object.values(EVENT_TYPES)).size).toBe(Object.values(EVENT_TYPES).length);
  });

  it('a credential removal carries the credential id and its audience, and becomes the socket event without it', () => {
    const payload = CredentialRemovedPayload.parse({ credentialId: 'c1', orgId: 'org-1', officeId: 'office-1', username: 'not-kept' });
    expect(payload).toEqual({ credentialId: 'c1', orgId: 'org-1', officeId: 'office-1' });
    expect(AudienceFields.parse(payload)).toEqual({ orgId: 'org-1', officeId: 'office-1' });
    expect(CredentialRemovedEvent.parse(payload)).toEqual({ credentialId: 'c1' });
    expect(CredentialRemovedPayload.safeParse({ credentialId: 'c1' }).success).toBe(false);
  });
});
