/**
 * `POST /v1/payment_intents/:id` and `POST /v1/charges/:id`: the fields Stripe lets an app change after the
 * fact, as its API reference describes them ("Update a PaymentIntent", "Update a charge"). Paylink writes a
 * renewal's payment id in both objects' `metadata` (docs/decisions.md #156), as Checkout's metadata does for a
 * one-off payment. Parameters not given are left unchanged; `metadata[key]=""` removes one key and
 * `metadata=""` all of them. A charge whose description or metadata changed sends `charge.updated` (Stripe:
 * "Occurs whenever a charge description or metadata is updated"); a PaymentIntent has no such event.
 */
import { retrieve } from './billing';
import { metadataParam, optionalInteger, optionalString, type Params } from './form-params';
import type { SandboxContext } from './sandbox-context';
import type { StripeObject } from './sandbox-store';
import { StripeApiError, invalidParameter } from './stripe-error';

/** What each update takes here; `expand` is read by stripe-api.ts for every route. */
const PAYMENT_INTENT_FIELDS = ['metadata', 'description', 'receipt_email', 'amount', 'expand'];
const CHARGE_FIELDS = ['metadata', 'description', 'receipt_email', 'expand'];
/** Stripe lets an intent's amount change only before it is paid. */
const AMOUNT_UPDATABLE_STATUSES = ['requires_payment_method', 'requires_confirmation', 'requires_action'];

function refuseUnknown(params: Params, known: readonly string[]) {
  const unknown = Object.keys(params).find((name) => !known.includes(name));
  if (unknown !== undefined) {
    throw new StripeApiError(
      400,
      'invalid_request_error',
      `Received unknown parameter: ${unknown}`,
      'parameter_unknown',
      unknown,
    );
  }
}

/** `description` and `receipt_email` as given; `""` clears either, as Stripe's empty value does. */
function textFields(params: Params, object: StripeObject) {
  const changed: Record<string, unknown> = {};
  for (const field of ['description', 'receipt_email'] as const) {
    if (params[field] === undefined) continue;
    const value = optionalString(params, field) ?? null;
    if (object[field] !== value) changed[field] = value;
  }
  return changed;
}

function metadataChange(params: Params, object: StripeObject) {
  if (params.metadata === undefined) return {};
  const current = (object.metadata as Record<string, string> | undefined) ?? {};
  const next = metadataParam(params, 'metadata', current);
  return JSON.stringify(next) === JSON.stringify(current) ? {} : { metadata: next };
}

/** The fields' values before the change, for the event's `previous_attributes`. */
function previousOf(object: StripeObject, changed: Record<string, unknown>) {
  return Object.fromEntries(Object.keys(changed).map((field) => [field, structuredClone(object[field] ?? null)]));
}

export function updatePaymentIntent(context: SandboxContext, id: string, params: Params, account: string | null) {
  const intent = retrieve(context, 'payment_intent', id, account);
  refuseUnknown(params, PAYMENT_INTENT_FIELDS);
  const amount = optionalInteger(params, 'amount');
  if (amount !== undefined && amount !== intent.amount) {
    if (!AMOUNT_UPDATABLE_STATUSES.includes(String(intent.status))) {
      throw new StripeApiError(
        400,
        'invalid_request_error',
        `This PaymentIntent's amount could not be updated because it has a status of ${String(intent.status)}. You may only update the amount of a PaymentIntent with one of the following statuses: ${AMOUNT_UPDATABLE_STATUSES.join(', ')}.`,
        'payment_intent_unexpected_state',
        'amount',
      );
    }
    if (amount < 1) throw invalidParameter('amount', 'This value must be greater than or equal to 1.');
  }
  Object.assign(intent, textFields(params, intent), metadataChange(params, intent));
  if (amount !== undefined) intent.amount = amount;
  return intent;
}

export function updateCharge(context: SandboxContext, id: string, params: Params, account: string | null) {
  const charge = retrieve(context, 'charge', id, account);
  refuseUnknown(params, CHARGE_FIELDS);
  const changed = { ...textFields(params, charge), ...metadataChange(params, charge) };
  if (Object.keys(changed).length === 0) return charge;
  const previousAttributes = previousOf(charge, changed);
  Object.assign(charge, changed);
  context.emit('charge.updated', charge, { account, previousAttributes });
  return charge;
}
