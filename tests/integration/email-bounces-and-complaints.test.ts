/**
 * Issue 48, door 4's remainder (docs/decisions.md #201): SES's hard bounces and complaints about a payment
 * request's email reach the business's suppression list (#175). The local mailbox plays SES's mailbox simulator:
 * a request to `bounce+…@simulator.amazonses.com` or `complaint+…@simulator.amazonses.com`, sent with the
 * configuration set, comes back as SES's event on the default bus, which the catalogue's consumer takes as the
 * cloud's would. The next request to that address is refused in words that say why; its reminder ends unsent,
 * saying why; another business may still try the address.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_BOUNCED, EMAIL_COMPLAINT_RECEIVED, SES_EVENT_SOURCE } from '@shared/contracts/email-feedback';
import {
  paymentRequestListSchema,
  RECIPIENT_BOUNCED_MESSAGE,
  RECIPIENT_COMPLAINED_MESSAGE,
} from '@shared/contracts/payment-requests';
import { REMINDER_SUPPRESSED_MESSAGES } from '@functions/domain/request-recipients';
import { SUPPORT_EMAIL } from '@shared/brand';
import { bootWithConnectedMerchant } from '../support/connected-merchant-runtime';
import { emailsTo, waitForEmail } from '../support/mailbox';
import { requestSender, runRemindersAt, SUBSCRIBED, type RequestSender } from '../support/payment-requests';
import type { TestMerchant, TestRuntime } from './harness';

const DAY_MS = 24 * 60 * 60 * 1000;

let env: TestRuntime;
let merchant: TestMerchant;
let requests: RequestSender;

beforeAll(async () => {
  ({ env, merchant } = await bootWithConnectedMerchant(
    { publicRateLimit: false },
    { companyName: 'Totara Tiling', ...SUBSCRIBED },
  ));
  requests = requestSender(env, () => ({ title: 'Bathroom tiles', amountCents: 45_000 }));
});
afterAll(() => env?.stop());

/** A simulator address of its own per test, so tests running beside this one never share one. */
const simulator = (kind: 'bounce' | 'complaint' | 'success') =>
  `${kind}+${crypto.randomUUID().slice(0, 8)}@simulator.amazonses.com`;

async function listed(owner: TestMerchant, requestId: string) {
  const response = await env.api('/api/me/requests', { token: owner.accessToken });
  return paymentRequestListSchema.parse(await response.json()).requests.find((item) => item.requestId === requestId);
}

/** SES's events the bus delivered to the consumer so far. */
const feedbackDeliveries = () =>
  env.runtime.bus.deliveries.filter((delivery) => delivery.functionName === 'record-email-feedback');

describe("SES's feedback on a payment request", () => {
  it('a hard bounce: the next request is refused saying it bounced, its reminder ends unsent saying so', async () => {
    const address = simulator('bounce');
    const first = await requests.sent(merchant, { payerEmail: address, reminderDays: 1 });
    await env.settle();
    expect(feedbackDeliveries().some((delivery) => delivery.ok)).toBe(true);

    const refused = await requests.send(merchant, { payerEmail: address.toUpperCase() });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'recipient_bounced',
      message: RECIPIENT_BOUNCED_MESSAGE,
      fields: { payerEmail: RECIPIENT_BOUNCED_MESSAGE },
    });

    // The reminder owed on the first request is not sent, and the merchant's list says why.
    await runRemindersAt(env, Date.now() + 2 * DAY_MS);
    expect(await listed(merchant, first.requestId)).toMatchObject({
      status: 'sent',
      reminderFailure: REMINDER_SUPPRESSED_MESSAGES.bounced,
    });

    // The list is the business's own: another business may still try the address (and hear its own bounce).
    const other = await env.connectedMerchant({ companyName: 'Other Tilers', ...SUBSCRIBED });
    await requests.sent(other, { payerEmail: address });
  });

  it('a complaint: the next request is refused saying the customer marked an email as spam', async () => {
    const address = simulator('complaint');
    const first = await requests.sent(merchant, { payerEmail: address });
    await env.settle();
    const refused = await requests.send(merchant, { payerEmail: address });
    expect(refused.status).toBe(409);
    expect(await refused.json()).toMatchObject({
      code: 'recipient_complained',
      message: RECIPIENT_COMPLAINED_MESSAGE,
    });
    // The operator hears of it, naming the business and the request.
    const told = await waitForEmail(env.runtime.mailbox.url, SUPPORT_EMAIL, {
      subject: new RegExp(`^Complaint about a payment request: ${merchant.sub}$`),
    });
    expect(told.body.text).toContain(first.requestId);

    // SES delivers at least once: the same complaint again lists nobody new and emails nobody again.
    env.runtime.bus.put('default', {
      source: SES_EVENT_SOURCE,
      'detail-type': EMAIL_COMPLAINT_RECEIVED,
      resources: [],
      detail: {
        eventType: 'Complaint',
        mail: {
          messageId: crypto.randomUUID(),
          destination: [address],
          timestamp: new Date().toISOString(),
          tags: { merchant: [merchant.sub], request: [first.requestId] },
        },
        complaint: { complainedRecipients: [{ emailAddress: address }] },
      },
    });
    await env.settle();
    const complaintsTold = (await emailsTo(env.runtime.mailbox.url, SUPPORT_EMAIL)).filter((email) =>
      email.subject.endsWith(merchant.sub),
    );
    expect(complaintsTold).toHaveLength(1);
  });

  it('a delivered email, a soft bounce or feedback on an email that is not a request lists nobody', async () => {
    const delivered = simulator('success');
    await requests.sent(merchant, { payerEmail: delivered });
    await env.settle();
    await requests.sent(merchant, { payerEmail: delivered });

    // A soft bounce (SES still trying) and a bounce of an email without a request's tags (a receipt, a
    // sign-in link), delivered as SES would publish them.
    const soft = simulator('bounce');
    const untagged = simulator('bounce');
    const mail = (address: string, tags: Record<string, string[]>) => ({
      messageId: crypto.randomUUID(),
      destination: [address],
      timestamp: new Date().toISOString(),
      tags,
    });
    env.runtime.bus.put('default', {
      source: SES_EVENT_SOURCE,
      'detail-type': EMAIL_BOUNCED,
      resources: [],
      detail: {
        eventType: 'Bounce',
        mail: mail(soft, { merchant: [merchant.sub] }),
        bounce: { bounceType: 'Transient', bouncedRecipients: [{ emailAddress: soft }] },
      },
    });
    env.runtime.bus.put('default', {
      source: SES_EVENT_SOURCE,
      'detail-type': EMAIL_BOUNCED,
      resources: [],
      detail: {
        eventType: 'Bounce',
        mail: mail(untagged, {}),
        bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: untagged }] },
      },
    });
    await env.settle();
    expect(feedbackDeliveries().every((delivery) => delivery.ok)).toBe(true);
    // Neither touched this business's list: the soft bounce's address may be emailed (this send, with its own
    // simulator address, bounces for good and so is listed only from here on).
    await requests.sent(merchant, { payerEmail: soft });
    await requests.sent(merchant, { payerEmail: untagged });
  });
});
