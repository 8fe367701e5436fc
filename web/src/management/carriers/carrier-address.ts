/**
 * What /management/carriers shows is in the address: the list's query (contracts CarrierListQuery, read leniently,
 * ui/url-list-query.ts) and the carrier open in the side panel (?carrier=77777, or ?carrier=new for the form of a
 * new one), so a reload or a shared link opens the same carrier. Opening or closing a carrier keeps the list's page.
 */
import { CarrierListQuery } from '@dv/contracts';
import { type ListAddress } from '../../ui/list-frame';
import { urlListQuery } from '../../ui/url-list-query';

const LIST = urlListQuery(CarrierListQuery, ['page', 'pageSize', 'search', 'status', 'sort', 'order']);
const OPEN_PARAM = 'carrier';
/** ?carrier=new: the form of a new carrier. */
export const NEW_CARRIER = 'new';

export type CarrierPageQuery = CarrierListQuery & { readonly open?: string | undefined };

export const DEFAULT_CARRIER_QUERY: CarrierListQuery = LIST.defaults;
export const CARRIER_LIST_PARAMS = LIST.params;

export const CARRIER_ADDRESS: ListAddress<CarrierPageQuery> = {
  fromSearch: (search) => {
    const open = search.get(OPEN_PARAM)?.trim();
    return { ...LIST.fromSearch(search), ...(open ? { open } : {}) };
  },
  toSearch: ({ open, ...query }) => {
    const search = LIST.toSearch(query);
    if (open) search.set(OPEN_PARAM, open);
    return search;
  },
  change: (current, change) => {
    const { open: _open, ...listChange } = change;
    const { open, ...list } = current;
    const next = Object.keys(listChange).length === 0 ? list : LIST.change(list, listChange);
    return { ...next, open: 'open' in change ? change.open : open };
  },
};

/** The list part of the page's query: what the list call sends. */
export function listQueryOf({ open: _open, ...query }: CarrierPageQuery): CarrierListQuery {
  return query;
}
