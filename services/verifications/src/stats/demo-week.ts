/**
 * The demo's week of verifications, so that /management/stats shows something on a fresh start: for each demo
 * office, the seven days up to `now` (UTC days), busy on weekdays and quiet at weekends, in office hours. Most
 * carriers' clearinghouse inquiries answer within seconds and their portals within minutes; some payers reject
 * (with the X12 code tables' reasons), some sources fail, and the tickets nobody could verify mostly go to the
 * company's agents, whose queue has them in the statuses a week of work leaves.
 *
 * The same `seed` and `now` give the same week. The patients are made up (names no sandbox member has), and each
 * verification names the office's user who made it. Only the standalone product writes it, once per data folder
 * (services/standalone demo-stats-week.ts); the service itself never seeds anything.
 */
import { randomUUID } from 'node:crypto';
import { type TicketStatus } from '@dv/contracts';
import { type Store } from '@dv/kit';
import { CARRIER_CATALOGUE, type CatalogueCarrier } from '../carriers/carrier-catalogue';
import { describeRejections } from '../clearinghouse-source/clearinghouse-job';
import { type StoredUser } from '../outsourcing/outsourcing.store';
import { FOLLOW_UP_ACTIONS, rejectReason } from '../x12';
import { insertPastVerifications, type PastOutcome, type PastVerificationSpec } from './past-verifications';

export interface DemoWeekOffice {
  readonly id: string;
  readonly orgId: string;
  /** Who made the office's verifications. */
  readonly user: StoredUser;
  /** Their name as the history lists it (a live verification's creator is named from the token); default the e-mail. */
  readonly userName?: string;
  /** Verifications on a busy weekday (a weekend day has a fifth of them). */
  readonly perWeekday: number;
}

export interface DemoWeekOptions {
  readonly offices: readonly DemoWeekOffice[];
  readonly now: Date;
  /** The random sequence's seed; default a fixed one. */
  readonly seed?: number;
}

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** 8 am Eastern (13:00 UTC) to 5:30 pm. */
const OPENS_UTC_MS = 13 * 3_600_000;
const OPEN_FOR_MS = 9.5 * 3_600_000;

const FIRST_NAMES = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Elijah', 'Sophia', 'Lucas', 'Mia', 'Mateo', 'Isabella', 'Levi', 'Harper', 'Ezra', 'Amelia', 'Owen'];
const LAST_NAMES = ['Whitfield', 'Okafor', 'Lindqvist', 'Marchetti', 'Delgado', 'Nakamura', 'Brennan', 'Abernathy', 'Castellano', 'Haverford', 'Iwasaki', 'Prescott'];

/** The payers' rejections a week meets, with their follow-up actions, by how often. */
const REJECTIONS: readonly (readonly [code: string, followUp: string, weight: number])[] = [
  ['75', 'C', 5],
  ['72', 'C', 3],
  ['73', 'C', 2],
  ['71', 'C', 2],
  ['42', 'P', 1],
];

/** A small deterministic generator (mulberry32): the same seed, the same week. */
function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

type Random = () => number;

const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;

function weighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  let roll = random() * items.reduce((sum, [, weight]) => sum + weight, 0);
  for (const [item, weight] of items) {
    roll -= weight;
    if (roll < 0) return item;
  }
  return items[items.length - 1]![0];
}

function rejection(random: Random): PastOutcome {
  const [code, followUp] = weighted(random, REJECTIONS.map(([c, f, weight]) => [[c, f] as const, weight] as const));
  const reason = describeRejections([
    { code, reason: rejectReason(code), loop: '2100C', validRequest: true, followUp: { code: followUp, action: FOLLOW_UP_ACTIONS[followUp] ?? '' } },
  ]);
  return { outcome: 'rejected', reason };
}

function clearinghouseOutcome(random: Random): PastOutcome {
  const roll = random();
  if (roll < 0.84) return { outcome: 'success', reason: null };
  if (roll < 0.94) return rejection(random);
  return { outcome: 'error', reason: 'The clearinghouse did not answer in time' };
}

function portalOutcome(random: Random): PastOutcome {
  const roll = random();
  if (roll < 0.8) return { outcome: 'success', reason: null };
  if (roll < 0.9) return { outcome: 'error', reason: 'The portal did not accept the login' };
  return { outcome: 'error', reason: 'The portals service did not answer within 30 s' };
}

/** What an outsourced ticket's status is after `ageDays` of the agents' work. */
function ticketStatus(random: Random, ageDays: number): TicketStatus {
  if (ageDays < 1) return weighted(random, [['Open', 2], ['Pending', 2]]);
  if (ageDays < 3) return weighted(random, [['Pending', 2], ['Ready for QA', 2], ['Needs additional Info', 1], ['Resolved', 1]]);
  return weighted(random, [['Resolved', 4], ['Closed', 2], ['QA Complete', 1]]);
}

function verificationAt(random: Random, office: DemoWeekOffice, createdAt: Date, now: number): PastVerificationSpec {
  const ageDays = (now - createdAt.getTime()) / DAY_MS;
  const carrier: CatalogueCarrier = pick(random, CARRIER_CATALOGUE);
  const outcomes = {
    clearinghouse: clearinghouseOutcome(random),
    ...(carrier.portalId === null ? {} : { portal: portalOutcome(random) }),
  };
  const answered = Object.values(outcomes).some((outcome) => outcome.outcome === 'success');
  // Seconds for a clearinghouse alone, minutes when a portal is read too; a long tail either way.
  const readyAfterMs = Math.round((carrier.portalId === null ? 3_000 : 40_000) * Math.exp(random() * 2.2));
  const outsource = answered ? random() < 0.05 : random() < 0.7;
  // What the office and the agents did after it was ready happened before now.
  const later = (ms: number) => Math.max(0, Math.min(Math.round(ms), now - createdAt.getTime() - readyAfterMs));
  const first = pick(random, FIRST_NAMES);
  const last = pick(random, LAST_NAMES);
  return {
    id: randomUUID(),
    orgId: office.orgId,
    officeId: office.id,
    createdBy: office.user,
    ...(office.userName === undefined ? {} : { createdByName: office.userName }),
    createdAt,
    carrier,
    patient: {
      patientFirstName: first,
      patientLastName: last,
      patientDOB: `${String(1 + Math.floor(random() * 12)).padStart(2, '0')}/${String(1 + Math.floor(random() * 28)).padStart(2, '0')}/${1950 + Math.floor(random() * 60)}`,
      patientMemberId: `DW${String(Math.floor(random() * 1e9)).padStart(9, '0')}`,
      patientRelationToSubscriber: 'Self',
    },
    outcomes,
    readyAfterMs,
    ...(answered && random() < 0.55 ? { submittedAfterMs: later(MINUTE_MS * (1 + random() * 20)) } : {}),
    ...(outsource ? { outsourced: { afterMs: later(MINUTE_MS * (2 + random() * 30)), status: ticketStatus(random, ageDays) } } : {}),
  };
}

/** The week's verifications, oldest first; none later than ten minutes before `now`. */
export function demoWeek({ offices, now, seed = 18_0005 }: DemoWeekOptions): PastVerificationSpec[] {
  const random = generator(seed);
  const today = Math.floor(now.getTime() / DAY_MS) * DAY_MS;
  const latest = now.getTime() - 10 * MINUTE_MS;
  const specs: PastVerificationSpec[] = [];
  for (let ago = 6; ago >= 0; ago -= 1) {
    const day = today - ago * DAY_MS;
    const weekend = [0, 6].includes(new Date(day).getUTCDay());
    for (const office of offices) {
      const expected = weekend ? office.perWeekday / 5 : office.perWeekday;
      const count = Math.max(0, Math.round(expected * (0.75 + random() * 0.5)));
      const times = Array.from({ length: count }, () => day + OPENS_UTC_MS + Math.floor(random() * OPEN_FOR_MS))
        .filter((at) => at <= latest)
        .sort((a, b) => a - b);
      for (const at of times) specs.push(verificationAt(random, office, new Date(at), now.getTime()));
    }
  }
  return specs.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
}

/** Writes the week into the verifications service's store; answers how many verifications it wrote. */
export function seedDemoWeek(store: Pick<Store, 'collection' | 'transaction'>, options: DemoWeekOptions): Promise<number> {
  return insertPastVerifications(store, demoWeek(options));
}
