/**
 * A merchant sending payment requests through the local runtime as the dashboard does (POST /api/me/requests),
 * and the reminder schedule run at a chosen moment: what the request, mail-safety and SES-feedback tests share.
 */
import { expect, vi } from 'vitest';
import {
  paymentRequestSchema,
  type PaymentRequest,
  type SendPaymentRequestInput,
} from '@shared/contracts/payment-requests';
import type { TestMerchant, TestRuntime } from '../integration/harness';
import { sendJson } from './connected-merchant-runtime';

/** A merchant profile on a paid plan: the trial's lower day limit and first-report pause do not apply. */
export const SUBSCRIBED = {
  subscription: { id: 'sub_requests', status: 'active', currentPeriodEnd: null, cancelAtPeriodEnd: false },
};

export interface RequestSender {
  /** POST /api/me/requests with the file's defaults under `input`; the answer as it came. */
  send(owner: TestMerchant, input?: Partial<SendPaymentRequestInput>): Promise<Response>;
  /** As `send`, expecting 201: the request as the API answered it. */
  sent(owner: TestMerchant, input?: Partial<SendPaymentRequestInput>): Promise<PaymentRequest>;
}

/** Sends requests through `env` with `defaults` (a function of none for a value each request makes anew). */
export function requestSender(env: TestRuntime, defaults: () => Partial<SendPaymentRequestInput>): RequestSender {
  const send: RequestSender['send'] = (owner, input = {}) =>
    sendJson(env, 'POST', '/api/me/requests', { ...defaults(), ...input }, owner.accessToken);
  return {
    send,
    async sent(owner, input) {
      const response = await send(owner, input);
      expect(response.status, await response.clone().text()).toBe(201);
      return paymentRequestSchema.parse(await response.json());
    },
  };
}

/**
 * Runs the reminder schedule with every clock in this process (the handlers', the sandbox's) at `at`, then
 * brings the clocks back: the merchant's token, issued now, would read as expired days ahead.
 */
export async function runRemindersAt(env: TestRuntime, at: number) {
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(at);
  try {
    await env.runtime.scheduler.runNow('send-request-reminders');
  } finally {
    vi.useRealTimers();
  }
}
