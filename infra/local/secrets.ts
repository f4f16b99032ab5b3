/**
 * The local runtime's stand-in for Secrets Manager: one random value per secret, kept in
 * `.data/secrets.json` so that tokens signed before a restart still verify after it (in memory for tests).
 * Functions receive the values directly in `<SECRET_ID>` variables instead of ARNs.
 */
import { randomBytes, scryptSync } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SECRET_IDS, type SecretId } from '@functions/function-spec';
import { secretValueEnvName } from '@functions/environment';

/** Values shaped like the real ones (Stripe's SDK and sandbox look at the prefixes). */
const PREFIXES: Partial<Record<SecretId, string>> = {
  'stripe-secret-key': 'sk_test_local_',
  'stripe-webhook-secret': 'whsec_',
  'stripe-connect-webhook-secret': 'whsec_',
};

/**
 * The consumer demo's password on this machine (README, `npm start`'s banner). Only its hash is kept as
 * the `consumer-demo-password-hash` secret; it never reaches the browser bundle.
 */
export const LOCAL_CONSUMER_DEMO_PASSWORD = 'cashback-demo';

/**
 * A password as the `consumer-demo-password-hash` secret holds it — `scrypt$N$r$p$salt$key` (base64url),
 * the format functions/domain/consumer-wallet.ts verifies. The README's cloud command uses it too.
 */
export function consumerPasswordHash(password: string): string {
  const [N, r, p] = [16_384, 8, 1];
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize('NFC'), salt, 32, { N, r, p });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

function generated(id: SecretId): string {
  if (id === 'consumer-demo-password-hash') return consumerPasswordHash(LOCAL_CONSUMER_DEMO_PASSWORD);
  return `${PREFIXES[id] ?? ''}${randomBytes(32).toString('hex')}`;
}

export function localSecrets(dataDirectory?: string): Record<SecretId, string> {
  const file = dataDirectory && path.join(dataDirectory, 'secrets.json');
  const stored: Partial<Record<SecretId, string>> =
    file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets = Object.fromEntries(SECRET_IDS.map((id) => [id, stored[id] ?? generated(id)])) as Record<
    SecretId,
    string
  >;
  if (file) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

export function secretEnvironment(secrets: Record<SecretId, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(secrets).map(([id, value]) => [secretValueEnvName(id as SecretId), value]));
}
