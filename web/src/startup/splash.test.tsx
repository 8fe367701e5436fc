import { MESSAGES, SPLASH_REMOVAL_FALLBACK_MS } from '@dv/contracts';
import { act, render, screen } from '@testing-library/react';
import { StartupGate, type StartupDeps } from './startup-gate';
import { removeSplash, scheduleSplashFallback, SPLASH_ELEMENT_ID } from './splash';

function addSplash() {
  const splash = document.createElement('div');
  splash.id = SPLASH_ELEMENT_ID;
  document.body.append(splash);
}
const splashShown = () => document.getElementById(SPLASH_ELEMENT_ID) !== null;

describe('splash', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    addSplash();
  });
  afterEach(() => {
    removeSplash();
    jest.useRealTimers();
  });

  it('goes at the latest 5 s after the first render', () => {
    expect(SPLASH_REMOVAL_FALLBACK_MS).toBe(5000);
    scheduleSplashFallback();
    jest.advanceTimersByTime(SPLASH_REMOVAL_FALLBACK_MS - 1);
    expect(splashShown()).toBe(true);
    jest.advanceTimersByTime(1);
    expect(splashShown()).toBe(false);
  });

  it('stays when the fallback is cancelled', () => {
    const cancel = scheduleSplashFallback();
    cancel();
    jest.advanceTimersByTime(SPLASH_REMOVAL_FALLBACK_MS * 2);
    expect(splashShown()).toBe(true);
  });

  it('is removed by the start-up as soon as it leaves loading, and stays while it loads', async () => {
    let answer: (value: { kind: 'notFound' }) => void = () => undefined;
    const deps: StartupDeps = {
      host: 'localhost:8080',
      lookupOrganization: () => new Promise((resolve) => (answer = resolve)),
      storedOrganization: () => null,
      saveOrganization: () => undefined,
      readFlags: () => Promise.resolve([]),
      skipMaintenanceLock: () => false,
      reload: () => undefined,
    };
    render(
      <StartupGate deps={deps}>
        <p>app</p>
      </StartupGate>,
    );
    await act(() => jest.advanceTimersByTimeAsync(1000));
    expect(splashShown()).toBe(true);
    await act(async () => answer({ kind: 'notFound' }));
    expect(await screen.findByRole('heading', { name: MESSAGES.ORGANIZATION_PROMPT_TITLE })).toBeInTheDocument();
    expect(splashShown()).toBe(false);
  });
});
