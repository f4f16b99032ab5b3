/** What tests need around the local Stripe sandbox: the real SDK pointed at it, its forms, a webhook receiver. */
import http from 'node:http';
import Stripe from 'stripe';
import { LOOPBACK, closeServer, listenOn } from '@infra/local/ports';

/** The real `stripe` SDK, talking to the sandbox at `url` (as the app's adapter does). */
export function sandboxStripeClient(url: string, key = 'sk_test_local'): Stripe {
  const { hostname, port } = new URL(url);
  return new Stripe(key, { host: hostname, port, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
}

/** Posts a hosted-page form (Checkout, onboarding, portal) the way a browser would, without following the redirect. */
export function submitHostedForm(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
}

/** Stripe's test card that pays (the sandbox knows Stripe's test cards: infra/local/stripe-sandbox/checkout-payment.ts). */
export const PAYING_CARD = '4242 4242 4242 4242';

export interface HostedCheckoutPayer {
  card?: string;
  email?: string;
  name?: string;
  /** The link's questions answered (`custom_field_<key>`) and the phone (`phone`), as the page's fields. */
  answers?: Record<string, string>;
}

/**
 * Pays on the sandbox's hosted Checkout page as a payer's browser does: opens the page, then submits its
 * card form. Answers the form's response — a redirect to the success URL when paid, 402 when declined —
 * without following it; settling is the caller's (`env.settle()`).
 */
export async function payOnHostedCheckout(
  url: string,
  { card = PAYING_CARD, email = 'payer@example.co.nz', name = 'Rawiri Payer', answers = {} }: HostedCheckoutPayer = {},
): Promise<Response> {
  const page = await fetch(url);
  await page.arrayBuffer();
  if (page.status !== 200) throw new Error(`the hosted Checkout page answered ${page.status}`);
  return submitHostedForm(url, { email, name, card_number: card, expiry: '12 / 34', cvc: '123', ...answers });
}

/** A well-formed New Zealand bank account number: the sandbox takes any, and the test answers for the bank. */
export const NZ_BANK_ACCOUNT = '01-0123-0123456-00';

/**
 * Pays on the hosted Checkout by New Zealand bank debit (BECS Direct Debit): the session completes unpaid and
 * the debit stays processing until the test answers for the bank (`answerBankDebit`).
 */
export async function payByBankDebitOnHostedCheckout(
  url: string,
  { email = 'payer@example.co.nz', name = 'Rawiri Payer', answers = {} }: HostedCheckoutPayer = {},
): Promise<Response> {
  const page = await fetch(url);
  await page.arrayBuffer();
  if (page.status !== 200) throw new Error(`the hosted Checkout page answered ${page.status}`);
  return submitHostedForm(url, {
    email,
    name,
    payment_method: 'nz_bank_account',
    bank_account: NZ_BANK_ACCOUNT,
    ...answers,
  });
}

export interface ReceivedWebhook {
  path: string;
  body: string;
  signature: string;
}

/** A webhook endpoint on a free loopback port that answers 200 and keeps what it received. */
export async function startWebhookReceiver() {
  const received: ReceivedWebhook[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url ?? '', body, signature: String(request.headers['stripe-signature']) });
      response.writeHead(200).end();
    });
  });
  const port = await listenOn(server, 0);
  return {
    received,
    urlFor: (path: string) => `http://${LOOPBACK}:${port}${path}`,
    stop: () => closeServer(server),
  };
}
