/**
 * cognito-local (Cognito on one machine), bound to the loopback address because its tokens are signed
 * with a key shipped in the package. First start creates the `paylink` user pool and SPA client; later
 * starts find them again by name.
 */
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  type CreateUserPoolClientCommandInput,
  ListUserPoolClientsCommand,
  ListUserPoolsCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { mkdirSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { createServer } from 'cognito-local/lib/server/server.js';
import { DateClock, LambdaService, MessagesService, TriggersService } from 'cognito-local/lib/services/index.js';
import { CognitoServiceFactoryImpl } from 'cognito-local/lib/services/cognitoService.js';
import type { CryptoService } from 'cognito-local/lib/services/crypto.js';
import { StormDBDataStoreFactory } from 'cognito-local/lib/services/dataStore/stormDb.js';
import * as cognitoErrors from 'cognito-local/lib/errors.js';
import { MessageDeliveryService } from 'cognito-local/lib/services/messageDelivery/messageDelivery.js';
import { otp } from 'cognito-local/lib/services/otp.js';
import { JwtTokenGenerator } from 'cognito-local/lib/services/tokenGenerator.js';
import { UserPoolServiceFactoryImpl } from 'cognito-local/lib/services/userPoolService.js';
import { DefaultConfig, type Config } from 'cognito-local/lib/server/config.js';
import { Router } from 'cognito-local/lib/server/Router.js';
import type { FunctionSpec } from '@functions/function-spec';
import { SERVER_APP_CLIENT_NAME } from '@functions/environment';
import {
  extendCognitoRouter,
  inProcessLambda,
  mailboxMessageSender,
  triggerRunner,
  versionTwoTokenGenerator,
  type CognitoErrors,
  type CognitoRouter,
  type CognitoServices,
} from './cognito-extensions';
import { recordingRefreshTokens, type IssuedRefreshTokens } from './cognito/issued-refresh-tokens';
import { LOOPBACK, closeServer } from './ports';

export const USER_POOL_NAME = 'paylink';
export const USER_POOL_CLIENT_NAME = 'paylink-web';

export interface LocalCognito {
  endpoint: string;
  userPoolId: string;
  userPoolClientId: string;
  /** The server-only client: Paylink's own routes sign in through it to set up two-factor. */
  userPoolServerClientId: string;
  /** The `iss` of its tokens; JWKS at `${issuer}/.well-known/jwks.json`. */
  issuer: string;
  /** For tests: the refresh tokens it issued to an app client, the server's own sign-ins' included. */
  refreshTokens: IssuedRefreshTokens;
  stop(): Promise<void>;
}

interface CognitoServerOptions {
  /** 0 = one the OS chooses (the endpoint says which). */
  port: number;
  dataDirectory: string;
  /** The catalogue: its Cognito triggers run in process. */
  functions: readonly FunctionSpec[];
  /** Cognito's own emails (verification, password reset) go to this mailbox. */
  mailboxUrl: string;
  mailFrom: string;
  /**
   * For code that checks tokens as it does against Cognito itself (the assembly's bundled authorizers:
   * aws-jwt-verify's Cognito verifier wants a pool id of the form `<region>_…` and the issuer
   * `https://cognito-idp.<region>.amazonaws.com/<pool id>`): the pool's region and the tokens' issuer
   * domain. Unset = cognito-local's own (`local_…`, issued by its endpoint).
   */
  asCognitoIn?: { region: string; issuerDomain: string };
}

/**
 * cognito-local's CryptoService encrypts the code a CustomEmailSender or CustomSMSSender trigger receives, with KMS,
 * and loading it loads the AWS SDK v2 and the AWS Encryption SDK: a fifth of a second of CPU at every runtime start
 * (as does the package's index, for its default server's Lambda client; `createServer` comes from its own module).
 * Paylink's pools use neither trigger (functions/catalog), so a code to encrypt would be a wiring mistake.
 */
const NO_CUSTOM_SENDER_TRIGGERS = {
  async encrypt(): Promise<string> {
    throw new Error(
      "Paylink's user pools use no CustomEmailSender or CustomSMSSender trigger: there is no code to encrypt",
    );
  },
} as unknown as CryptoService;

async function startServer({
  port,
  dataDirectory,
  functions,
  mailboxUrl,
  mailFrom,
  asCognitoIn,
}: CognitoServerOptions): Promise<{ server: Server; endpoint: string; refreshTokens: IssuedRefreshTokens }> {
  mkdirSync(dataDirectory, { recursive: true });
  const logger = pino({ level: process.env.PAYLINK_COGNITO_DEBUG ? 'debug' : 'silent' });
  const ctx = { logger };
  const config: Config = {
    ...DefaultConfig,
    UserPoolDefaults: { UsernameAttributes: ['email'] },
    // Set once the server listens (below): with port 0 the endpoint is known only then.
    TokenConfig: { IssuerDomain: '' },
    ServerConfig: { port, hostname: LOOPBACK, development: false, https: false },
  };
  const clock = new DateClock();
  const dataStoreFactory = new StormDBDataStoreFactory(dataDirectory);
  const cognito = await new CognitoServiceFactoryImpl(
    dataDirectory,
    dataStoreFactory,
    new UserPoolServiceFactoryImpl(clock, dataStoreFactory),
  ).create(ctx, config.UserPoolDefaults);
  if (asCognitoIn) {
    // cognito-local names every pool `local_…`; the same pool under Cognito's form of id, its ARN to match.
    const createUserPool = cognito.createUserPool.bind(cognito);
    cognito.createUserPool = (context, pool) => {
      const id = pool.Id.replace(/^local_/, `${asCognitoIn.region}_`);
      return createUserPool(context, { ...pool, Id: id, Arn: pool.Arn?.replace(pool.Id, id) });
    };
  }
  const lambda = inProcessLambda(functions);
  const triggers = new TriggersService(
    clock,
    cognito,
    new LambdaService(lambda.config, lambda.client as never),
    NO_CUSTOM_SENDER_TRIGGERS,
  );
  const sender = mailboxMessageSender({ mailboxUrl, from: mailFrom });
  // The pool's token trigger is version 2 (docs/decisions.md #259), which cognito-local cannot send.
  const tokens = recordingRefreshTokens(
    versionTwoTokenGenerator(
      new JwtTokenGenerator(clock, triggers, config.TokenConfig) as unknown as CognitoServices['tokenGenerator'],
      triggerRunner(functions, cognitoErrors as unknown as CognitoErrors),
      cognitoErrors as unknown as CognitoErrors,
    ),
  );
  const services = {
    clock,
    cognito,
    config,
    messages: new MessagesService(triggers, new MessageDeliveryService(sender as never)),
    otp,
    tokenGenerator: tokens.generator as unknown as JwtTokenGenerator,
    triggers,
  };
  const router = extendCognitoRouter(
    Router(services) as unknown as CognitoRouter,
    services as unknown as CognitoServices,
    cognitoErrors as unknown as CognitoErrors,
    functions,
  );
  const server = (await createServer(router as never, logger, config.ServerConfig, services).start()) as Server;
  // The client closes idle keep-alive sockets, never the server (mailbox.ts says why); stop() closes the rest.
  server.keepAliveTimeout = 0;
  const endpoint = `http://${LOOPBACK}:${(server.address() as AddressInfo).port}`;
  // The token generator reads the issuer when it signs a token, from this same object.
  config.TokenConfig.IssuerDomain = asCognitoIn?.issuerDomain ?? endpoint;
  return { server, endpoint, refreshTokens: tokens.issued };
}

/** Finds the pool and client by name, creating them on first start. */
async function ensureUserPool(endpoint: string) {
  const client = new CognitoIdentityProviderClient({
    endpoint,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const pools = await client.send(new ListUserPoolsCommand({ MaxResults: 60 }));
    let userPoolId = pools.UserPools?.find((pool) => pool.Name === USER_POOL_NAME)?.Id;
    if (!userPoolId) {
      const created = await client.send(
        new CreateUserPoolCommand({
          PoolName: USER_POOL_NAME,
          UsernameAttributes: ['email'],
          AutoVerifiedAttributes: ['email'],
          Policies: {
            PasswordPolicy: {
              MinimumLength: 8,
              RequireUppercase: true,
              RequireLowercase: true,
              RequireNumbers: true,
              RequireSymbols: true,
            },
          },
        }),
      );
      userPoolId = created.UserPool!.Id!;
    }
    // As the cloud's pool (infra/constructs/merchant-user-pool.ts): two-factor is optional and by
    // authenticator app only. Set at every start, so a pool made before two-factor existed gains it too.
    await client.send(
      new SetUserPoolMfaConfigCommand({
        UserPoolId: userPoolId,
        MfaConfiguration: 'OPTIONAL',
        SoftwareTokenMfaConfiguration: { Enabled: true },
      }),
    );
    const clients = await client.send(new ListUserPoolClientsCommand({ UserPoolId: userPoolId, MaxResults: 60 }));
    /** The client of that name, made on first start with `settings`; both revocable, no user-existence errors. */
    const ensureClient = async (name: string, settings: Partial<CreateUserPoolClientCommandInput>) => {
      const existing = clients.UserPoolClients?.find((c) => c.ClientName === name)?.ClientId;
      if (existing) return existing;
      const created = await client.send(
        new CreateUserPoolClientCommand({
          ...settings,
          UserPoolId: userPoolId,
          ClientName: name,
          PreventUserExistenceErrors: 'ENABLED',
          EnableTokenRevocation: true,
        }),
      );
      return created.UserPoolClient!.ClientId!;
    };
    // As the cloud's client (infra/constructs/merchant-user-pool.ts): hour-long tokens, so sessions refresh
    // locally exactly as they will in production.
    const userPoolClientId = await ensureClient(USER_POOL_CLIENT_NAME, {
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_CUSTOM_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AccessTokenValidity: 1,
      IdTokenValidity: 1,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
    });
    // The server-only client, as the cloud's (docs/decisions.md #259): a password sign-in on the server, short tokens.
    const userPoolServerClientId = await ensureClient(SERVER_APP_CLIENT_NAME, {
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AccessTokenValidity: 5,
      IdTokenValidity: 5,
      RefreshTokenValidity: 60,
      TokenValidityUnits: { AccessToken: 'minutes', IdToken: 'minutes', RefreshToken: 'minutes' },
    });
    return { userPoolId, userPoolClientId, userPoolServerClientId };
  } finally {
    client.destroy();
  }
}

export async function startLocalCognito(options: CognitoServerOptions): Promise<LocalCognito> {
  const { server, endpoint, refreshTokens } = await startServer({
    ...options,
    dataDirectory: path.resolve(options.dataDirectory),
  });
  const { userPoolId, userPoolClientId, userPoolServerClientId } = await ensureUserPool(endpoint);
  return {
    endpoint,
    userPoolId,
    userPoolClientId,
    userPoolServerClientId,
    issuer: `${options.asCognitoIn?.issuerDomain ?? endpoint}/${userPoolId}`,
    refreshTokens,
    stop: () => closeServer(server),
  };
}
