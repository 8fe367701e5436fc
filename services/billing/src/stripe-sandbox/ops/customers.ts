/** Customers: create, retrieve, update (the default payment method among them), list by email, search. */
import { badState } from '../errors';
import { newId, randomToken } from '../ids';
import { listPage, PAGE_PARAMS, SEARCH_PARAMS, searchPage } from '../pagination';
import { applyMetadata, type Params } from '../params';
import { previousAttributes } from '../previous-attributes';
import { assertSearchable, matchesQuery, metadataValue, parseQuery } from '../search-query';
import { type Customer, type ListObject, type Metadata, type SearchResult } from '../wire-types';
import { mustGet, type OpContext } from './context';
import { attachToCustomer, paymentMethodFor } from './payment-methods';

const WRITABLE = ['email', 'name', 'description', 'phone', 'metadata', 'invoice_settings', 'preferred_locales'] as const;
const SEARCHABLE = ['email', 'name', 'phone', 'created', 'metadata'] as const;

export interface NewCustomer {
  readonly email?: string | null;
  readonly name?: string | null;
  readonly description?: string | null;
  readonly phone?: string | null;
  readonly metadata?: Metadata;
  readonly preferred_locales?: string[];
}

/** Creates a customer (the API's create, the seed and checkout without a customer all come here). */
export function insertCustomer(ctx: OpContext, fields: NewCustomer): Customer {
  const customer = ctx.state.customers.set({
    id: newId('customer'),
    object: 'customer',
    address: null,
    balance: 0,
    created: ctx.now(),
    currency: null,
    default_source: null,
    delinquent: false,
    description: fields.description ?? null,
    email: fields.email ?? null,
    invoice_prefix: randomToken(8).toUpperCase(),
    invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
    livemode: false,
    metadata: fields.metadata ?? {},
    name: fields.name ?? null,
    next_invoice_sequence: 1,
    phone: fields.phone ?? null,
    preferred_locales: fields.preferred_locales ?? [],
    shipping: null,
    tax_exempt: 'none',
    test_clock: null,
  });
  ctx.emit('customer.created', customer);
  return customer;
}

function readFields(params: Params, current: NewCustomer & { metadata: Metadata }): NewCustomer {
  const pick = (key: 'email' | 'name' | 'description' | 'phone'): { [k: string]: string | null } => {
    const value = params.nullableStr(key);
    return value === undefined ? {} : { [key]: value };
  };
  return {
    ...pick('email'),
    ...pick('name'),
    ...pick('description'),
    ...pick('phone'),
    metadata: applyMetadata(current.metadata, params.metadata()),
    ...(params.has('preferred_locales') ? { preferred_locales: params.strList('preferred_locales') } : {}),
  };
}

function requestedDefaultMethod(params: Params): string | null | undefined {
  const settings = params.hash('invoice_settings')?.only(['default_payment_method', 'custom_fields', 'footer']);
  return settings?.nullableStr('default_payment_method');
}

function notTheCustomers(id: string): never {
  throw badState(
    `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
    'invoice_settings[default_payment_method]',
  );
}

export function createCustomer(ctx: OpContext, params: Params): Customer {
  params.only([...WRITABLE, 'payment_method', 'expand']);
  const fields = readFields(params, { metadata: {} });
  const methodId = params.str('payment_method');
  const defaultMethod = requestedDefaultMethod(params);
  // On a new customer the only payment method it can have is the one attached by this same call.
  if (typeof defaultMethod === 'string' && defaultMethod !== methodId) notTheCustomers(defaultMethod);
  const method = methodId === undefined ? undefined : paymentMethodFor(ctx, methodId, 'payment_method');
  const customer = insertCustomer(ctx, fields);
  if (method === undefined) return customer;
  const attached = attachToCustomer(ctx, method, customer.id);
  if (typeof defaultMethod !== 'string') return customer;
  return ctx.state.customers.set({
    ...customer,
    invoice_settings: { ...customer.invoice_settings, default_payment_method: attached.id },
  });
}

export function retrieveCustomer(ctx: OpContext, params: Params, id: string): Customer {
  params.only(['expand']);
  return mustGet(ctx.state.customers, id, 'customer');
}

export function updateCustomer(ctx: OpContext, params: Params, id: string): Customer {
  params.only([...WRITABLE, 'expand']);
  const before = mustGet(ctx.state.customers, id, 'customer');
  const defaultMethod = requestedDefaultMethod(params);
  if (typeof defaultMethod === 'string' && ctx.state.paymentMethods.get(defaultMethod)?.customer !== id) {
    notTheCustomers(defaultMethod);
  }
  const after = ctx.state.customers.set({
    ...before,
    ...readFields(params, before),
    invoice_settings:
      defaultMethod === undefined
        ? before.invoice_settings
        : { ...before.invoice_settings, default_payment_method: defaultMethod },
  });
  const previous = previousAttributes(before, after);
  if (Object.keys(previous).length > 0) ctx.emit('customer.updated', after, previous);
  return after;
}

export function listCustomers(ctx: OpContext, params: Params): ListObject<Customer> {
  params.only([...PAGE_PARAMS, 'email', 'created']);
  const email = params.str('email');
  const customers = ctx.state.customers.newestFirst().filter((customer) => email === undefined || customer.email === email);
  return listPage(customers, params, '/v1/customers');
}

export function searchCustomers(ctx: OpContext, params: Params): SearchResult<Customer> {
  params.only([...SEARCH_PARAMS]);
  const query = parseQuery(params.requiredStr('query'));
  assertSearchable(query, 'customers', SEARCHABLE);
  const found = ctx.state.customers.newestFirst().filter((customer) =>
    matchesQuery(query, (field, key) => {
      if (field === 'metadata') return metadataValue(customer.metadata, key);
      if (field === 'email') return customer.email;
      if (field === 'name') return customer.name;
      if (field === 'phone') return customer.phone;
      return field === 'created' ? customer.created : undefined;
    }),
  );
  return searchPage(found, params, '/v1/customers/search');
}
