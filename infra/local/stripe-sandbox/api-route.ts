/** One endpoint of the sandbox's Stripe API: its method, its path, and what answering it does. */
import type { Params } from './form-params';
import type { StripeObject } from './sandbox-store';

export interface ApiRequest {
  method: string;
  /** The path matched against the route's pattern: `match[1]` is the id in the path, when it has one. */
  match: RegExpExecArray;
  params: Params;
  /** The `Stripe-Account` header: the connected account the request acts on, null for the platform. */
  account: string | null;
  url: URL;
}

export interface ApiRoute {
  method: string;
  pattern: RegExp;
  handle(request: ApiRequest): StripeObject | Record<string, unknown>;
}
