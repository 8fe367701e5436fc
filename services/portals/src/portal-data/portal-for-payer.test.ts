/** Which portal of an organization's catalogue serves a payer, and that the shared table fits the default catalogue. */
import { PAYER_PORTALS, type Portal } from '@dv/contracts';
import { DEFAULT_PORTALS } from '../catalogue/default-portals';
import { portalForPayer } from './portal-for-payer';

const portal = (id: string, carriers: string[]): Portal => ({ id, name: id, url: 'https://portal.example', carriers });

describe('the payer table (contracts PAYER_PORTALS) and the default catalogue', () => {
  it.each(PAYER_PORTALS.map((entry) => [entry.payerId, entry]))('payer %s is served by its portal, under the name the table gives', (_payerId, entry) => {
    const served = DEFAULT_PORTALS.find((candidate) => candidate.id === entry.portalId);
    expect(served?.carriers).toContain(entry.carrier);
    // Whatever name the payer comes under, the table's link finds the portal.
    expect(portalForPayer(DEFAULT_PORTALS, { payerId: entry.payerId, name: 'A name no catalogue lists' }, null)?.id).toBe(entry.portalId);
  });
});

describe('portalForPayer', () => {
  const metlife = { payerId: '65978', name: 'MetLife Dental' };

  it("finds a portal by the payer's own name, whatever its case and punctuation", () => {
    const portals = [portal('acme', ['ACME dental, inc'])];
    expect(portalForPayer(portals, { payerId: 'X1', name: 'Acme Dental Inc.' }, null)?.id).toBe('acme');
    expect(portalForPayer(portals, { payerId: 'X1', name: 'Acme Vision' }, null)).toBeUndefined();
  });

  it("follows the organization's catalogue: a carrier an admin removed is no longer served there", () => {
    const edited = DEFAULT_PORTALS.map((entry) => (entry.id === 'metdental' ? { ...entry, carriers: ['MetLife PDP Plus'] } : entry));
    expect(portalForPayer(edited, metlife, 'metdental')).toBeUndefined();
    const moved = [...edited, portal('metlife-new', ['MetLife Dental'])];
    expect(portalForPayer(moved, metlife, 'metdental')?.id).toBe('metlife-new');
  });

  it('prefers the expected portal, then the table’s, then the first by id', () => {
    const portals = [portal('zeta', ['MetLife']), portal('alpha', ['MetLife']), portal('metdental', ['MetLife'])];
    expect(portalForPayer(portals, metlife, 'zeta')?.id).toBe('zeta');
    expect(portalForPayer(portals, metlife, null)?.id).toBe('metdental');
    expect(portalForPayer(portals.slice(0, 2), metlife, null)?.id).toBe('alpha');
  });
});
