/**
 * Authenticator-app two-factor (TOTP, docs/decisions.md #23) as Cognito runs it: AssociateSoftwareToken,
 * VerifySoftwareToken (which checks a code but enables nothing), SetUserMFAPreference (which enables it)
 * and its admin form (AdminSetUserMFAPreference, which cognito-local lacks, #259),
 * and the SOFTWARE_TOKEN_MFA challenge a password sign-in answers with a Session, then tokens for a right
 * code. cognito-local has these targets, but it trusts any Session, never refuses a code used before,
 * enables TOTP on verification, and stores no refresh token for an MFA sign-in.
 */
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import type { UserOfAccessToken } from './access-tokens';
import type { CognitoUser, ExtensionDeps, Target, UserPool } from './cognito-local-types';
import type { Lockouts } from './lockout';
import type { IssueTokens } from './sessions';

/** Cognito's sessions last three minutes between sign-in steps. */
const SESSION_LIFETIME_MS = 3 * 60 * 1000;

/** A password sign-in waiting for the authenticator-app code. */
interface MfaSession {
  username: string;
  clientId: string;
  expiresAt: number;
  /** Wrong codes this session still accepts before the merchant must sign in with the password again. */
  attemptsLeft: number;
  /** Wrong codes count towards the password sign-in's lockout, as in Cognito. */
  lockoutKey: string;
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
 * Time-based one-time passwords through `otpauth`, not hand-rolled.
 */
function totpStepOf(secret: string, code: string, now = Date.now()): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const totp = new TOTP({ ...TOTP_PARAMETERS, secret: Secret.fromBase32(secret) });
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW_STEPS });
  return delta === null ? undefined : totp.counter({ timestamp: now }) + delta;
}

export function totpOperations(
  { router, services, errors }: ExtensionDeps,
  userOfAccessToken: UserOfAccessToken,
  issueTokens: IssueTokens,
  signInLockouts: Lockouts,
) {
  const mfaSessions = new Map<string, MfaSession>();
  /** One TOTP check at a time per user, so the same code cannot be accepted twice by racing requests. */
  const totpChecks = new Map<string, Promise<unknown>>();

  /**
   * A password sign-in whose password was right, for a user with TOTP on (the pool is OPTIONAL):
   * cognito-local asks for the code with a Session it never checks again. Ours is remembered, so only this
   * sign-in can answer it, with this client, within Cognito's three minutes.
   */
  function startChallenge<T extends { ChallengeParameters?: Record<string, string> }>(
    answer: T,
    clientId: string,
    lockoutKey: string,
  ) {
    const now = Date.now();
    for (const [id, pending] of mfaSessions) if (pending.expiresAt < now) mfaSessions.delete(id);
    const sessionId = randomUUID();
    mfaSessions.set(sessionId, {
      username: String(answer.ChallengeParameters?.USER_ID_FOR_SRP),
      clientId,
      expiresAt: now + SESSION_LIFETIME_MS,
      attemptsLeft: MFA_ATTEMPTS_PER_SESSION,
      lockoutKey,
    });
    return { ...answer, Session: sessionId };
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

  /** RespondToAuthChallenge SOFTWARE_TOKEN_MFA: the code from the authenticator app, then tokens. */
  async function answerChallenge(ctx: unknown, request: Record<string, unknown>) {
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
    if (signInLockouts.isLockedOut(session.lockoutKey)) {
      mfaSessions.delete(sessionId);
      throw new errors.NotAuthorizedError('Password attempts exceeded');
    }
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
      // A wrong code may be tried again in the same session (Amplify keeps it), a few times; across
      // sessions, wrong codes lock password sign-in out as wrong passwords do (Cognito counts both).
      signInLockouts.recordFailure(session.lockoutKey);
      session.attemptsLeft -= 1;
      if (session.attemptsLeft <= 0) mfaSessions.delete(sessionId);
      throw error;
    }
    mfaSessions.delete(sessionId);
    signInLockouts.recordSuccess(session.lockoutKey);
    return issueTokens(ctx, pool, user, session.clientId, request.ClientMetadata as Record<string, string> | undefined);
  }

  const operations: Record<string, Target> = {
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

    async AdminSetUserMFAPreference(ctx, request) {
      // IAM-authorised in Cognito (cognito-local checks no credentials for any admin operation); the same
      // rules as the user's own: an app is turned on only once its secret was verified.
      const pool = await services.cognito.getUserPool(ctx, String(request.UserPoolId));
      const user = await pool.getUserByUsername(ctx, String(request.Username));
      if (!user) throw new errors.UserNotFoundError('User does not exist.');
      const software = request.SoftwareTokenMfaSettings as { Enabled?: boolean; PreferredMfa?: boolean } | undefined;
      if (!software) return {};
      if (software.Enabled && !user.SoftwareTokenMfaConfiguration?.Verified)
        throw new errors.InvalidParameterError('User has not verified software token MFA');
      const methods = new Set(user.UserMFASettingList ?? []);
      if (software.Enabled) methods.add('SOFTWARE_TOKEN_MFA');
      else methods.delete('SOFTWARE_TOKEN_MFA');
      await pool.saveUser(ctx, {
        ...user,
        UserMFASettingList: [...methods],
        PreferredMfaSetting: software.Enabled && software.PreferredMfa ? 'SOFTWARE_TOKEN_MFA' : undefined,
      });
      return {};
    },
  };
  return { startChallenge, answerChallenge, operations };
}
