/** Events: every state change the sandbox made, as sent to the webhook endpoints. */
import { listPage, PAGE_PARAMS } from '../pagination';
import { type Params } from '../params';
import { type ListObject, type StripeEvent } from '../wire-types';
import { mustGet, type OpContext } from './context';

export function retrieveEvent(ctx: OpContext, params: Params, id: string): StripeEvent {
  params.only(['expand']);
  return mustGet(ctx.state.events, id, 'event');
}

export function listEvents(ctx: OpContext, params: Params): ListObject<StripeEvent> {
  params.only([...PAGE_PARAMS, 'type', 'types', 'created', 'delivery_success']);
  const type = params.str('type');
  const types = params.strList('types');
  const events = ctx.state.events
    .newestFirst()
    .filter((event) => type === undefined || event.type === type || (type.endsWith('.*') && event.type.startsWith(type.slice(0, -1))))
    .filter((event) => types.length === 0 || types.includes(event.type));
  return listPage(events, params, '/v1/events');
}
