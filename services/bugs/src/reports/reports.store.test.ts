import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BUG_TYPES } from '@dv/contracts';
import { openNedbStore, type BaseDocument, type Collection, type Store } from '@dv/kit';
import { prepareBugsStore } from '../store-setup';
import {
  BUG_REPORTS_COLLECTION,
  bugReportStore,
  type BugReportDocument,
  type BugReportStore,
  type ReportCriteria,
} from './reports.store';

const ORG = 'org-a';
const NEWEST_FIRST = { sort: 'creationDate', order: 'desc' } as const;

function reportOf(index: number, title: string, description = `Report number ${index}`): BugReportDocument {
  return {
    _id: `bug-${String(index).padStart(4, '0')}`,
    orgId: ORG,
    officeId: index % 2 === 0 ? 'office-a1' : 'office-a2',
    userId: 'user-staff',
    user: 'staff@a.test',
    type: BUG_TYPES[index % BUG_TYPES.length] ?? 'Technical bug',
    title,
    description,
    url: '/plan',
    solved: index % 3 === 0,
    creationDate: new Date(Date.UTC(2024, 0, 1) + index * 60_000).toISOString(),
    solvingDate: null,
    attachment: null,
  };
}

/** What the search must answer: every report of the criteria whose title or explanation holds the text. */
function expected(all: readonly BugReportDocument[], criteria: ReportCriteria): string[] {
  const needle = criteria.text?.toLowerCase() ?? '';
  return all
    .filter((report) => report.orgId === criteria.orgId)
    .filter((report) => criteria.solved === undefined || report.solved === criteria.solved)
    .filter((report) => criteria.type === undefined || report.type === criteria.type)
    .filter((report) => criteria.office === undefined || report.officeId === criteria.office)
    .filter((report) => report.title.toLowerCase().includes(needle) || report.description.toLowerCase().includes(needle))
    .sort((a, b) => b.creationDate.localeCompare(a.creationDate))
    .map((report) => report._id);
}

describe('bug report text search', () => {
  let dir: string;
  let store: Store;
  /** Documents the store handed out since the last reset: what a search costs. */
  let documentsRead = 0;
  let reports: BugReportStore;
  const all: BugReportDocument[] = [];

  /** The store, counting the documents every find returns. */
  function counting(inner: Store): Pick<Store, 'collection'> {
    return {
      collection<T extends BaseDocument>(name: string): Collection<T> {
        const collection = inner.collection<T>(name);
        const find: Collection<T>['find'] = async (filter, options) => {
          const found = await collection.find(filter, options);
          documentsRead += found.length;
          return found;
        };
        return new Proxy(collection, {
          get: (target, key) => {
            if (key === 'find') return find;
            const value: unknown = Reflect.get(target, key);
            return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
          },
        });
      },
    };
  }

  async function search(criteria: Omit<ReportCriteria, 'orgId'>, range = { skip: 0, limit: 20 }) {
    documentsRead = 0;
    const page = await reports.page({ orgId: ORG, ...criteria }, NEWEST_FIRST, range);
    return { ids: page.items.map((report) => report._id), total: page.total, read: documentsRead };
  }

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bugs-store-test-'));
    store = await openNedbStore({ dir, compactionIntervalMs: 0 });
    await prepareBugsStore(store);
    reports = bugReportStore(counting(store));
    const titled = (index: number): [string, string?] => {
      if (index % 150 === 7) return [`Deductible shows zero ${index}`, 'The plan page says 0 for the deductible.'];
      if (index === 11) return ['Grams trap', 'abcxbcaycab'];
      if (index === 12) return ['Grams match', 'zzabcabzz'];
      if (index === 13) return ['Ünïcode Çase', 'Straße 😀 emoji'];
      return [`Plan search freezes ${index}`];
    };
    await store.transaction(async (tx) => {
      for (let index = 0; index < 1_000; index += 1) {
        const report = reportOf(index, ...titled(index));
        all.push(report);
        await reports.insert(tx, report);
      }
    });
    const foreign = { ...reportOf(2_000, 'Deductible of another organization'), orgId: 'org-b' };
    all.push(foreign);
    await store.transaction((tx) => reports.insert(tx, foreign));
  });
  afterAll(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('finds what "contains, ignoring case" finds, whatever the needle', async () => {
    const needles = ['deductible', 'DEDUCTIBLE SHOWS', 'e', 'ab', 'cab', 'abcab', 'shows zero 457', 'freezes 99', 'ünï', 'STRASSE', 'straße', '😀', 'e 😀 e', 'nothing like this'];
    for (const text of needles) {
      const want = expected(all, { orgId: ORG, text });
      const found = await search({ text }, { skip: 0, limit: 2_000 });
      expect({ text, ids: found.ids, total: found.total }).toEqual({ text, ids: want, total: want.length });
    }
  });

  it('a report that holds every 3-gram of the needle but not the needle is no match', async () => {
    expect((await search({ text: 'abcab' })).ids).toEqual(['bug-0012']);
  });

  it('pages and combines with the other filters as before', async () => {
    const criteria = { text: 'Freezes', solved: false, office: 'office-a1' } as const;
    const want = expected(all, { orgId: ORG, ...criteria });
    expect(want.length).toBeGreaterThan(250);
    for (const skip of [0, 20, 190, 200, 240]) {
      const found = await search(criteria, { skip, limit: 20 });
      expect(found).toMatchObject({ ids: want.slice(skip, skip + 20), total: want.length });
    }
    const byType = await search({ text: 'deductible', type: 'Data error' });
    expect(byType.ids).toEqual(expected(all, { orgId: ORG, text: 'deductible', type: 'Data error' }));
  });

  it('does not read the organization: short needles page in the store, long ones read only candidates', async () => {
    const short = await search({ text: 'e' });
    expect(short.total).toBe(expected(all, { orgId: ORG, text: 'e' }).length);
    expect(short.total).toBeGreaterThan(900);
    expect(short.read).toBe(20);
    const long = await search({ text: 'deductible shows' });
    expect(long.total).toBe(expected(all, { orgId: ORG, text: 'deductible shows' }).length);
    expect(long.read).toBeLessThan(20);
    expect((await search({ text: 'nothing like this' })).read).toBe(0);
  });

  it('keeps another organization out', async () => {
    expect((await search({ text: 'another organization' })).total).toBe(0);
  });

  it('finds the reports stored with the former search index like the others', async () => {
    const raw = store.collection(BUG_REPORTS_COLLECTION);
    const indexed = { ...reportOf(3_000, 'Stored with search grams'), _id: 'bug-grams', searchGrams: ['st', 'sto'] };
    await raw.insert(indexed);
    all.push(indexed);
    expect((await search({ text: 'WITH SEARCH' })).ids).toEqual(['bug-grams']);
    expect((await search({ text: 'report number 3000' })).ids).toEqual(['bug-grams']);
  });
});
