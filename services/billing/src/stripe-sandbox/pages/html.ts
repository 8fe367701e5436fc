/** The sandbox pages' HTML frame and escaping. Pure. */
export const STYLESHEET_PATH = '/checkout/assets/checkout.css';

export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A whole page: no script anywhere, one stylesheet served by the sandbox itself. */
export function htmlDocument(title: string, main: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<link rel="stylesheet" href="${STYLESHEET_PATH}">
</head>
<body>
<p class="test-mode">Test mode: Stripe sandbox, no real payment is made</p>
<main>
${main}
</main>
</body>
</html>
`;
}

export function messagePage(title: string, message: string, link?: { href: string; text: string }): string {
  const action = link === undefined ? '' : `<p><a href="${escapeHtml(link.href)}">${escapeHtml(link.text)}</a></p>`;
  return htmlDocument(title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(message)}</p>\n${action}`);
}

/**
 * The pages' Content-Security-Policy: nothing but the sandbox's own stylesheet, and forms that post only to the
 * sandbox. `extraFormTargets` are origins a form's POST may be redirected to (the checkout's success URL): browsers
 * apply form-action to the redirect that follows a submission too.
 */
export function contentSecurityPolicy(extraFormTargets: readonly string[] = []): string {
  const formAction = ["'self'", ...extraFormTargets].join(' ');
  return [
    "default-src 'none'",
    "style-src 'self'",
    "img-src 'self'",
    `form-action ${formAction}`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const PAGE_CSS = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.5; }
body { margin: 0; background: #f6f8fa; color: #1a1f36; }
.test-mode { margin: 0; padding: 0.25rem 1rem; background: #ffe7a3; color: #4d3800; font-size: 0.875rem; text-align: center; }
main { max-width: 32rem; margin: 2rem auto; padding: 1.5rem; background: #fff; border: 1px solid #d5dbe1; border-radius: 8px; }
h1 { font-size: 1.5rem; margin-top: 0; }
h2 { font-size: 1.125rem; }
table { width: 100%; border-collapse: collapse; margin-bottom: 1rem; }
th, td { text-align: left; padding: 0.375rem 0; border-bottom: 1px solid #e3e8ee; }
td.amount, th.amount { text-align: right; }
.field { margin-bottom: 1rem; }
.row { display: flex; gap: 1rem; }
.row .field { flex: 1; }
label { display: block; font-weight: 600; margin-bottom: 0.25rem; }
input { box-sizing: border-box; width: 100%; padding: 0.625rem; font-size: 1rem; border: 1px solid #8792a2; border-radius: 4px; }
input[aria-invalid="true"] { border: 2px solid #b3093c; }
input:focus, button:focus, a:focus { outline: 3px solid #0a60ff; outline-offset: 2px; }
.field-error { color: #b3093c; margin: 0.25rem 0 0; font-weight: 600; }
.error-summary { border: 2px solid #b3093c; padding: 0.75rem 1rem; margin-bottom: 1rem; border-radius: 4px; }
.error-summary h2 { margin: 0 0 0.5rem; color: #b3093c; }
.error-summary a { color: #b3093c; }
button { width: 100%; padding: 0.75rem; font-size: 1rem; font-weight: 600; color: #fff; background: #0a2540; border: 0; border-radius: 4px; cursor: pointer; }
.cancel { display: inline-block; margin-top: 1rem; }
.test-cards { margin-top: 2rem; font-size: 0.9375rem; }
.test-cards code { font-size: 1rem; }
a { color: #0a2540; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); white-space: nowrap; }
`;
