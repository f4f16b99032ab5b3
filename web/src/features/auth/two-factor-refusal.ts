import { TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE } from '@shared/contracts/two-factor-refusal';

/**
 * Cognito's token trigger refused the sign-in because two-factor was turned off outside Paylink
 * (docs/decisions.md #250): Cognito names it UserLambdaValidationException and wraps the trigger's words.
 * Answers the words alone, for the sign-in pages to show; undefined for any other failure.
 */
export function twoFactorRefusalOf(error: unknown): string | undefined {
  const refused =
    error instanceof Error &&
    error.name === 'UserLambdaValidationException' &&
    error.message.includes(TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE);
  return refused ? TWO_FACTOR_OFF_OUTSIDE_PAYLINK_MESSAGE : undefined;
}
