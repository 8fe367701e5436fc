/**
 * Test support: the gateway as the outsourcing parts see it, in memory. One ticket (GET and PATCH
 * /api/verifications/{id}), its outsourcing (outsource, its state, claim, status moves by the transition table,
 * call logs, values with their evidence) with the service's main refusals, the queue (filtered by status, office,
 * payer), the requesters, the offices' names, the carriers. Every call is recorded. The shell's other calls answer
 * as the shared fake gateway does.
 */
import {
  canMoveTicket,
  type CallEvidence,
  type FieldEdit,
  isClosedTicketStatus,
  OUTSOURCE_MESSAGES,
  type OutsourcedTicket,
  type OutsourceQueueItem,
  type RequestersReply,
  ticketTransitionRefusal,
  type TicketStatus,
  type VerificationDetail,
} from '@dv/contracts';
import { type FetchFn } from '../http/http-client';
import { jsonReply } from '../test-support/json-reply';

export type GatewayCall = { method: string; path: string; query: Record<string, string>; body: unknown };

export const OFFICES = [
  { id: 'office-test', name: 'Bright Smiles Main St' },
  { id: 'office-other', name: 'Bright Smiles Elm St' },
];

export const CARRIERS = [
  { payerId: '77777', name: 'Delta Dental of California', payerKey: 'DELTA_DENTAL', eligibility270: true, portalId: 'deltadental' },
  { payerId: '65978', name: 'MetLife Dental', payerKey: 'METLIFE', eligibility270: true, portalId: 'metdental' },
];

export function queueRow(overrides: Partial<OutsourceQueueItem> & { verificationId: string }): OutsourceQueueItem {
  return {
    officeId: 'office-test',
    status: 'Open',
    type: 'Breakdown',
    carrier: { payerId: '77777', name: 'Delta Dental of California' },
    patientInitials: 'M. L.',
    requester: { id: 'user-staff', email: 'staff@demo.test' },
    assignee: null,
    requestedAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    ageHours: 5,
    calls: 0,
    ...overrides,
  };
}

const refuse = (status: number, message: string, details?: unknown) =>
  Promise.resolve(jsonReply({ statusCode: status, error: status === 409 ? 'Conflict' : 'Error', message, requestId: 'req-1', ...(details ? { details } : {}) }, status));

export type OutsourcingGatewayOptions = {
  ticket?: VerificationDetail;
  outsourceEnabled?: boolean;
  queue?: OutsourceQueueItem[];
  requesters?: RequestersReply;
  /** The signed-in user's id, as the service reads it from the token. */
  userId?: string;
  /** The signed-in user is a company user: their plain edits of a ticket in the queue are refused, as the service does. */
  companyUser?: boolean;
};

type GatewayState = {
  ticket: VerificationDetail | null;
  outsourced: OutsourcedTicket | null;
  queue: OutsourceQueueItem[];
  requesters: RequestersReply;
};

function move(state: GatewayState, to: TicketStatus): OutsourcedTicket {
  const now = '2026-11-24T12:00:00.000Z';
  state.outsourced = { ...state.outsourced!, status: to, updatedAt: now };
  state.ticket = state.ticket && { ...state.ticket, ticket: { ...state.ticket.ticket, status: to } };
  return state.outsourced;
}

function outsourcing(state: GatewayState, options: OutsourcingGatewayOptions, method: string, path: string, body: Record<string, unknown>): Promise<Response> | null {
  const ticket = state.ticket;
  if (ticket === null) return null;
  const id = ticket.id;
  if (method === 'POST' && path === `/api/verifications/${id}/outsource`) {
    if (options.outsourceEnabled === false) return refuse(403, 'Outsourcing is not enabled for this office.');
    const request = { type: body.type as 'Breakdown', note: (body.note as string) ?? null, requester: { id: 'user-staff', email: 'staff@demo.test' }, requestedAt: '2026-11-24T11:00:00.000Z' };
    state.outsourced = {
      verificationId: id,
      officeId: ticket.officeId,
      status: 'Open',
      type: request.type,
      requests: [request],
      assignee: null,
      calls: [],
      requestedAt: request.requestedAt,
      updatedAt: request.requestedAt,
    };
    state.ticket = { ...ticket, ticket: { ...ticket.ticket, status: 'Open', requesterId: 'user-staff' } };
    return Promise.resolve(jsonReply(state.outsourced));
  }
  const base = `/api/management/verifications/${id}`;
  if (!path.startsWith(base) || state.outsourced === null) return null;
  if (method === 'POST' && path === `${base}/claim`) {
    state.outsourced = { ...state.outsourced, assignee: { id: options.userId ?? 'user-agent', email: 'agent@demo.test' } };
    return Promise.resolve(jsonReply(move(state, state.outsourced.status === 'Open' ? 'Pending' : state.outsourced.status)));
  }
  if (method === 'POST' && path === `${base}/status`) {
    const to = body.to as TicketStatus;
    if (!canMoveTicket(state.outsourced.status, to)) return refuse(409, ticketTransitionRefusal(state.outsourced.status, to));
    return Promise.resolve(jsonReply(move(state, to)));
  }
  if (method === 'PATCH' && path === `${base}/call`) {
    const evidence = body.evidence as OutsourcedTicket['calls'][number];
    state.outsourced = {
      ...state.outsourced,
      calls: [...state.outsourced.calls, { ...evidence, loggedBy: { id: 'user-agent', email: 'agent@demo.test' }, loggedAt: '2026-11-24T12:30:00.000Z' }],
    };
    return Promise.resolve(jsonReply(state.outsourced));
  }
  return null;
}

/** The ticket with `edits` applied (a scored field takes the value, anything else is set), as saved. */
function edited(ticket: VerificationDetail, edits: readonly FieldEdit[]): VerificationDetail {
  const copy = structuredClone(ticket);
  for (const { path, value } of edits) {
    const keys = path.split('.');
    const last = keys.pop()!;
    let node = copy as unknown as Record<string, unknown>;
    for (const key of keys) node = (node[key] ??= {}) as Record<string, unknown>;
    const target = node[last];
    if (typeof target === 'object' && target !== null && 'score' in target) (target as Record<string, unknown>).value = value;
    else node[last] = value;
  }
  return { ...copy, version: copy.version + 1 };
}

/** PATCH /api/verifications/{id} and PATCH .../fields: the values saved, with the call as evidence through the queue. */
function edits(state: GatewayState, options: OutsourcingGatewayOptions, method: string, path: string, body: Record<string, unknown>): Promise<Response> | null {
  const ticket = state.ticket;
  if (ticket === null || method !== 'PATCH') return null;
  const changes = body.edits as FieldEdit[];
  if (path === `/api/verifications/${ticket.id}`) {
    if (options.companyUser && state.outsourced && !isClosedTicketStatus(state.outsourced.status)) {
      return refuse(409, OUTSOURCE_MESSAGES.saveThroughQueue, { status: state.outsourced.status });
    }
    state.ticket = edited(ticket, changes);
    return Promise.resolve(jsonReply(state.ticket));
  }
  if (path !== `/api/management/verifications/${ticket.id}/fields` || state.outsourced === null) return null;
  if (state.outsourced.calls.length === 0) return refuse(409, OUTSOURCE_MESSAGES.logCallFirst);
  const evidence = { ...(body.evidence as CallEvidence), enteredBy: 'agent@demo.test', enteredAt: '2026-11-24T12:45:00.000Z' };
  const saved = edited(ticket, changes);
  for (const { path: field } of changes) {
    saved.fieldSources[field] = { stated: [{ source: 'user', sourceName: 'user' }], disputed: [], evidence };
  }
  state.ticket = saved;
  return Promise.resolve(jsonReply(saved));
}

function queuePage(state: GatewayState, query: Record<string, string>) {
  const items = state.queue.filter(
    (row) =>
      (query.status === undefined || row.status === query.status) &&
      (query.officeId === undefined || row.officeId === query.officeId) &&
      (query.payerId === undefined || row.carrier.payerId === query.payerId),
  );
  const pageSize = Number(query.pageSize ?? 20);
  const page = Number(query.page ?? 1);
  return { items: items.slice((page - 1) * pageSize, page * pageSize), total: items.length, page, pageSize };
}

export function fakeOutsourcingGateway(options: OutsourcingGatewayOptions = {}) {
  const calls: GatewayCall[] = [];
  const state: GatewayState = {
    ticket: options.ticket ?? null,
    outsourced: null,
    queue: options.queue ?? [],
    requesters: options.requesters ?? { offices: [] },
  };

  const fetch: FetchFn = (url, init) => {
    const [path = url, search = ''] = url.split('?');
    const method = init.method ?? 'GET';
    const query = Object.fromEntries(new URLSearchParams(search));
    const body = typeof init.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    calls.push({ method, path, query, body: typeof init.body === 'string' ? body : undefined });
    if (path === '/api/features' || path === '/api/portals/credentials') return Promise.resolve(jsonReply([]));
    if (path === '/api/dentaloffice/user/all') {
      return Promise.resolve(jsonReply([{ id: 'office-demo-1', name: 'Main St', outsource: { outsourceEnabled: options.outsourceEnabled ?? true }, ableToFullfillForm: false }]));
    }
    if (/^\/api\/dentaloffice\/[^/]+$/.test(path)) return Promise.resolve(jsonReply({ id: 'office-demo-1', planType: 'standard' }));
    if (path === '/api/carriers') return Promise.resolve(jsonReply(CARRIERS));
    if (path === '/api/management/offices') return Promise.resolve(jsonReply({ items: OFFICES, total: OFFICES.length, page: 1, pageSize: 100 }));
    if (path === '/api/management/requesters') {
      const offices = state.requesters.offices.filter((office) => query.officeId === undefined || office.officeId === query.officeId);
      return Promise.resolve(jsonReply({ offices }));
    }
    if (method === 'GET' && path === '/api/management/verifications') return Promise.resolve(jsonReply(queuePage(state, query)));
    if (method === 'GET' && state.ticket && path === `/api/management/verifications/${state.ticket.id}`) {
      return state.outsourced ? Promise.resolve(jsonReply(state.outsourced)) : refuse(404, OUTSOURCE_MESSAGES.notOutsourced);
    }
    const handled = outsourcing(state, options, method, path, body) ?? edits(state, options, method, path, body);
    if (handled) return handled;
    if (method === 'GET' && state.ticket && path === `/api/verifications/${state.ticket.id}`) return Promise.resolve(jsonReply(state.ticket));
    return refuse(404, `Route ${path} not found`);
  };
  return { fetch, calls, state };
}
