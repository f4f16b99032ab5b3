/**
 * A business's team in browser tests (issue 46): a payment made to the business, and a person joining it as
 * a role the way a person does — the owner invites them, they take the token from the email and accept it with
 * their own session.
 */
import { expect } from '@playwright/test';
import type { CheckoutResponse } from '@shared/contracts/checkout';
import type { PaymentLink } from '@shared/contracts/payment-links';
import type { Role } from '@shared/roles';
import { waitForEmail } from '@tests/support/mailbox';
import { submitHostedForm } from '@tests/support/stripe-sandbox';
import { e2eEnv, merchantAccessToken, merchantApi } from './merchant';

/** A payer pays $20.00 for a new link of the business titled `title`, through the sandbox's hosted Checkout. */
export async function payTwentyDollars(token: string, title: string, payerEmail: string) {
  const link = await merchantApi<PaymentLink>(token, 'POST', '/api/me/links', {
    title,
    isOpenAmount: false,
    amountCents: 2000,
    tipPercent: 0,
  });
  const checkout = await fetch(`${e2eEnv.baseUrl}/api/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ linkId: link.linkId, tip: 'none' }),
  });
  const { url } = (await checkout.json()) as CheckoutResponse;
  const answer = await submitHostedForm(url, {
    email: payerEmail,
    name: 'Tama Payer',
    card_number: '4242 4242 4242 4242',
    expiry: '12 / 34',
    cvc: '123',
  });
  expect(answer.status).toBe(303);
  const sessionId = new URL(answer.headers.get('location')!).searchParams.get('session_id')!;
  await fetch(`${e2eEnv.baseUrl}/api/checkout/${sessionId}`);
  return link;
}

/** `person` joins the business of `ownerToken` as `role`, from the invitation's email; answers the business's id. */
export async function joinBusiness(ownerToken: string, person: { email: string; password: string }, role: Role) {
  await merchantApi(ownerToken, 'POST', '/api/me/team/invitations', { email: person.email, role });
  const email = await waitForEmail(e2eEnv.mailboxUrl, person.email, { subject: /^Join / });
  const token = /\/join#([\w-]+)/.exec(email.body.text ?? '')![1]!;
  const joined = await merchantApi<{ businessId: string }>(
    await merchantAccessToken(person),
    'POST',
    '/api/me/invitations/accept',
    { token },
  );
  return joined.businessId;
}
