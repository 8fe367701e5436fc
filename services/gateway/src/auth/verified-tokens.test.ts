import { Unauthorized, type TokenVerifier, type VerifiedToken } from '@dv/kit';
import fc from 'fast-check';
import { rememberVerifiedTokens, VERIFIED_TOKEN_MAX_AGE_MS } from './verified-tokens';

const T0 = Date.UTC(2026, 0, 1);

/** A verifier that accepts tokens named `ok-<exp in s>` until their exp, and counts what it was asked. */
function countingVerifier(now: () => number) {
  const asked: string[] = [];
  const verifier: TokenVerifier = {
    verify(token) {
      asked.push(token);
      const exp = Number(token.split('-')[1]);
      if (!token.startsWith('ok-') || exp * 1000 <= now()) return Promise.reject(new Unauthorized('Invalid access token'));
      const verified: VerifiedToken = { claims: { sub: 'u', org: 'o', exp, roles: [], allowedOfficeIds: [] } as never, header: { alg: 'RS256' } };
      return Promise.resolve(verified);
    },
  };
  return { verifier, asked };
}

describe('verified token cache', () => {
  let clock = T0;
  const now = () => clock;
  beforeEach(() => {
    clock = T0;
  });

  it('answers a token it verified from memory, and verifies every other token itself', async () => {
    const { verifier, asked } = countingVerifier(now);
    const cached = rememberVerifiedTokens(verifier, { now });
    const token = `ok-${T0 / 1000 + 900}`;
    const first = await cached.verify(token);
    expect(await cached.verify(token)).toBe(first);
    await cached.verify(`ok-${T0 / 1000 + 901}`);
    expect(asked).toEqual([token, `ok-${T0 / 1000 + 901}`]);
  });

  it('keeps no refusal: a refused token is checked again every time', async () => {
    const { verifier, asked } = countingVerifier(now);
    const cached = rememberVerifiedTokens(verifier, { now });
    await expect(cached.verify('forged-1')).rejects.toThrow(Unauthorized);
    await expect(cached.verify('forged-1')).rejects.toThrow(Unauthorized);
    expect(asked).toHaveLength(2);
  });

  it("stops answering at the token's exp: from then on the verifier decides, and refuses it", async () => {
    const { verifier, asked } = countingVerifier(now);
    const cached = rememberVerifiedTokens(verifier, { now, maxAgeMs: 3_600_000 });
    const exp = T0 / 1000 + 30;
    await cached.verify(`ok-${exp}`);
    clock = exp * 1000 - 1;
    await cached.verify(`ok-${exp}`);
    expect(asked).toHaveLength(1);
    clock = exp * 1000;
    await expect(cached.verify(`ok-${exp}`)).rejects.toThrow(Unauthorized);
    expect(asked).toHaveLength(2);
  });

  it('verifies a token again once maxAgeMs has passed since it was verified', async () => {
    const { verifier, asked } = countingVerifier(now);
    const cached = rememberVerifiedTokens(verifier, { now });
    const token = `ok-${T0 / 1000 + 900}`;
    await cached.verify(token);
    clock += VERIFIED_TOKEN_MAX_AGE_MS - 1;
    await cached.verify(token);
    expect(asked).toHaveLength(1);
    clock += 1;
    await cached.verify(token);
    expect(asked).toHaveLength(2);
  });

  it('never answers for a token past its exp, whatever the order of calls and clock moves (generated cases)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ lifetime: fc.integer({ min: 1, max: 200 }), advanceMs: fc.integer({ min: 0, max: 90_000 }) }), { minLength: 1, maxLength: 30 }),
        async (steps) => {
          clock = T0;
          const { verifier } = countingVerifier(now);
          const cached = rememberVerifiedTokens(verifier, { now, maxEntries: 5 });
          const tokens: number[] = [];
          for (const step of steps) {
            tokens.push(Math.floor(clock / 1000) + step.lifetime);
            for (const exp of tokens) {
              const answer = cached.verify(`ok-${exp}`).then(() => 'accepted', () => 'refused');
              expect(await answer).toBe(exp * 1000 > clock ? 'accepted' : 'refused');
            }
            clock += step.advanceMs;
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it('keeps at most maxEntries tokens, the least recently used going first', async () => {
    const { verifier, asked } = countingVerifier(now);
    const cached = rememberVerifiedTokens(verifier, { now, maxEntries: 2 });
    const [a, b, c] = [1, 2, 3].map((n) => `ok-${T0 / 1000 + 900 + n}`) as [string, string, string];
    await cached.verify(a);
    await cached.verify(b);
    await cached.verify(a);
    await cached.verify(c);
    expect(asked).toEqual([a, b, c]);
    await cached.verify(a);
    await cached.verify(b);
    expect(asked).toEqual([a, b, c, b]);
  });
});
