import fc from 'fast-check';
import { appOrigin, checkoutReturnUrls } from './return-urls';

describe("Checkout's return pages", () => {
  it("are at the office's own host when the gateway forwards one of the app's hosts", () => {
    expect(appOrigin('http://localhost:8080', { host: 'demo.localhost:8080', proto: 'http' })).toBe('http://demo.localhost:8080');
    expect(appOrigin('https://app.example.com', { host: 'acme.example.com', proto: 'https' })).toBe('https://acme.example.com');
    expect(appOrigin('https://app.example.com', { host: 'APP.example.com' })).toBe('https://app.example.com');
    expect(checkoutReturnUrls('http://demo.localhost:8080', 'subscription')).toEqual({
      success: 'http://demo.localhost:8080/payment/verify?session_id={CHECKOUT_SESSION_ID}',
      cancel: 'http://demo.localhost:8080/payment',
    });
    expect(checkoutReturnUrls('http://localhost:8080', 'setup').cancel).toBe('http://localhost:8080/payment/setup');
  });

  it('are PUBLIC_APP_URL for any other host, whatever a client forges (generated hosts)', () => {
    for (const host of ['evil.com', 'localhost:8081', 'example.com.evil.com', 'demo.localhost:8080/evil', 'x@evil.com', 'demo.localhost:8080#', '']) {
      expect(appOrigin('http://localhost:8080', { host, proto: 'https' })).toBe('http://localhost:8080');
    }
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), fc.string({ maxLength: 8 }), (host, proto) => {
        const origin = appOrigin('https://app.example.com', { host, proto });
        expect(origin === 'https://app.example.com' || /^https?:\/\/([a-z0-9-]+\.)*example\.com$/.test(origin)).toBe(true);
      }),
    );
  });
});
