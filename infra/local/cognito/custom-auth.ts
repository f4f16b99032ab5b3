/**
 * CUSTOM_AUTH (the magic link): InitiateAuth and RespondToAuthChallenge drive the catalogue's
 * define/create/verify triggers with Cognito's event shapes, which cognito-local does not do.
 */
import { randomUUID } from 'node:crypto';
import { attributesOf, type CognitoUser, type ExtensionDeps, type UserPool } from './cognito-local-types';
import type { IssueTokens } from './sessions';
import type { TriggerRunner } from './triggers';

/** Cognito's custom-auth sessions last three minutes between steps. */
const SESSION_LIFETIME_MS = 3 * 60 * 1000;

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

export function customAuthOperations(
  { services, errors }: ExtensionDeps,
  triggers: TriggerRunner,
  issueTokens: IssueTokens,
) {
  const sessions = new Map<string, CustomAuthSession>();

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
    const defined = await triggers.run('defineAuthChallenge', 'DefineAuthChallenge_Authentication', base, {
      userAttributes,
      session: session.results,
      clientMetadata,
      userNotFound: false,
    });
    if (defined.issueTokens) return issueTokens(ctx, pool, user, session.clientId, clientMetadata);
    if (defined.failAuthentication || !defined.challengeName)
      throw new errors.NotAuthorizedError('Incorrect username or password.');
    const created = await triggers.run('createAuthChallenge', 'CreateAuthChallenge_Authentication', base, {
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

  /** InitiateAuth with AuthFlow CUSTOM_AUTH. */
  async function initiate(ctx: unknown, request: Record<string, unknown>) {
    const clientId = String(request.ClientId);
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
  }

  /** RespondToAuthChallenge with ChallengeName CUSTOM_CHALLENGE. */
  async function respond(ctx: unknown, request: Record<string, unknown>) {
    const session = sessions.get(String(request.Session));
    sessions.delete(String(request.Session));
    if (!session || session.expiresAt < Date.now())
      throw new errors.NotAuthorizedError('Invalid session for the user, session is expired.');
    const pool = await services.cognito.getUserPoolForClientId(ctx, session.clientId);
    const user = await pool.getUserByUsername(ctx, session.username);
    if (!user) throw new errors.NotAuthorizedError();
    const responses = (request.ChallengeResponses ?? {}) as Record<string, string>;
    const clientMetadata = request.ClientMetadata as Record<string, string> | undefined;
    const verified = await triggers.run(
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
  }

  return { initiate, respond };
}
