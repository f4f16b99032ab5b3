/**
 * Confirming an account and recovering a password, answered as Cognito answers them: the PostConfirmation
 * trigger runs after each confirmation (a password reset's is what ends the old sessions), a reset code
 * stops working after a few wrong ones, and with the client's PreventUserExistenceErrors ENABLED (the cloud's
 * setting, infra/constructs/merchant-user-pool.ts) nothing tells an unknown account from a known one.
 */
import {
  attributesOf,
  maskedEmail,
  type CognitoUser,
  type ExtensionDeps,
  type Target,
  type UserPool,
} from './cognito-local-types';
import type { TriggerRunner } from './triggers';

const WRONG_CODE_MESSAGE = 'Invalid verification code provided, please try again.';
/**
 * Cognito refuses a reset for a while after a few wrong codes ('Attempt limit exceeded'). Imitated simply:
 * the fifth wrong code spends the code, and every answer is LimitExceededException until ForgotPassword
 * sends a new one — six digits cannot be guessed five at a time.
 */
const WRONG_RESET_CODES_ALLOWED = 5;

export function accountRecoveryOperations({ router, services, errors }: ExtensionDeps, triggers: TriggerRunner) {
  async function poolAndClient(ctx: unknown, clientId: string) {
    const pool = await services.cognito.getUserPoolForClientId(ctx, clientId);
    const client = await services.cognito.getAppClient(ctx, clientId);
    return { pool, preventsUserExistenceErrors: client?.PreventUserExistenceErrors === 'ENABLED' };
  }

  /** Cognito runs PostConfirmation after the confirmation is saved; a trigger that fails fails the call. */
  async function afterConfirmation(
    ctx: unknown,
    triggerSource: 'PostConfirmation_ConfirmSignUp' | 'PostConfirmation_ConfirmForgotPassword',
    pool: UserPool,
    username: string,
    request: Record<string, unknown>,
  ) {
    if (!triggers.has('postConfirmation')) return;
    const user = (await pool.getUserByUsername(ctx, username)) as CognitoUser;
    await triggers.run(
      'postConfirmation',
      triggerSource,
      {
        userPoolId: pool.options.Id,
        userName: user.Username,
        callerContext: { awsSdkVersion: 'local', clientId: String(request.ClientId) },
      },
      {
        userAttributes: { ...attributesOf(user), 'cognito:user_status': user.UserStatus ?? 'CONFIRMED' },
        clientMetadata: request.ClientMetadata,
      },
      (message) => new errors.CognitoError('UnexpectedLambdaException', message),
    );
  }

  const operations: Record<string, Target> = {
    async ConfirmSignUp(ctx, request) {
      // A second click of a verification link: Cognito answers that the user is already confirmed
      // (cognito-local would say the code expired, which would send a confirmed merchant to sign up again).
      const { pool } = await poolAndClient(ctx, String(request.ClientId));
      const user = await pool.getUserByUsername(ctx, String(request.Username));
      if (user?.UserStatus === 'CONFIRMED') {
        throw new errors.NotAuthorizedError('User cannot be confirmed. Current status is CONFIRMED');
      }
      const answer = await router('ConfirmSignUp')(ctx, request);
      if (user) await afterConfirmation(ctx, 'PostConfirmation_ConfirmSignUp', pool, user.Username, request);
      return answer;
    },

    async ForgotPassword(ctx, request) {
      // An unknown email gets the same answer as a known one, and no email; Cognito masks the destination
      // either way ("a***@e***"), so the answer tells nothing about the account.
      const { pool, preventsUserExistenceErrors } = await poolAndClient(ctx, String(request.ClientId));
      const username = String(request.Username);
      const user = await pool.getUserByUsername(ctx, username);
      const answer = {
        CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskedEmail(username) },
      };
      if (!user) {
        if (preventsUserExistenceErrors) return answer;
        throw new errors.UserNotFoundError();
      }
      // A new code, a new count of wrong ones.
      await pool.saveUser(ctx, { ...user, WrongResetCodes: undefined });
      await router('ForgotPassword')(ctx, request);
      return answer;
    },

    async ConfirmForgotPassword(ctx, request) {
      const clientId = String(request.ClientId);
      const { pool, preventsUserExistenceErrors } = await poolAndClient(ctx, clientId);
      const user = await pool.getUserByUsername(ctx, String(request.Username));
      if (!user) {
        // An unknown account's code is as wrong as a wrong code.
        if (preventsUserExistenceErrors) throw new errors.CodeMismatchError(WRONG_CODE_MESSAGE);
        throw new errors.UserNotFoundError();
      }
      const wrongCodes = user.WrongResetCodes ?? 0;
      if (wrongCodes >= WRONG_RESET_CODES_ALLOWED) {
        throw new errors.CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');
      }
      if (!user.ConfirmationCode || user.ConfirmationCode !== String(request.ConfirmationCode)) {
        const spent = wrongCodes + 1 >= WRONG_RESET_CODES_ALLOWED;
        await pool.saveUser(ctx, {
          ...user,
          WrongResetCodes: wrongCodes + 1,
          ConfirmationCode: spent ? undefined : user.ConfirmationCode,
        });
        throw new errors.CodeMismatchError(WRONG_CODE_MESSAGE);
      }
      const answer = await router('ConfirmForgotPassword')(ctx, request);
      // Cognito itself ends no session on a reset; the catalogue's post-confirmation trigger does.
      await afterConfirmation(ctx, 'PostConfirmation_ConfirmForgotPassword', pool, user.Username, request);
      return answer;
    },

    async ResendConfirmationCode(ctx, request) {
      const clientId = String(request.ClientId);
      const { pool, preventsUserExistenceErrors } = await poolAndClient(ctx, clientId);
      const username = String(request.Username);
      const user = await pool.getUserByUsername(ctx, username);
      if (!user) {
        if (!preventsUserExistenceErrors)
          throw new errors.UserNotFoundError('Username/client id combination not found.');
        return {
          CodeDeliveryDetails: { AttributeName: 'email', DeliveryMedium: 'EMAIL', Destination: maskedEmail(username) },
        };
      }
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
      // Cognito masks the destination in its answer, as ForgotPassword's.
      return { CodeDeliveryDetails: { ...deliveryDetails, Destination: maskedEmail(email) } };
    },
  };
  return operations;
}
