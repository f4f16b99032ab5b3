/** A Stripe list page: `limit` (1–100, default 10), `starting_after` / `ending_before` cursors, over objects already newest first. */
import { optionalInteger, optionalString, type Params } from './form-params';
import type { StripeObject } from './sandbox-store';
import { invalidParameter } from './stripe-error';

export function listPage<T extends StripeObject>(objects: T[], params: Params, url: string) {
  const limit = optionalInteger(params, 'limit') ?? 10;
  if (limit < 1 || limit > 100) {
    throw invalidParameter('limit', 'Invalid integer: limit must be between 1 and 100.', 'parameter_invalid_integer');
  }
  const startingAfter = optionalString(params, 'starting_after');
  const endingBefore = optionalString(params, 'ending_before');
  let page: T[];
  let hasMore: boolean;
  if (endingBefore) {
    const index = objects.findIndex((object) => object.id === endingBefore);
    if (index < 0) throw invalidParameter('ending_before', `No such object: '${endingBefore}'`, 'resource_missing');
    page = objects.slice(Math.max(0, index - limit), index);
    hasMore = index - limit > 0;
  } else {
    const index = startingAfter ? objects.findIndex((object) => object.id === startingAfter) : -1;
    if (startingAfter && index < 0) {
      throw invalidParameter('starting_after', `No such object: '${startingAfter}'`, 'resource_missing');
    }
    page = objects.slice(index + 1, index + 1 + limit);
    hasMore = index + 1 + limit < objects.length;
  }
  return { object: 'list' as const, data: page, has_more: hasMore, url };
}
