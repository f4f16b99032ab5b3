/**
 * What cognito-local lacks and Paylink uses, added around it for the local runtime only (the cloud uses
 * Cognito itself): the catalogue's Cognito triggers run in process, Cognito's emails go to the local
 * mailbox, and these operations exist —
 *   - InitiateAuth / RespondToAuthChallenge with CUSTOM_AUTH (the magic link), driving our
 *     define/create/verify triggers with Cognito's event shapes;
 *   - GetTokensFromRefreshToken (how Amplify 6 refreshes a session);
 *   - GlobalSignOut; ResendConfirmationCode;
 *   - authenticator-app two-factor (TOTP, docs/decisions.md #23) as Cognito runs it: AssociateSoftwareToken,
 *     VerifySoftwareToken (which checks a code but enables nothing), SetUserMFAPreference (which enables
 *     it), and a password sign-in that answers SOFTWARE_TOKEN_MFA with a Session, then tokens for a right
 *     code. cognito-local has these targets, but it trusts any Session, never refuses a code used before,
 *     enables TOTP on verification, and stores no refresh token for an MFA sign-in;
 *   - Cognito's answers where cognito-local's differ: NotAuthorizedException for a wrong password and for
 *     confirming a confirmed user, and no user-existence errors from ForgotPassword.
 * Every other operation is cognito-local's own.
 */
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { createPublicKey, randomUUID, verify as verifySignature } from 'node:crypto';
import { createRequire } from 'node:module';
import { Secret, TOTP } from 'otpauth';
import type { CognitoTrigger, FunctionSpec } from '@functions/function-spec';
import { invoke } from './function-loader';

/** The slice of cognito-local's services these extensions use (its own types are internal). */
interface CognitoUser {
  Username: string;
  Attributes: { Name: string; Value?: string }[];
  UserStatus?: string;
  Enabled?: boolean;
  RefreshTokens?: string[];
  ConfirmationCode?: string;
  /** Where cognito-local keeps a user's authenticator-app secret; `LastUsedStep` is ours (replay guard). */
  SoftwareTokenMfaConfiguration?: SoftwareToken;
  UserMFASettingList?: string[];
  PreferredMfaSetting?: string;
  [key: string]: unknown;
}
interface SoftwareToken {
  /** Base32, as Cognito's AssociateSoftwareToken hands it out. */
  Secret: string;
  Verified: boolean;
  FriendlyDeviceName?: string;
  /** The last 30-second step whose code was accepted: that code, and any older one, is refused after. */
  LastUsedStep?: number;
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
  /** Any Cognito error by its `__type` (EnableSoftwareTokenMFAException, CodeMismatchException…). */
  CognitoError: new (code: string, message: string) => Error;
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

/** A password sign-in waiting for the authenticator-app code. */
interface MfaSession {
  username: string;
  clientId: string;
  expiresAt: number;
  /** Wrong codes this session still accepts before the merchant must sign in with the password again. */
  attemptsLeft: number;
}
const MFA_ATTEMPTS_PER_SESSION = 5;

/** The authenticator apps' default and Cognito's: SHA-1, 6 digits, a new code every 30 seconds. */
const TOTP_PARAMETERS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
/** Cognito accepts the code of the step before and after the current one (clock drift between devices). */
const TOTP_WINDOW_STEPS = 1;
/** Cognito's words for a code accepted before (the web tells it apart from a wrong one by them). */
const USED_CODE_MESSAGE = 'Your software token has already been used once.';

/**
 * The 30-second step a code belongs to (now, or one step either side), or undefined for a wrong code.
 * HMAC-based OTP through `otpauth` (RFC 4226/6238), not hand-rolled.
 */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = new TOTP({ ...TOTP_PARAMETERS, secret: Secret.fromBase32(secret) });
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW_STEPS });
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta;
}

/** The claims of an access token cognito-local issued (it signs them itself and checks them by decoding). */
/** cognito-local's signing key (it signs every token with this one RS256 key, as its JWKS says). */
const COGNITO_LOCAL_KEY = createPublicKey({
  key: (
    createRequire(import.meta.url)('cognito-local/lib/keys/cognitoLocal.public.json') as {
      jwk: import('node:crypto').JsonWebKey;
    }
  ).jwk,
  format: 'jwk',
});

/**
 * The claims of a token cognito-local signed, or undefined: Cognito refuses a token whose signature does
 * not verify (an `alg: none` or re-signed token turned a merchant's two-factor off before this check).
 */
function accessTokenClaims(token: unknown): Record<string, unknown> | undefined {
  try {
    const [header = '', payload = '', signature = ''] = String(token).split('.');
    const { alg } = JSON.parse(Buffer.from(header, 'base64url').toString()) as { alg?: string };
    const signed = Buffer.from(`${header}.${payload}`);
    if (
      alg !== 'RS256' ||
      !verifySignature('RSA-SHA256', signed, COGNITO_LOCAL_KEY, Buffer.from(signature, 'base64url'))
    )
      return undefined;
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as unknown;
    return claims && typeof claims === 'object' ? (claims as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

export function extendCognitoRouter(
  router: CognitoRouter,
  services: CognitoServices,
  errors: CognitoErrors,
  functions: readonly FunctionSpec[],
): CognitoRouter {
  const triggers = triggerFunctions(functions);
  const sessions = new Map<string, CustomAuthSession>();
  const mfaSessions = new Map<string, MfaSession>();
  /** One TOTP check at a time per user, so the same code cannot be accepted twice by racing requests. */
  const totpChecks = new Map<string, Promise<unknown>>();

  /**
   * Tokens for a finished sign-in, minted as cognito-local mints them for a password sign-in (its
   * JwtTokenGenerator, with the pre-token trigger), with the refresh token stored so that Amplify can
   * refresh with it and GlobalSignOut can revoke it.
   */
  async function issueTokens(
    ctx: unknown,
    pool: UserPool,
    user: CognitoUser,
    clientId: string,
    clientMetadata: Record<string, string> | undefined,
  ) {
    const client = await services.cognito.getAppClient(ctx, clientId);
    const groups = await pool.listUserGroupMembership(ctx, user);
    const tokens = await services.tokenGenerator.generate(ctx, user, groups, client, clientMetadata, 'Authentication');
    await pool.storeRefreshToken(ctx, tokens.RefreshToken, user);
    return { ChallengeParameters: {}, AuthenticationResult: { ...tokens, ExpiresIn: 3600, TokenType: 'Bearer' } };
  }

  /** The user an unexpired access token names, as Cognito's token-authorised operations require. */
  async function userOfAccessToken(ctx: unknown, token: unknown) {
    const claims = accessTokenClaims(token);
    if (!claims || claims.token_use !== 'access') throw new errors.NotAuthorizedError('Invalid Access Token');
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= Date.now())
      throw new errors.NotAuthorizedError('Access Token has expired');
    const pool = await services.cognito
      .getUserPoolForClientId(ctx, String(claims.client_id ?? ''))
      .catch(() => undefined);
    const user = pool && (await pool.getUserByUsername(ctx, String(claims.sub ?? '')));
    if (!pool || !user) throw new errors.NotAuthorizedError('Invalid Access Token');
    return { pool, user };
  }

  /**
   * Checks a code against the user's secret and, when right, records its step so it works only once
   * (as Cognito does: 'Your software token has already been used once.'). `refused` makes the error.
   */
  async function useTotpCode(
    ctx: unknown,
    pool: UserPool,
    username: string,
    code: string,
    refused: (reason: 'wrong' | 'used') => Error,
  ): Promise<CognitoUser> {
    const previous = totpChecks.get(username) ?? Promise.resolve();
    const check = previous
      .catch(() => undefined)
      .then(async () => {
        const user = await pool.getUserByUsername(ctx, username);
        const token = user?.SoftwareTokenMfaConfiguration;
        if (!user || !token) throw new errors.NotAuthorizedError();
        const step = totpStepOf(token.Secret, code);
        if (step === undefined) throw refused('wrong');
        if (token.LastUsedStep !== undefined && step <= token.LastUsedStep) throw refused('used');
        const updated = { ...user, SoftwareTokenMfaConfiguration: { ...token, LastUsedStep: step } };
        await pool.saveUser(ctx, updated);
        return updated;
      });
    totpChecks.set(username, check);
    try {
      return await check;
    } finally {
      if (totpChecks.get(username) === check) totpChecks.delete(username);
    }
  }

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
    if (defined.issueTokens) return issueTokens(ctx, pool, user, session.clientId, clientMetadata);
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

  /** RespondToAuthChallenge SOFTWARE_TOKEN_MFA: the code from the authenticator app, then tokens. */
  async function answerSoftwareTokenChallenge(ctx: unknown, request: Record<string, unknown>) {
    const sessionId = String(request.Session);
    const session = mfaSessions.get(sessionId);
    if (!session || session.expiresAt < Date.now() || session.clientId !== String(request.ClientId)) {
      mfaSessions.delete(sessionId);
      throw new errors.NotAuthorizedError('Invalid session for the user, session is expired.');
    }
    const pool = await services.cognito.getUserPoolForClientId(ctx, session.clientId);
    const responses = (request.ChallengeResponses ?? {}) as Record<string, string>;
    const named = responses.USERNAME ? await pool.getUserByUsername(ctx, responses.USERNAME) : null;
    if (!named || named.Username !== session.username)
      throw new errors.NotAuthorizedError('Invalid session for the user.');
    if (!named.SoftwareTokenMfaConfiguration?.Verified || !named.UserMFASettingList?.includes('SOFTWARE_TOKEN_MFA'))
      throw new errors.NotAuthorizedError('Invalid session for the user.');
    let user: CognitoUser;
    try {
      user = await useTotpCode(
        ctx,
        pool,
        session.username,
        responses.SOFTWARE_TOKEN_MFA_CODE ?? '',
        (reason) =>
          new errors.CognitoError(
            'CodeMismatchException',
            reason === 'used' ? USED_CODE_MESSAGE : 'Invalid code received for user',
          ),
      );
    } catch (error) {
      // A wrong code may be tried again in the same session (Amplify keeps it), a few times.
      session.attemptsLeft -= 1;
      if (session.attemptsLeft <= 0) mfaSessions.delete(sessionId);
      throw error;
    }
    mfaSessions.delete(sessionId);
    return issueTokens(ctx, pool, user, session.clientId, request.ClientMetadata as Record<string, string> | undefined);
  }

  const extensions: Record<string, Target> = {
    async InitiateAuth(ctx, request) {
      const flow = request.AuthFlow;
      const clientId = String(request.ClientId);
      if (flow === 'USER_PASSWORD_AUTH') {
        let answer: { ChallengeName?: string; ChallengeParameters?: Record<string, string>; Session?: string };
        try {
          answer = (await router('InitiateAuth')(ctx, request)) as typeof answer;
        } catch (error) {
          // Cognito says NotAuthorized for a wrong password (it reveals nothing about the account).
          if (error instanceof errors.InvalidPasswordError)
            throw new errors.NotAuthorizedError('Incorrect username or password.');
          throw error;
        }
        // The password was right and the user has TOTP on (the pool is OPTIONAL): cognito-local asks for
        // the code with a Session it never checks again. Ours is remembered, so only this sign-in can
        // answer it, with this client, within Cognito's three minutes.
        if (answer.ChallengeName !== 'SOFTWARE_TOKEN_MFA') return answer;
        const now = Date.now();
        for (const [id, pending] of mfaSessions) if (pending.expiresAt < now) mfaSessions.delete(id);
        const sessionId = randomUUID();
        mfaSessions.set(sessionId, {
          username: String(answer.ChallengeParameters?.USER_ID_FOR_SRP),
          clientId,
          expiresAt: now + SESSION_LIFETIME_MS,
          attemptsLeft: MFA_ATTEMPTS_PER_SESSION,
        });
        return { ...answer, Session: sessionId };
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
      if (request.ChallengeName === 'SOFTWARE_TOKEN_MFA') return answerSoftwareTokenChallenge(ctx, request);
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

    async AssociateSoftwareToken(ctx, request) {
      if (!request.AccessToken) {
        // Cognito's MFA_SETUP challenge (MFA required, none set up) hands a Session here; an OPTIONAL pool
        // never asks it, so Paylink sets TOTP up only from a signed-in session (Amplify's setUpTOTP).
        throw new errors.InvalidParameterError(
          request.Session
            ? 'AssociateSoftwareToken with a Session answers the MFA_SETUP challenge, which this pool (MFA OPTIONAL) never asks'
            : 'Either AccessToken or Session is required',
        );
      }
      const { pool, user } = await userOfAccessToken(ctx, request.AccessToken);
      // A new secret replaces the old one, and TOTP is off until the new one is verified and enabled
      // (Cognito would keep listing it as enabled while signing in without it; off is the honest state).
      const methods = (user.UserMFASettingList ?? []).filter((method) => method !== 'SOFTWARE_TOKEN_MFA');
      const secret = new Secret({ size: 20 }).base32;
      await pool.saveUser(ctx, {
        ...user,
        SoftwareTokenMfaConfiguration: { Secret: secret, Verified: false },
        UserMFASettingList: methods,
        PreferredMfaSetting: user.PreferredMfaSetting === 'SOFTWARE_TOKEN_MFA' ? undefined : user.PreferredMfaSetting,
      });
      return { SecretCode: secret };
    },

    async VerifySoftwareToken(ctx, request) {
      if (!request.UserCode) throw new errors.InvalidParameterError('Missing required parameter UserCode');
      if (!request.AccessToken) {
        throw new errors.InvalidParameterError(
          'VerifySoftwareToken with a Session answers the MFA_SETUP challenge, which this pool (MFA OPTIONAL) never asks',
        );
      }
      const { pool, user } = await userOfAccessToken(ctx, request.AccessToken);
      if (!user.SoftwareTokenMfaConfiguration)
        throw new errors.InvalidParameterError('User has not set up software token mfa');
      // Verifying an already verified token checks the code and changes nothing else: Settings asks for a
      // current code this way before turning two-factor off.
      const checked = await useTotpCode(
        ctx,
        pool,
        user.Username,
        String(request.UserCode),
        (reason) =>
          new errors.CognitoError(
            'EnableSoftwareTokenMFAException',
            reason === 'used' ? USED_CODE_MESSAGE : 'Code mismatch and fail enable Software Token MFA',
          ),
      );
      const token = checked.SoftwareTokenMfaConfiguration!;
      await pool.saveUser(ctx, {
        ...checked,
        SoftwareTokenMfaConfiguration: {
          ...token,
          Verified: true,
          FriendlyDeviceName: (request.FriendlyDeviceName as string | undefined) ?? token.FriendlyDeviceName,
        },
      });
      // Verification does not turn TOTP on; SetUserMFAPreference does (cognito-local's own, which requires
      // a verified token), as in Cognito.
      return { Status: 'SUCCESS', ...(request.Session ? { Session: request.Session } : {}) };
    },

    async SetUserMFAPreference(ctx, request) {
      // cognito-local only decodes the token; an expired or foreign one is refused first, as Cognito does.
      await userOfAccessToken(ctx, request.AccessToken);
      return router('SetUserMFAPreference')(ctx, request);
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
      // Cognito masks the destination either way ("a***@e***"), so the answer tells nothing about the account.
      const pool = await services.cognito.getUserPoolForClientId(ctx, String(request.ClientId));
      const username = String(request.Username);
      const user = await pool.getUserByUsername(ctx, username);
      const masked = `${username.charAt(0)}***@${username.split('@')[1]?.charAt(0) ?? ''}***`;
      const answer = { CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: masked } };
      if (!user) return answer;
      await router('ForgotPassword')(ctx, request);
      return answer;
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
