/**
 * Security headers for everything the gateway serves, the SPA included. The content security policy keeps
 * helmet's defaults and opens only what the SPA needs: calls to the identity provider (token exchange and
 * refresh happen in the browser), inline styles (antd's CSS-in-JS), images from data: and blob: URLs, and
 * PDFs in blob: frames.
 */
import type { FastifyHelmetOptions } from '@fastify/helmet';

export interface SecurityHeaderOptions {
  readonly oidcIssuer: string;
}

export function securityHeaders(options: SecurityHeaderOptions): FastifyHelmetOptions {
  const issuerOrigin = new URL(options.oidcIssuer).origin;
  return {
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        'connect-src': ["'self'", issuerOrigin],
        'img-src': ["'self'", 'data:', 'blob:'],
        'style-src': ["'self'", "'unsafe-inline'"],
        'frame-src': ["'self'", 'blob:'],
        'form-action': ["'self'", issuerOrigin],
        // TLS ends at the load balancer; on plain-http local runs (localhost, demo.localhost) upgrading breaks.
        'upgrade-insecure-requests': null,
      },
    },
  };
}
