/** The session claims of an access token (SPEC sections 3 and 6). The SPA reads them; the gateway checks them. */
import { SessionClaims } from '@dv/contracts';

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(segment.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** The claims of a JWT access token, or null when it is not one. The signature is the gateway's business. */
export function decodeSessionClaims(accessToken: string): SessionClaims | null {
  const payload = accessToken.split('.')[1];
  if (!payload) return null;
  try {
    const parsed = SessionClaims.safeParse(JSON.parse(decodeBase64Url(payload)));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
