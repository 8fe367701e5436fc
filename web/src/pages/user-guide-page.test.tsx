import { type FeatureFlag } from '@dv/contracts';
import { screen, within } from '@testing-library/react';
import { type FetchFn } from '../http/http-client';
import { fakeSession, ROLE_CLAIMS } from '../test-support/fake-session';
import { fakeGateway, renderApp } from '../test-support/render-app';

const PDF = 'https://files.example.com/guides/verific-user-guide.pdf';

function withFlags(flags: FeatureFlag[]): FetchFn {
  return (url, init) =>
    url.split('?')[0] === '/api/features'
      ? Promise.resolve({
          ok: true,
          status: 200,
          statusText: '',
          headers: { get: (name: string) => (name.toLowerCase() === 'content-type' ? 'application/json' : null) },
          text: () => Promise.resolve(JSON.stringify(flags)),
        } as unknown as Response)
      : fakeGateway(url, init);
}

const guideFlag = (isActive: boolean): FeatureFlag => ({ name: 'USER_GUIDE_PDF', type: 'string', value: PDF, isActive });

describe('/user-guide', () => {
  it('shows the PDF the USER_GUIDE_PDF flag names, and a link that opens it in a new tab', async () => {
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/user-guide', withFlags([guideFlag(true)]));
    const frame = await screen.findByTitle('User Guide');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', PDF);
    const link = screen.getByRole('link', { name: 'Open the user guide as PDF' });
    expect(link).toHaveAttribute('href', PDF);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // A menu page: the User Guide item is the current one.
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByText('User Guide')).toHaveAttribute('aria-current', 'page');
  });

  it('is open to signed-out visitors too', async () => {
    renderApp(fakeSession(null), '/user-guide', withFlags([guideFlag(true)]));
    expect(await screen.findByTitle('User Guide')).toHaveAttribute('src', PDF);
  });

  it.each([
    ['the flag is off', [guideFlag(false)]],
    ['there is no flag', []],
  ])('says the guide is not available when %s', async (_, flags) => {
    renderApp(fakeSession(ROLE_CLAIMS.staff!), '/user-guide', withFlags(flags));
    expect(await screen.findByText('The user guide is not available yet.')).toBeInTheDocument();
    expect(screen.queryByTitle('User Guide')).not.toBeInTheDocument();
  });
});
