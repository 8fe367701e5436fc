// @dv/dev-idp/testing: what tests of every workspace use to sign in against the provider; never imported by
// production code.
import { createLogger, type Logger } from '@dv/kit';

export {
  BrowserSession,
  openSignInPage,
  pkcePair,
  signInSession,
  signInWithCodeFlow,
  submitSignIn,
  type CodeFlowOptions,
  type CodeFlowTokens,
  type SignedInSession,
  type SignInPage,
} from './code-flow';

/** For a provider whose log a test does not read. */
export const silentLogger: Logger = createLogger({ name: 'dev-idp', level: 'silent' });
