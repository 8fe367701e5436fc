/**
 * The provider's HTML pages: sign-in, sign-out confirmation, signed-out and error. Self-contained (no scripts,
 * no external fonts or styles), labelled for assistive technology, and escaped wherever a value comes from input.
 */

export function escapeHtml(value: string): string {
  return value
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

const STYLE = `
  :root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #f5f5f5; color: #1f1f1f; }
  main { max-width: 360px; margin: 64px auto; padding: 32px; background: #fff; border-radius: 8px;
         box-shadow: 0 1px 4px rgba(0, 0, 0, .15); }
  h1 { font-size: 1.5rem; margin: 0 0 8px; }
  p { line-height: 1.4; }
  .note { color: #555; font-size: .875rem; }
  label { display: block; font-weight: 600; margin: 16px 0 4px; }
  input { box-sizing: border-box; width: 100%; padding: 8px; font-size: 1rem; border: 1px solid #8c8c8c; border-radius: 4px; }
  input:focus, button:focus, a:focus { outline: 3px solid #0b7a75; outline-offset: 2px; }
  button { margin-top: 24px; width: 100%; padding: 10px; font-size: 1rem; font-weight: 600; color: #fff;
           background: #0b7a75; border: 0; border-radius: 4px; cursor: pointer; }
  button.secondary { margin-top: 8px; color: #0b7a75; background: #fff; border: 1px solid #0b7a75; }
  .error { padding: 8px 12px; color: #a8071a; background: #fff1f0; border: 1px solid #ffa39e; border-radius: 4px; }
  details { margin-top: 24px; font-size: .875rem; }
  ul { padding-left: 20px; }
`;

function layout(title: string, body: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export const SIGN_IN_ERROR = 'Wrong email or password.';

/** After too many failed attempts: when to try again, in whole minutes (the window is minutes long). */
export function signInLimitedError(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
}

export const SIGN_IN_UNAVAILABLE = 'Sign-in is unavailable for a moment. Try again shortly.';

export interface SignInPageInput {
  readonly uid: string;
  readonly clientName: string;
  readonly email?: string;
  readonly error?: string;
  /** Shown to developers under "Demo accounts"; empty hides the list. */
  readonly demoEmails: readonly string[];
  /** Named in the hint only when every listed account uses it. */
  readonly demoPassword?: string;
}

export function signInPage(input: SignInPageInput): string {
  const uid = encodeURIComponent(input.uid);
  const invalid = input.error === undefined ? '' : ' aria-invalid="true" aria-describedby="sign-in-error"';
  const error =
    input.error === undefined ? '' : `<p id="sign-in-error" class="error" role="alert">${escapeHtml(input.error)}</p>`;
  const accounts =
    input.demoEmails.length === 0
      ? ''
      : `<details>
<summary>Demo accounts${input.demoPassword === undefined ? '' : ` (password <code>${escapeHtml(input.demoPassword)}</code>)`}</summary>
<ul>${input.demoEmails.map((email) => `<li>${escapeHtml(email)}</li>`).join('')}</ul>
</details>`;
  return layout(
    'Sign in',
    `<h1>Sign in</h1>
<p class="note">to ${escapeHtml(input.clientName)} · development identity provider</p>
${error}
<form method="post" action="/interaction/${uid}/login" novalidate>
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="username" required autofocus value="${escapeHtml(input.email ?? '')}"${invalid}>
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${invalid}>
<button type="submit">Sign in</button>
</form>
<form method="get" action="/interaction/${uid}/abort">
<button type="submit" class="secondary">Cancel</button>
</form>
${accounts}`,
  );
}

/** `form` is oidc-provider's hidden form (id "op.logoutForm") carrying the anti-forgery token. */
/**
 * The provider's sign-out step. An application that names the session it ends (id_token_hint, which the
 * provider has checked by now) signs the user out without a question: the page submits its own form at once, and
 * only a browser without scripts shows the button. Anyone else (a link, a stale tab) is asked first.
 */
export function signOutPage(host: string, form: string, { named }: { named: boolean }): string {
  if (named) {
    return layout(
      'Signing out',
      `<h1>Signing out</h1>
<p role="status">Signing you out from ${escapeHtml(host)}…</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="sign-out-now" hidden>Sign out</button>
<noscript><button type="submit" form="op.logoutForm" name="logout" value="yes">Sign out</button></noscript>
<script>document.getElementById('sign-out-now').click();</script>`,
    );
  }
  return layout(
    'Sign out',
    `<h1>Sign out</h1>
<p>Do you want to sign out from ${escapeHtml(host)}?</p>
${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" autofocus>Sign out</button>
<button type="submit" form="op.logoutForm" class="secondary">Stay signed in</button>`,
  );
}

export function signedOutPage(): string {
  return layout('Signed out', '<h1>Signed out</h1>\n<p>You have been signed out.</p>');
}

export function errorPage(error: string, description?: string): string {
  return layout(
    'Sign-in error',
    `<h1>Something went wrong</h1>
<p role="alert"><strong>${escapeHtml(error)}</strong>${description ? `: ${escapeHtml(description)}` : ''}</p>
<p>Go back to the application and sign in again.</p>`,
  );
}
