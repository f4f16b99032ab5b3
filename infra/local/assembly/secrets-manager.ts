/**
 * A local Secrets Manager for the assembly runtime: the template's `AWS::SecretsManager::Secret` resources,
 * answered over Secrets Manager's JSON protocol (GetSecretValue, DescribeSecret) on its own port, so the
 * bundled functions read their secrets as they do in Lambda — an ARN from their environment, then
 * GetSecretValue through AWS_ENDPOINT_URL_SECRETS_MANAGER (functions/adapters/secrets.ts).
 */
import { createHash } from 'node:crypto';
import http from 'node:http';
import { LOOPBACK, closeServer, listenOn } from '../ports';

export interface LocalSecret {
  /** The secret's name (`paylink/prod/stripe-secret-key`). */
  name: string;
  value: string;
  description?: string;
}

export interface LocalSecretsManager {
  endpoint: string;
  /** The ARN this Secrets Manager gives a secret of that name. */
  arnOf(name: string): string;
  stop(): Promise<void>;
}

/**
 * Secrets Manager's ARN for a named secret: the name and a six-character suffix (random in AWS; here derived
 * from the name, so the ARN a function's environment names and the one its role's policy names agree).
 */
export function localSecretArn(name: string, region: string, accountId: string): string {
  const suffix = createHash('sha256').update(name).digest('base64url').replace(/[-_]/g, 'x').slice(0, 6);
  return `arn:aws:secretsmanager:${region}:${accountId}:secret:${name}-${suffix}`;
}

function answer(response: http.ServerResponse, status: number, body: object) {
  response.writeHead(status, { 'content-type': 'application/x-amz-json-1.1' });
  response.end(JSON.stringify(body));
}

export async function startLocalSecretsManager(options: {
  port: number;
  region: string;
  accountId: string;
  secrets: readonly LocalSecret[];
}): Promise<LocalSecretsManager> {
  const arnOf = (name: string) => localSecretArn(name, options.region, options.accountId);
  const created = Math.floor(Date.now() / 1000);
  // A SecretId may be the name or the full ARN, as in Secrets Manager.
  const byId = new Map<string, LocalSecret>();
  for (const secret of options.secrets) {
    byId.set(secret.name, secret);
    byId.set(arnOf(secret.name), secret);
  }

  // The client closes idle keep-alive sockets, never the server (mailbox.ts says why); stop() closes the rest.
  const server = http.createServer({ keepAliveTimeout: 0 }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const operation = String(request.headers['x-amz-target'] ?? '').replace(/^secretsmanager\./, '');
      let body: { SecretId?: string };
      try {
        body = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as { SecretId?: string };
      } catch {
        return answer(response, 400, { __type: 'SerializationException', message: 'The body is not JSON' });
      }
      if (operation !== 'GetSecretValue' && operation !== 'DescribeSecret') {
        return answer(response, 400, { __type: 'UnknownOperationException', message: `Not emulated: ${operation}` });
      }
      const secret = body.SecretId === undefined ? undefined : byId.get(body.SecretId);
      if (!secret) {
        return answer(response, 400, {
          __type: 'ResourceNotFoundException',
          message: "Secrets Manager can't find the specified secret.",
        });
      }
      const identity = { ARN: arnOf(secret.name), Name: secret.name };
      if (operation === 'DescribeSecret') {
        return answer(response, 200, {
          ...identity,
          Description: secret.description,
          CreatedDate: created,
          VersionIdsToStages: { local: ['AWSCURRENT'] },
        });
      }
      return answer(response, 200, {
        ...identity,
        VersionId: 'local',
        SecretString: secret.value,
        VersionStages: ['AWSCURRENT'],
        CreatedDate: created,
      });
    });
  });
  const port = await listenOn(server, options.port);
  return { endpoint: `http://${LOOPBACK}:${port}`, arnOf, stop: () => closeServer(server) };
}
