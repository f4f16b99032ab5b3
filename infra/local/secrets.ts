/**
 * The local runtime's stand-in for Secrets Manager: one random value per secret, kept in
 * `.data/secrets.json` so that tokens signed before a restart still verify after it (in memory for tests).
 * Functions receive the values directly in `<SECRET_ID>` variables instead of ARNs.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SECRET_IDS, secretValueEnvName, type SecretId } from '../../functions/catalog';

/** Values shaped like the real ones (Stripe's SDK and sandbox look at the prefixes). */
const PREFIXES: Partial<Record<SecretId, string>> = {
  'stripe-secret-key': 'sk_test_local_',
  'stripe-webhook-secret': 'whsec_',
  'stripe-connect-webhook-secret': 'whsec_',
};

export function localSecrets(dataDirectory?: string): Record<SecretId, string> {
  const file = dataDirectory && path.join(dataDirectory, 'secrets.json');
  const stored: Partial<Record<SecretId, string>> =
    file && existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets = Object.fromEntries(
    SECRET_IDS.map((id) => [id, stored[id] ?? `${PREFIXES[id] ?? ''}${randomBytes(32).toString('hex')}`]),
  ) as Record<SecretId, string>;
  if (file) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  }
  return secrets;
}

export function secretEnvironment(secrets: Record<SecretId, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(secrets).map(([id, value]) => [secretValueEnvName(id as SecretId), value]));
}
