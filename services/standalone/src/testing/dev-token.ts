/** A development provider's access token for a demo user of a running standalone product (POST /dev/token). */
import { request } from 'undici';
import type { RunningStandalone } from '../start';

export async function devToken(running: Pick<RunningStandalone, 'loopback'>, email: string): Promise<string> {
  const response = await request(new URL('/dev/token', running.loopback.idp), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email }),
  });
  if (response.statusCode !== 200) throw new Error(`POST /dev/token answered ${response.statusCode} for ${email}`);
  return ((await response.body.json()) as { access_token: string }).access_token;
}
