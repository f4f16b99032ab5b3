/**
 * A subscription's `cancellation_details` as an app writes them (subscriptions.ts): Stripe sets the `reason`,
 * the app may say more in a `comment` and a `feedback` from Stripe's list.
 */
import { optionalString, type Params } from './form-params';
import { invalidParameter } from './stripe-error';

const CANCELLATION_FEEDBACK = [
  'customer_service',
  'low_quality',
  'missing_features',
  'other',
  'switched_service',
  'too_complex',
  'too_expensive',
  'unused',
];

/**
 * `cancellation_details[comment]` and `[feedback]`, as the cancel and update calls take them (Stripe's "Cancel
 * a subscription" and "Update a subscription"): what the app says about why; `""` clears one. Stripe sets
 * `reason` itself.
 */
export function cancellationDetailsParam(params: Params): { comment?: string | null; feedback?: string | null } {
  if (params.cancellation_details === undefined) return {};
  const given: { comment?: string | null; feedback?: string | null } = {};
  for (const field of ['comment', 'feedback'] as const) {
    const raw = (params.cancellation_details as Params | undefined)?.[field];
    if (raw === undefined) continue;
    const value = optionalString(params, `cancellation_details[${field}]`) ?? null;
    if (field === 'feedback' && value !== null && !CANCELLATION_FEEDBACK.includes(value)) {
      throw invalidParameter(
        'cancellation_details[feedback]',
        `Invalid cancellation_details[feedback]: must be one of ${CANCELLATION_FEEDBACK.join(', ')}`,
      );
    }
    given[field] = value;
  }
  return given;
}
