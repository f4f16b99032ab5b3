/**
 * The sandbox's whole state — every Stripe object with the account it lives on, account-link tokens,
 * stored idempotent responses and the events sent — kept in one plain object so it can be written to
 * a JSON file after each change and read back on the next start (like every local service's `.data/`).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** A Stripe API object as the SDK receives it. */
export type StripeObject = { id: string; object: string; [field: string]: unknown };

export interface StripeEvent extends StripeObject {
  object: 'event';
  type: string;
  created: number;
  data: { object: StripeObject; previous_attributes?: Record<string, unknown> };
  /** Set for events about objects on a connected account (they go to the Connect endpoint). */
  account?: string;
}

export interface AccountLinkRecord {
  account: string;
  refreshUrl: string;
  returnUrl: string;
  expiresAt: number;
  /** Links are single use: opened once, submitted once. */
  state: 'new' | 'opened' | 'submitted';
}

export interface StoredResponse {
  method: string;
  path: string;
  paramsFingerprint: string;
  status: number;
  body: unknown;
}

interface StoredObject {
  /** The connected account it lives on; null for the platform's own objects. */
  account: string | null;
  data: StripeObject;
}

/**
 * What a Checkout Session was created with but does not show: its line items (Stripe returns them only
 * when expanded) and the settings for the PaymentIntent or Subscription it will create.
 */
export interface CheckoutSetup {
  lineItems: StripeObject[];
  paymentIntentData: {
    applicationFeeAmount: number | null;
    metadata: Record<string, string>;
    description: string | null;
  };
  /** A trial as `trial_period_days` or as `trial_end` (Unix seconds), never both, as Stripe takes them. */
  subscriptionData: {
    trialPeriodDays: number | null;
    trialEnd: number | null;
    metadata: Record<string, string>;
    /** `subscription_data[application_fee_percent]`: the platform's share of each invoice (absent on older state). */
    applicationFeePercent?: number | null;
  };
}

interface SandboxState {
  objects: Record<string, StoredObject>;
  checkoutSetups: Record<string, CheckoutSetup>;
  accountLinks: Record<string, AccountLinkRecord>;
  idempotentResponses: Record<string, StoredResponse>;
  events: StripeEvent[];
}

function emptyState(): SandboxState {
  return { objects: {}, checkoutSetups: {}, accountLinks: {}, idempotentResponses: {}, events: [] };
}

const ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

/** A Stripe-looking id: `pi_` + 24 random base62 characters. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let suffix = '';
  for (const byte of bytes) suffix += ID_ALPHABET[byte % ID_ALPHABET.length];
  return `${prefix}_${suffix}`;
}

export class SandboxStore {
  private state: SandboxState;

  constructor(private readonly dataPath?: string) {
    this.state =
      dataPath && existsSync(dataPath) ? (JSON.parse(readFileSync(dataPath, 'utf8')) as SandboxState) : emptyState();
  }

  /** The object, if it exists on `account` (null = the platform); Stripe answers 404 across accounts. */
  find<T extends StripeObject = StripeObject>(id: string, account: string | null): T | undefined {
    const stored = this.state.objects[id];
    return stored && stored.account === account ? (stored.data as T) : undefined;
  }

  remove(id: string) {
    delete this.state.objects[id];
  }

  accountOf(id: string): string | null | undefined {
    return this.state.objects[id]?.account;
  }

  put<T extends StripeObject>(data: T, account: string | null): T {
    this.state.objects[data.id] = { account, data };
    return data;
  }

  checkoutSetup(sessionId: string): CheckoutSetup | undefined {
    return this.state.checkoutSetups[sessionId];
  }

  putCheckoutSetup(sessionId: string, setup: CheckoutSetup) {
    this.state.checkoutSetups[sessionId] = setup;
  }

  accountLink(token: string): AccountLinkRecord | undefined {
    return this.state.accountLinks[token];
  }

  putAccountLink(token: string, link: AccountLinkRecord) {
    this.state.accountLinks[token] = link;
  }

  idempotentResponse(key: string): StoredResponse | undefined {
    return this.state.idempotentResponses[key];
  }

  rememberResponse(key: string, response: StoredResponse) {
    this.state.idempotentResponses[key] = response;
  }

  addEvent(event: StripeEvent) {
    this.state.events.push(event);
  }

  events(): readonly StripeEvent[] {
    return this.state.events;
  }

  /** Objects of one kind on one account, oldest first (for the billing portal's list). */
  objectsOfKind<T extends StripeObject>(kind: string, where: (object: T) => boolean): T[] {
    return Object.values(this.state.objects)
      .map((stored) => stored.data as T)
      .filter((object) => object.object === kind && where(object));
  }

  reset() {
    this.state = emptyState();
    this.save();
  }

  /** Written whole after every change, via a rename so a crash never leaves half a file. */
  save() {
    if (!this.dataPath) return;
    mkdirSync(path.dirname(this.dataPath), { recursive: true });
    const temporary = `${this.dataPath}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.state));
    renameSync(temporary, this.dataPath);
  }
}
