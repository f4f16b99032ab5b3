/**
 * POST /api/consumer/unlock: the consumer demo's password gate, checked here (DECISIONS.md row 6). A right
 * password answers a short-lived unlock token; a wrong one 'Invalid password'; too many tries a 429.
 */
import { consumerUnlockRequestSchema } from '../../shared/contracts/consumer';
import { readSecret } from '../adapters/secrets';
import { unlockAttemptStore } from '../adapters/wallet-store';
import { unlockConsumerDemo } from '../domain/consumer-wallet';
import { httpHandler, jsonBody, type HttpEvent } from './http-handler';

/**
 * The caller's address. Behind CloudFront the connection comes from CloudFront, which appends the viewer's
 * address as the last `X-Forwarded-For` entry (anything earlier in it the client may have written); without
 * CloudFront (the local gateway) the connection's own address is the client's.
 */
function clientAddressOf(event: HttpEvent): string {
  const sourceIp = event.requestContext.http.sourceIp;
  const forwarded = (event.headers['x-forwarded-for'] ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  while (forwarded.length > 0 && forwarded.at(-1) === sourceIp) forwarded.pop();
  return forwarded.at(-1) ?? sourceIp;
}

export const handler = httpHandler(async (event) => {
  const { password } = consumerUnlockRequestSchema.parse(jsonBody(event));
  const deps = {
    passwordHash: await readSecret('consumer-demo-password-hash'),
    attempts: unlockAttemptStore,
    now: new Date(),
  };
  return { body: await unlockConsumerDemo(password, clientAddressOf(event), deps) };
});
