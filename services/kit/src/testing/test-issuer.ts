import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JSONWebKeySet, type JWK } from 'jose';
import type { AllowedAlgorithm } from '../auth/token-verifier';

export interface TestIssuerOptions {
  readonly issuer?: string;
  readonly audience?: string;
}

/**
 * A test issuer that is found the way a service finds the real one: it listens at once on loopback, its issuer is
 * that address, and it serves its OpenID discovery document and its keys (OIDC_ISSUER alone is enough).
 */
export async function createDiscoverableTestIssuer(options: Pick<TestIssuerOptions, 'audience'> = {}): Promise<TestIssuer> {
  let documents: Record<string, string> = {};
  const server = createServer((request, response) => {
    const body = documents[request.url ?? ''];
    if (body === undefined) response.writeHead(404).end();
    else response.writeHead(200, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const made = await createTestIssuer({ issuer, ...options });
  documents = {
    '/jwks': JSON.stringify(made.jwks),
    '/.well-known/openid-configuration': JSON.stringify({ issuer, jwks_uri: `${issuer}/jwks` }),
  };
  return {
    ...made,
    serveJwks: () => Promise.resolve(`${issuer}/jwks`),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}

export interface SignOptions {
  readonly alg?: AllowedAlgorithm;
  /** Seconds from now; negative for an expired token. Default 300. */
  readonly expiresInSeconds?: number;
  readonly issuer?: string;
  readonly audience?: string;
  /** Header 'typ': 'at+jwt' unless a test wants an ID token ('JWT', or null for no typ at all). */
  readonly typ?: string | null;
  readonly kid?: string;
}

interface SigningKey {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
}

/**
 * A throwaway token issuer for tests: RS256 and ES256 key pairs, a JWKS (as an object, or served by a real
 * HTTP server on loopback) and access tokens with whatever claims a test needs.
 */
export interface TestIssuer {
  readonly issuer: string;
  readonly audience: string;
  readonly jwks: JSONWebKeySet;
  /** The RS256 public key as JWK, for tests that forge tokens with it. */
  readonly rsaPublicJwk: JWK;
  sign(claims: Record<string, unknown>, options?: SignOptions): Promise<string>;
  /** Serves the JWKS at http://127.0.0.1:{port}/jwks and resolves with that URL. */
  serveJwks(): Promise<string>;
  close(): Promise<void>;
}

async function signingKey(alg: AllowedAlgorithm): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const kid = `${alg.toLowerCase()}-${randomUUID()}`;
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
  return { kid, privateKey, publicJwk };
}

export async function createTestIssuer(options: TestIssuerOptions = {}): Promise<TestIssuer> {
  const issuer = options.issuer ?? 'https://issuer.test/';
  const audience = options.audience ?? 'https://api.test';
  const keys: Record<AllowedAlgorithm, SigningKey> = {
    RS256: await signingKey('RS256'),
    ES256: await signingKey('ES256'),
  };
  const jwks: JSONWebKeySet = { keys: [keys.RS256.publicJwk, keys.ES256.publicJwk] };
  let server: Server | undefined;

  return {
    issuer,
    audience,
    jwks,
    rsaPublicJwk: keys.RS256.publicJwk,
    async sign(claims, signOptions = {}) {
      const alg = signOptions.alg ?? 'RS256';
      const key = keys[alg];
      const now = Math.floor(Date.now() / 1000);
      const typ = signOptions.typ === undefined ? 'at+jwt' : signOptions.typ;
      return new SignJWT(claims)
        .setProtectedHeader({ alg, kid: signOptions.kid ?? key.kid, ...(typ === null ? {} : { typ }) })
        .setIssuer(signOptions.issuer ?? issuer)
        .setAudience(signOptions.audience ?? audience)
        .setIssuedAt(now)
        .setExpirationTime(now + (signOptions.expiresInSeconds ?? 300))
        .setJti(randomUUID())
        .sign(key.privateKey);
    },
    async serveJwks() {
      const body = JSON.stringify(jwks);
      server = createServer((request, response) => {
        if (request.url === '/jwks') {
          response.writeHead(200, { 'content-type': 'application/json' }).end(body);
        } else {
          response.writeHead(404).end();
        }
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
      const { port } = listening.address() as AddressInfo;
      return `http://127.0.0.1:${port}/jwks`;
    },
    async close() {
      const running = server;
      if (!running) return;
      running.closeAllConnections();
      await new Promise<void>((resolve, reject) => running.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
