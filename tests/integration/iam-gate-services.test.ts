/**
 * The IAM gate in front of Secrets Manager (the assembly runtime's local one), Cognito (cognito-local) and the
 * API Gateway management API, with the AWS SDK's own clients: what the role allows reaches the service,
 * what it does not is refused with AccessDeniedException, and Cognito's public user operations need no grant.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminGetUserCommand,
  AdminUserGlobalSignOutCommand,
  CognitoIdentityProviderClient,
  SignUpCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIamGate, type IamGate } from '@infra/local/assembly/iam-gate';
import { startLocalSecretsManager, type LocalSecretsManager } from '@infra/local/assembly/secrets-manager';
import { startLocalCognito, type LocalCognito } from '@infra/local/cognito';
import { startLocalMailbox, type LocalMailbox } from '@infra/local/mailbox';
import { LOOPBACK, closeServer, listenOn } from '@infra/local/ports';

const REGION = 'local';
const ACCOUNT = '000000000000';
const API = { apiId: 'realtime1', stage: 'prod' };
const FUNCTION = { accessKeyId: 'pusher-function', secretAccessKey: 'local' };
const BROKEN = { accessKeyId: 'broken-function', secretAccessKey: 'local' };
const ADMIN = { accessKeyId: 'local', secretAccessKey: 'local' };

let secrets: LocalSecretsManager;
let mailbox: LocalMailbox;
let cognito: LocalCognito;
let dataDirectory: string;
let gate: IamGate;
/** The API Gateway management API stands here as a plain server that records what reaches it. */
let managementApi: http.Server;
const reachedManagementApi: string[] = [];
const logged: string[] = [];

beforeAll(async () => {
  dataDirectory = await mkdtemp(path.join(tmpdir(), 'iam-gate-'));
  secrets = await startLocalSecretsManager({
    port: 0,
    region: REGION,
    accountId: ACCOUNT,
    secrets: [
      { name: 'paylink/prod/stripe-secret-key', value: 'sk_test_granted' },
      { name: 'paylink/prod/magic-link-key', value: 'not-for-this-function' },
    ],
  });
  mailbox = await startLocalMailbox({ port: 0 });
  cognito = await startLocalCognito({
    port: 0,
    dataDirectory,
    functions: [],
    mailboxUrl: mailbox.url,
    mailFrom: 'no-reply@example.com',
  });
  managementApi = http.createServer((request, response) => {
    reachedManagementApi.push(`${request.method} ${request.url}`);
    request.resume().on('end', () => response.writeHead(200).end());
  });
  const managementUrl = `http://${LOOPBACK}:${await listenOn(managementApi, 0)}/${API.stage}`;
  const userPoolArn = `arn:aws:cognito-idp:${REGION}:${ACCOUNT}:userpool/${cognito.userPoolId}`;
  gate = await startIamGate({
    principals: [
      {
        accessKeyId: FUNCTION.accessKeyId,
        roleArn: `arn:aws:iam::${ACCOUNT}:role/PusherRole`,
        functionName: 'pusher',
        policyDocuments: [
          {
            Version: '2012-10-17',
            Statement: [
              // As CDK's secret.grantRead() writes it.
              {
                Effect: 'Allow',
                Action: ['secretsmanager:GetSecretValue', 'secretsmanager:DescribeSecret'],
                Resource: secrets.arnOf('paylink/prod/stripe-secret-key'),
              },
              { Effect: 'Allow', Action: 'cognito-idp:AdminUserGlobalSignOut', Resource: userPoolArn },
            ],
          },
          {
            // As CDK's WebSocketStage.grantManagementApiAccess() writes it.
            Version: '2012-10-17',
            Statement: {
              Effect: 'Allow',
              Action: 'execute-api:ManageConnections',
              Resource: `arn:aws:execute-api:${REGION}:${ACCOUNT}:${API.apiId}/${API.stage}/POST/@connections/*`,
            },
          },
        ],
      },
      {
        // An intrinsic the runtime failed to resolve: the evaluator cannot read the policy.
        accessKeyId: BROKEN.accessKeyId,
        roleArn: `arn:aws:iam::${ACCOUNT}:role/BrokenRole`,
        policyDocuments: [
          {
            Version: '2012-10-17',
            Statement: [
              {
                Effect: 'Allow',
                Action: 'secretsmanager:GetSecretValue',
                Resource: { 'Fn::GetAtt': ['Secret', 'Arn'] },
              },
            ],
          },
        ],
      },
    ],
    upstreams: { secretsmanager: secrets.endpoint, 'cognito-idp': cognito.endpoint, 'execute-api': managementUrl },
    region: REGION,
    accountId: ACCOUNT,
    executeApi: API,
    log: (line) => logged.push(line),
  });
});

afterAll(async () => {
  await gate?.stop();
  await Promise.all([secrets?.stop(), cognito?.stop(), mailbox?.stop(), managementApi && closeServer(managementApi)]);
  if (dataDirectory) await rm(dataDirectory, { recursive: true, force: true });
});

async function errorOf(call: Promise<unknown>): Promise<Error | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    return error as Error;
  }
}

describe('Secrets Manager through the IAM gate', () => {
  const client = (credentials: typeof ADMIN) =>
    new SecretsManagerClient({ region: REGION, credentials, endpoint: gate.endpoints.secretsmanager });

  it('reads the secret the role is granted, and refuses another', async () => {
    const granted = await client(FUNCTION).send(
      new GetSecretValueCommand({ SecretId: secrets.arnOf('paylink/prod/stripe-secret-key') }),
    );
    expect(granted.SecretString).toBe('sk_test_granted');
    const other = secrets.arnOf('paylink/prod/magic-link-key');
    const error = await errorOf(client(FUNCTION).send(new GetSecretValueCommand({ SecretId: other })));
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.message).toContain(
      `secretsmanager:GetSecretValue on resource: ${other} because no identity-based policy allows`,
    );
  });

  it('says at start that it cannot read a policy with an unresolved intrinsic, and refuses that role its calls', async () => {
    expect(logged.some((line) => line.includes(`cannot read arn:aws:iam::${ACCOUNT}:role/BrokenRole's policies`))).toBe(
      true,
    );
    const error = await errorOf(
      client(BROKEN).send(new GetSecretValueCommand({ SecretId: secrets.arnOf('paylink/prod/stripe-secret-key') })),
    );
    expect(error?.name).toBe('AccessDeniedException');
  });
});

describe('Cognito through the IAM gate', () => {
  const client = (credentials: typeof ADMIN) =>
    new CognitoIdentityProviderClient({ region: REGION, credentials, endpoint: gate.endpoints['cognito-idp'] });

  it("allows the admin operation the role is granted on the pool, refuses another, and passes a user's own sign-up", async () => {
    const Username = `signed-out-${Date.now()}@example.com`;
    const UserPoolId = cognito.userPoolId;
    await client(ADMIN).send(new AdminCreateUserCommand({ UserPoolId, Username, MessageAction: 'SUPPRESS' }));
    await client(FUNCTION).send(new AdminUserGlobalSignOutCommand({ UserPoolId, Username }));

    const error = await errorOf(client(FUNCTION).send(new AdminDeleteUserCommand({ UserPoolId, Username })));
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.message).toContain(
      `cognito-idp:AdminDeleteUser on resource: arn:aws:cognito-idp:${REGION}:${ACCOUNT}:userpool/${UserPoolId}`,
    );
    const stillThere = await client(ADMIN).send(new AdminGetUserCommand({ UserPoolId, Username }));
    expect(stillThere.Username).toBeDefined();

    // The SDK sends SignUp unsigned (it needs no credentials), which the gate passes as any unsigned call;
    // signed with the function's key, as another client may send it, it passes as a public operation.
    const signing = client(FUNCTION);
    signing.middlewareStack.add(
      (next) => (args) => {
        const request = args.request as { headers: Record<string, string> };
        request.headers.authorization = `AWS4-HMAC-SHA256 Credential=${FUNCTION.accessKeyId}/20260101/${REGION}/cognito-idp/aws4_request, SignedHeaders=host, Signature=0`;
        return next(args);
      },
      { step: 'finalizeRequest' },
    );
    const signedUp = await signing.send(
      new SignUpCommand({
        ClientId: cognito.userPoolClientId,
        Username: `new-${Date.now()}@example.com`,
        Password: 'Passw0rd!long',
      }),
    );
    expect(signedUp.UserSub).toEqual(expect.any(String));
  });
});

describe('API Gateway @connections through the IAM gate', () => {
  it('lets the role post to a connection of its stage, and refuses a delete it is not granted', async () => {
    const client = new ApiGatewayManagementApiClient({
      region: REGION,
      credentials: FUNCTION,
      endpoint: gate.endpoints['execute-api'],
    });
    await client.send(new PostToConnectionCommand({ ConnectionId: 'Zk8dF=', Data: new TextEncoder().encode('{}') }));
    expect(reachedManagementApi).toEqual(['POST /prod/@connections/Zk8dF%3D']);

    const error = await errorOf(client.send(new DeleteConnectionCommand({ ConnectionId: 'Zk8dF=' })));
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.message).toContain(
      `execute-api:ManageConnections on resource: arn:aws:execute-api:${REGION}:${ACCOUNT}:${API.apiId}/${API.stage}/DELETE/@connections/Zk8dF=`,
    );
    expect(reachedManagementApi).toHaveLength(1);
  });
});
