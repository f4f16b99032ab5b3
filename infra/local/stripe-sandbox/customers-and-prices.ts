/**
 * The platform's customers and prices (Paylink's NZD 29/month plan is a Price on a Product), and the
 * lookup every sandbox route uses to find an object of a kind on an account.
 */
import { metadataParam, optionalInteger, optionalString, requiredString, type Params } from './form-params';
import { timeFor } from './clock-time';
import type { SandboxContext } from './sandbox-context';
import { newId, type StripeObject } from './sandbox-store';
import { invalidParameter, missingParameter, noSuchObject } from './stripe-error';

export interface Price extends StripeObject {
  object: 'price';
  currency: string;
  unit_amount: number;
  recurring: { interval: string; interval_count: number } | null;
  product: string;
}

export interface Customer extends StripeObject {
  object: 'customer';
  email: string | null;
  name: string | null;
  /** The test clock whose time its subscriptions keep (test-clocks.ts), or null. */
  test_clock: string | null;
}

export function createCustomer(
  context: SandboxContext,
  fields: { email: string | null; name: string | null; metadata?: Record<string, string>; testClock?: string | null },
  account: string | null,
): Customer {
  const customer: Customer = {
    id: newId('cus', 14),
    object: 'customer',
    email: fields.email,
    name: fields.name,
    phone: null,
    description: null,
    metadata: fields.metadata ?? {},
    invoice_settings: { default_payment_method: null },
    test_clock: fields.testClock ?? null,
    created: fields.testClock ? timeFor(context, fields.testClock, account) : context.now(),
    livemode: false,
  };
  context.store.put(customer, account);
  context.emit('customer.created', customer, { account });
  return customer;
}

export function createCustomerFromParams(context: SandboxContext, params: Params, account: string | null) {
  const testClock = optionalString(params, 'test_clock') ?? null;
  if (testClock && context.store.find(testClock, account)?.object !== 'test_helpers.test_clock') {
    throw noSuchObject('test_helpers.test_clock', testClock, 'test_clock');
  }
  return createCustomer(
    context,
    {
      email: optionalString(params, 'email') ?? null,
      name: optionalString(params, 'name') ?? null,
      metadata: metadataParam(params, 'metadata'),
      testClock,
    },
    account,
  );
}

export function retrieve<T extends StripeObject>(
  context: SandboxContext,
  kind: string,
  id: string,
  account: string | null,
) {
  const found = context.store.find<T>(id, account);
  if (!found || found.object !== kind) throw noSuchObject(kind, id);
  return found;
}

/** A Price from `price_data` (inline, as Checkout does) or `POST /v1/prices`, with its Product. */
export function createPrice(context: SandboxContext, params: Params, prefix: string, account: string | null): Price {
  const currency = requiredString(params, `${prefix}[currency]`).toLowerCase();
  const unitAmount = optionalInteger(params, `${prefix}[unit_amount]`);
  if (unitAmount === undefined) throw missingParameter(`${prefix}[unit_amount]`);
  if (unitAmount < 0)
    throw invalidParameter(`${prefix}[unit_amount]`, 'This value must be greater than or equal to 0.');
  let productId = optionalString(params, `${prefix}[product]`);
  if (!productId) {
    const name = requiredString(params, `${prefix}[product_data][name]`);
    const product = {
      id: newId('prod', 14),
      object: 'product',
      name,
      active: true,
      created: context.now(),
      livemode: false,
    };
    context.store.put(product, account);
    productId = product.id;
  } else if (!context.store.find(productId, account)) {
    throw noSuchObject('product', productId, `${prefix}[product]`);
  }
  const interval = optionalString(params, `${prefix}[recurring][interval]`);
  if (interval && !['day', 'week', 'month', 'year'].includes(interval)) {
    throw invalidParameter(
      `${prefix}[recurring][interval]`,
      'Invalid interval: must be one of day, week, month, or year',
    );
  }
  const intervalCount = optionalInteger(params, `${prefix}[recurring][interval_count]`) ?? 1;
  // Stripe's bound: at least one interval, at most three years (3 years, 36 months, 156 weeks, 1095 days).
  const maxCount = { day: 1095, week: 156, month: 36, year: 3 }[interval ?? 'month'] ?? 36;
  if (intervalCount < 1 || intervalCount > maxCount) {
    throw invalidParameter(
      `${prefix}[recurring][interval_count]`,
      'Invalid interval_count: the maximum interval is three years (3 years, 36 months, or 156 weeks).',
      'parameter_invalid_integer',
    );
  }
  const price: Price = {
    id: newId('price', 24),
    object: 'price',
    active: true,
    currency,
    unit_amount: unitAmount,
    recurring: interval ? { interval, interval_count: intervalCount } : null,
    type: interval ? 'recurring' : 'one_time',
    product: productId,
    metadata: metadataParam(params, `${prefix}[metadata]`),
    created: context.now(),
    livemode: false,
  };
  return context.store.put(price, account);
}
