/**
 * The reference UI: Swagger UI (swagger-ui-dist, served from the gateway itself, nothing from a CDN) on a page
 * of its own with no inline script, so the gateway's content security policy (script-src 'self') needs no
 * exception. It reads the merged document; "Try it out" is off: this is a reference, and calls belong to the app.
 *
 * Where the document needs a company user's token (API_DOCS_PUBLIC false), the page sends the token of the web
 * app's session on this origin (local storage, as web/src/auth/token-store.ts keeps it) with that one request.
 */
import { STORAGE_KEYS } from '@dv/contracts';

export const API_DOCS_PATH = '/api/docs';
export const API_DOCS_DOCUMENT_PATH = `${API_DOCS_PATH}/openapi.json`;
export const API_DOCS_SCRIPT_PATH = `${API_DOCS_PATH}/reference.js`;
export const API_DOCS_ASSETS_PREFIX = `${API_DOCS_PATH}/assets/`;

/** The gateway's own paths under /api, which the API guard leaves to their routes. */
export function isApiDocsPath(pathname: string): boolean {
  return pathname === API_DOCS_PATH || pathname.startsWith(`${API_DOCS_PATH}/`);
}

/** The files of swagger-ui-dist the page loads; nothing else of the package is served. */
export const SWAGGER_UI_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css'] as const;

export const REFERENCE_PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width, initial-scale=1">
    <title>Verific API reference</title>
    <link rel="stylesheet" href="${API_DOCS_ASSETS_PREFIX}swagger-ui.css">
  </head>
  <body>
    <main id="reference"></main>
    <script src="${API_DOCS_ASSETS_PREFIX}swagger-ui-bundle.js"></script>
    <script src="${API_DOCS_SCRIPT_PATH}"></script>
  </body>
</html>
`;

export const REFERENCE_SCRIPT = `'use strict';
(function () {
  var documentUrl = new URL(${JSON.stringify(API_DOCS_DOCUMENT_PATH)}, window.location.origin).href;
  function accessToken() {
    try {
      var record = JSON.parse(window.localStorage.getItem(${JSON.stringify(STORAGE_KEYS.token)}) || 'null');
      return record && typeof record.access_token === 'string' ? record.access_token : null;
    } catch (error) {
      return null;
    }
  }
  window.SwaggerUIBundle({
    url: documentUrl,
    dom_id: '#reference',
    deepLinking: true,
    validatorUrl: null,
    queryConfigEnabled: false,
    supportedSubmitMethods: [],
    requestInterceptor: function (request) {
      var token = accessToken();
      if (token && new URL(request.url, window.location.href).href === documentUrl) {
        request.headers.Authorization = 'Bearer ' + token;
      }
      return request;
    },
  });
})();
`;
