/**
 * The agents' queue's filters, sort and page live in the address (/management/verifications?status=Open&age=24):
 * a filtered queue can be shared and survives the way back from a ticket. They are contracts'
 * OutsourceQueueQuery, read leniently (ui/url-list-query.ts); one status at a time.
 */
import { OutsourceQueueQuery } from '@dv/contracts';
import { urlListQuery } from '../ui/url-list-query';

export type QueueQuery = OutsourceQueueQuery;

const QUEUE_QUERY = urlListQuery(OutsourceQueueQuery, [
  'page',
  'pageSize',
  'status',
  'officeId',
  'payerId',
  'olderThanHours',
  'type',
  'assignee',
  'sort',
  'order',
]);

export const DEFAULT_QUEUE_QUERY: QueueQuery = QUEUE_QUERY.defaults;
export const queueQueryFromSearch = QUEUE_QUERY.fromSearch;
export const searchOfQueueQuery = QUEUE_QUERY.toSearch;
export const changeQueueQuery = QUEUE_QUERY.change;
/** What GET /api/management/verifications is sent: the address's parameters. */
export const queueCallParams = QUEUE_QUERY.params;

export function hasQueueFilters(query: QueueQuery): boolean {
  return (
    query.status !== undefined ||
    query.officeId !== undefined ||
    query.payerId !== undefined ||
    query.olderThanHours !== undefined ||
    query.type !== undefined ||
    query.assignee !== undefined
  );
}

/** The filters cleared; sort and page size stay as the user set them. */
export const NO_QUEUE_FILTERS: Partial<QueueQuery> = {
  status: undefined,
  officeId: undefined,
  payerId: undefined,
  olderThanHours: undefined,
  type: undefined,
  assignee: undefined,
};
