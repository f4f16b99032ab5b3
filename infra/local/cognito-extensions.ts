/**
 * What cognito-local lacks and Paylink uses, added around it for the local runtime only (the cloud uses
 * Cognito itself): the catalogue's Cognito triggers run in process, Cognito's emails go to the local
 * mailbox, and these operations exist —
 *   - InitiateAuth / RespondToAuthChallenge with CUSTOM_AUTH (the magic link), driving our
 *     define/create/verify triggers with Cognito's event shapes;
 *   - GetTokensFromRefreshToken (how Amplify 6 refreshes a session);
 *   - GlobalSignOut; ResendConfirmationCode;
 *   - Cognito's answers where cognito-local's differ: NotAuthorizedException for a wrong password and for
 *     confirming a confirmed user, and no user-existence errors from ForgotPassword.
 * Every other operation is cognito-local's own.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { randomUUID } from 'node:crypto';
import type { CognitoTrigger, FunctionSpec } from '../../functions/catalog';
import { invoke } from './function-loader';

/** The slice of cognito-local's services these extensions use (its own types are internal). */
interface CognitoUser {
  Username: string;
  Attributes: { Name: string; Value?: string }[];
  UserStatus?: string;
  Enabled?: boolean;
  RefreshTokens?: string[];
  ConfirmationCode?: string;
  [key: string]: unknown;
}
interface UserPool {
  options: { Id: string };
  getUserByUsername(ctx: unknown, username: string): Promise<CognitoUser | null>;
  saveUser(ctx: unknown, user: CognitoUser): Promise<void>;
  storeRefreshToken(ctx: unknown, token: string, user: CognitoUser): Promise<void>;
  getUserByRefreshToken(ctx: unknown, token: string): Promise<CognitoUser | null>;
  listUserGroupMembership(ctx: unknown, user: CognitoUser): Promise<string[]>;
}
export interface CognitoServices {
  cognito: {
    getUserPoolForClientId(ctx: unknown, clientId: string): Promise<UserPool>;
    getAppClient(ctx: unknown, clientId: string): Promise<unknown>;
  };
  tokenGenerator: {
    generate(
      ctx: unknown,
      user: CognitoUser,
      groups: string[],
      client: unknown,
      clientMetadata: Record<string, string> | undefined,
      source: string,
    ): Promise<{ AccessToken: string; IdToken: string; RefreshToken: string }>;
  };
  messages: {
    deliver(
      ctx: unknown,
      source: string,
      clientId: string,
      userPoolId: string,
      user: CognitoUser,
      code: string,
      clientMetadata: Record<string, string> | undefined,
      deliveryDetails: { AttributeName: string; DeliveryMedium: string; Destination: string },
    ): Promise<void>;
  };
  otp(): string;
}
type Target = (ctx: unknown, request: Record<string, unknown>) => Promise<unknown>;
export type CognitoRouter = (target: string) => Target;

/** cognito-local's error types, so its server answers them as Cognito would (400 + __type). */
export interface CognitoErrors {
  NotAuthorizedError: new (message?: string) => Error;
  InvalidParameterError: new (message?: string) => Error;
  UserNotFoundError: new (message?: string) => Error;
  InvalidPasswordError: new () => Error;
}

/** The trigger names cognito-local's LambdaService knows, for the triggers it can run itself. */
const COGNITO_LOCAL_TRIGGER_NAMES: Partial<Record<CognitoTrigger, string>> = {
  preSignUp: 'PreSignUp',
  customMessage: 'CustomMessage',
};

export function triggerFunctions(functions: readonly FunctionSpec[]): Partial<Record<CognitoTrigger, FunctionSpec>> {
  return Object.fromEntries(functions.filter((fn) => fn.cognitoTrigger).map((fn) => [fn.cognitoTrigger!, fn]));
}

/**
 * For cognito-local's LambdaService: its trigger-name → function-name config, and a stand-in for the
 * AWS SDK v2 Lambda client that runs the catalogue function in this process.
 */
export function inProcessLambda(functions: readonly FunctionSpec[]) {
  const byName = new Map(functions.map((fn) => [fn.name, fn]));
  const config = Object.fromEntries(
    Object.entries(triggerFunctions(functions))
      .filter(([trigger]) => COGNITO_LOCAL_TRIGGER_NAMES[trigger as CognitoTrigger])
      .map(([trigger, fn]) => [COGNITO_LOCAL_TRIGGER_NAMES[trigger as CognitoTrigger]!, fn.name]),
  );
  const client = {
    invoke(params: { FunctionName: string; Payload: string }) {
      return {
        async promise() {
          try {
            const result = await invoke(byName.get(params.FunctionName)!, JSON.parse(params.Payload));
            return { StatusCode: 200, Payload: JSON.stringify(result) };
          } catch (error) {
            return {
              StatusCode: 200,
              FunctionError: 'Unhandled',
              Payload: JSON.stringify({ errorMessage: (error as Error).message }),
            };
          }
        },
      };
    },
  };
  return { config, client };
}

/** Delivers Cognito's emails (verification, password reset) through the local SES mailbox. */
export function mailboxMessageSender(options: { mailboxUrl: string; from: string }) {
  const ses = new SESv2Client({
    endpoint: options.mailboxUrl,
    region: 'local',
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  return {
    async sendEmail(
      _ctx: unknown,
      _user: unknown,
      destination: string,
      message: { emailSubject?: string; emailMessage?: string; __code?: string },
    ) {
      const html = message.emailMessage ?? `Your verification code is ${message.__code}`;
      await ses.send(
        new SendEmailCommand({
          FromEmailAddress: options.from,
          Destination: { ToAddresses: [destination] },
          Content: {
            Simple: {
              Subject: { Data: message.emailSubject ?? 'Your verification code' },
              Body: { Html: { Data: html } },
            },
          },
        }),
      );
    },
    async sendSms() {
      throw new Error('Paylink sends no SMS');
    },
  };
}

function attributesOf(user: CognitoUser): Record<string, string> {
  return Object.fromEntries(user.Attributes.map((attribute) => [attribute.Name, attribute.Value ?? '']));
}

interface ChallengeResult {
  challengeName: string;
  challengeResult: boolean;
  challengeMetadata?: string;
}

interface CustomAuthSession {
  username: string;
  clientId: string;
  results: ChallengeResult[];
  privateChallengeParameters: Record<string, string>;
  expiresAt: number;
}

/** Cognito's custom-auth sessions last three minutes between steps. */
const SESSION_LIFETIME_MS = 3 * 60 * 1000;

export function extendCognitoRouter(
  router: CognitoRouter,
  services: CognitoServices,
  errors: CognitoErrors,
  functions: readonly FunctionSpec[],
): CognitoRouter {
  const triggers = triggerFunctions(functions);
  const sessions = new Map<string, CustomAuthSession>();

  async function runTrigger(trigger: CognitoTrigger, triggerSource: string, base: object, request: object) {
    const fn = triggers[trigger];
    if (!fn) throw new errors.InvalidParameterError(`Custom auth is not configured (no ${trigger} trigger)`);
    const event = { version: '1', region: 'local', triggerSource, ...base, request, response: {} };
    try {
      const result = (await invoke(fn, event)) as { response: Record<string, unknown> };
      return result.response;
    } catch (error) {
      throw new errors.NotAuthorizedError(`${fn.name} failed with error ${(error as Error).message}.`);
    }
  }

  /** Define → (create → answer → verify → define)… until tokens or failure, as Cognito runs custom auth. */
  async function nextCustomAuthStep(
    ctx: unknown,
    pool: UserPool,
    user: CognitoUser,
    session: CustomAuthSession,
    clientMetadata: Record<string, string> | undefined,
  ) {
    const base = {
      userPoolId: pool.options.Id,
      userName: user.Username,
      callerContext: { awsSdkVersion: 'local', clientId: session.clientId },
    };
    const userAttributes = attributesOf(user);
    const defined = await runTrigger('defineAuthChallenge', 'DefineAuthChallenge_Authentication', base, {
      userAttributes,
      session: session.results,
      clientMetadata,
      userNotFound: false,
    });
    if (defined.issueTokens) {
      const client = await services.cognito.getAppClient(ctx, session.clientId);
      const groups = await pool.listUserGroupMembership(ctx, user);
      const tokens = await services.tokenGenerator.generate(
        ctx,
        user,
        groups,
        client,
        clientMetadata,
        'Authentication',
      );
      await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
      return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, ExpiresIn: 3600, TokenType: 'Bearer' } };
    }
    if (defined.failAuthentication || !defined.challengeName)
      throw new errors.NotAuthorizedError('Incorrect username or password.');
    const created = await runTrigger('createAuthChallenge', 'CreateAuthChallenge_Authentication', base, {
      userAttributes,
      challengeName: defined.challengeName,
      session: session.results,
      clientMetadata,
      userNotFound: false,
    });
    const sessionId = randomUUID();
    sessions.set(sessionId, {
      ...session,
      privateChallengeParameters: (created.privateChallengeParameters as Record<string, string>) ?? {},
      expiresAt: Date.now() + SESSION_LIFETIME_MS,
    });
    return {
      ChallengeName: defined.challengeName,
      Session: sessionId,
      ChallengeParameters: {
        ...(created.publicChallengeParameters as Record<string, string>),
        USERNAME: user.Username,
      },
    };
  }

  const extensions: Record<string, Target> = {
    async InitiateAuth(ctx, request) {
      const flow = request.AuthFlow;
      const clientId = String(request.ClientId);
      if (flow === 'USER_PASSWORD_AUTH') {
        try {
          return await router('InitiateAuth')(ctx, request);
        } catch (error) {
          // Cognito says NotAuthorized for a wrong password (it reveals nothing about the account).
          if (error instanceof errors.InvalidPasswordError)
            throw new errors.NotAuthorizedError('Incorrect username or password.');
          throw error;
        }
      }
      if (flow !== 'CUSTOM_AUTH') return router('InitiateAuth')(ctx, request);
      const username = (request.AuthParameters as Record<string, string> | undefined)?.USERNAME;
      if (!username) throw new errors.InvalidParameterError('Missing required parameter USERNAME');
      const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
      const user = await pool.getUserByUsername(ctx, username);
      if (!user) throw new errors.NotAuthorizedError('Incorrect username or password.');
      if (user.UserStatus === 'UNCONFIRMED') throw new errors.NotAuthorizedError('User is not confirmed.');
      const session: CustomAuthSession = {
        username: user.Username,
        clientId,
        results: [],
        privateChallengeParameters: {},
        expiresAt: 0,
      };
      return nextCustomAuthStep(ctx, pool, user, session, request.ClientMetadata as Record<string, string> | undefined);
    },

    async RespondToAuthChallenge(ctx, request) {
      if (request.ChallengeName !== 'CUSTOM_CHALLENGE') return router('RespondToAuthChallenge')(ctx, request);
      const session = sessions.get(String(request.Session));
      sessions.delete(String(request.Session));
      if (!session || session.expiresAt < Date.now())
        throw new errors.NotAuthorizedError('Invalid session for the user, session is expired.');
      const pool = await services.cognito.getUserPoolForClientId(ctx, session.clientId);
      const user = await pool.getUserByUsername(ctx, session.username);
      if (!user) throw new errors.NotAuthorizedError();
      const responses = (request.ChallengeResponses ?? {}) as Record<string, string>;
      const clientMetadata = request.ClientMetadata as Record<string, string> | undefined;
      const verified = await runTrigger(
        'verifyAuthChallengeResponse',
        'VerifyAuthChallengeResponse_Authentication',
        {
          userPoolId: pool.options.Id,
          userName: user.Username,
          callerContext: { awsSdkVersion: 'local', clientId: session.clientId },
        },
        {
          userAttributes: attributesOf(user),
          privateChallengeParameters: session.privateChallengeParameters,
          challengeAnswer: responses.ANSWER ?? '',
          clientMetadata,
          userNotFound: false,
        },
      );
      session.results = [
        ...session.results,
        { challengeName: 'CUSTOM_CHALLENGE', challengeResult: Boolean(verified.answerCorrect) },
      ];
      return nextCustomAuthStep(ctx, pool, user, session, clientMetadata);
    },

    async GetTokensFromRefreshToken(ctx, request) {
      const result = (await router('InitiateAuth')(ctx, {
        ClientId: request.ClientId,
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        AuthParameters: { REFRESH_TOKEN: request.RefreshToken },
      })) as { AuthenticationResult: Record<string, unknown> };
      return {
        AuthenticationResult: {
          ...result.AuthenticationResult,
          // Without rotation Cognito hands back no new refresh token; Amplify keeps the one it has.
          RefreshToken: undefined,
          ExpiresIn: 3600,
          TokenType: 'Bearer',
        },
      };
    },

    async GlobalSignOut(ctx, request) {
      const claims = JSON.parse(
        Buffer.from(String(request.AccessToken).split('.')[1] ?? '', 'base64url').toString() || '{}',
      );
      // cognito-local signs tokens itself; its own GetUser checks them the same way. Sign-out revokes
      // every refresh token of the user, so no device can refresh again.
      const clientId = String(claims.client_id ?? '');
      const pool = await services.cognito.getUserPoolForClientId(ctx, clientId).catch(() => undefined);
      const user = pool && (await pool.getUserByUsername(ctx, String(claims.sub ?? claims.username ?? '')));
      if (!pool || !user) throw new errors.NotAuthorizedError('Invalid Access Token');
      await router('GetUser')(ctx, { AccessToken: request.AccessToken });
      await pool.saveUser(ctx, { ...user, RefreshTokens: [] });
      return {};
    },

    async ConfirmSignUp(ctx, request) {
      // A second click of a verification link: Cognito answers that the user is already confirmed
      // (cognito-local would say the code expired, which would send a confirmed merchant to sign up again).
      const pool = await services.cognito.getUserPoolForClientId(ctx, String(request.ClientId));
      const user = await pool.getUserByUsername(ctx, String(request.Username));
      if (user?.UserStatus === 'CONFIRMED') {
        throw new errors.NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
      }
      return router('ConfirmSignUp')(ctx, request);
    },

    async ForgotPassword(ctx, request) {
      // The pool prevents user-existence errors (as the cloud's client does): an unknown email gets the
      // same answer as a known one, and no email.
      const pool = await services.cognito.getUserPoolForClientId(ctx, String(request.ClientId));
      const user = await pool.getUserByUsername(ctx, String(request.Username));
      if (!user) {
        const username = String(request.Username);
        const masked = `${username.charAt(0)}***@${username.split('@')[1]?.charAt(0) ?? ''}***`;
        return { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: masked } };
      }
      return router('ForgotPassword')(ctx, request);
    },

    async ResendConfirmationCode(ctx, request) {
      const clientId = String(request.ClientId);
      const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
      const user = await pool.getUserByUsername(ctx, String(request.Username));
      if (!user) throw new errors.UserNotFoundError('Username/client id combination not found.');
      if (user.UserStatus !== 'UNCONFIRMED') throw new errors.InvalidParameterError('User is already confirmed.');
      const email = attributesOf(user).email ?? '';
      const code = services.otp();
      const deliveryDetails = { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: email };
      await services.messages.deliver(
        ctx,
        'ResendCode',
        clientId,
        pool.options.Id,
        user,
        code,
        request.ClientMetadata as Record<string, string> | undefined,
        deliveryDetails,
      );
      await pool.saveUser(ctx, { ...user, ConfirmationCode: code });
      return { CodeDeliveryDetails: deliveryDetails };
    },
  };

  return (target) => extensions[target] ?? router(target);
}
