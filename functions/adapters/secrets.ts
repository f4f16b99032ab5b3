import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { type SecretId } from '../function-spec';
import { secretArnEnvName, secretValueEnvName } from '../environment';

/** Secrets are re-read after this long, so a rotated value reaches warm Lambdas without a deploy. */
const CACHE_MILLISECONDS = 5 * 60 * 1000;

let client: SecretsManagerClient | undefined;
const cache = new Map<SecretId, { value: Promise<string>; readAt: number }>();

/**
 * A secret's value. The cloud gives each function the ARNs of the secrets it declared; the local runtime,
 * which has no Secrets Manager, gives the values themselves.
 */
export function readSecret(secret: SecretId): Promise<string> {
  const direct = process.env[secretValueEnvName(secret)];
  if (direct) return Promise.resolve(direct);
  const cached = cache.get(secret);
  if (cached && Date.now() - cached.readAt < CACHE_MILLISECONDS) return cached.value;

  const arn = process.env[secretArnEnvName(secret)];
  if (!arn)
    throw new Error(`${secretArnEnvName(secret)} is not set: this function did not declare the ${secret} secret`);
  client ??= new SecretsManagerClient({});
  const value = client.send(new GetSecretValueCommand({ SecretId: arn })).then(({ SecretString }) => {
    if (!SecretString) throw new Error(`Secret ${secret} has no string value`);
    return SecretString;
  });
  value.catch(() => cache.delete(secret));
  cache.set(secret, { value, readAt: Date.now() });
  return value;
}
