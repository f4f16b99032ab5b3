/** What tests need around the local Stripe sandbox: the real SDK pointed at it, its forms, a webhook receiver. */
import http from 'node:http';
import Stripe from 'stripe';
import { LOOPBACK, closeServer, freePort } from '../../infra/local/ports';

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
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, LOOPBACK, resolve));
  return {
    received,
    urlFor: (path: string) => `http://${LOOPBACK}:${port}${path}`,
    stop: () => closeServer(server),
  };
}
