import { zodResolver } from '@hookform/resolvers/zod';
import * as z from 'zod/mini';
import { magicLinkRequestSchema } from '@shared/contracts/auth';
import { emailSchema } from '@shared/contracts/email-address';
import { authStrings } from './auth-strings';

/**
 * The sign-in form's rules, with zod and the shared contracts behind them. login-form.tsx imports this
 * module with `import()` on the first submit or magic-link request, so /login paints without them.
 */

/** Email and password are both required. */
const loginFormSchema = z.object({
  email: emailSchema,
  password: z.string().check(z.minLength(1, authStrings.fields.passwordRequired)),
});
export type LoginFormInput = z.input<typeof loginFormSchema>;
export type LoginFormOutput = z.output<typeof loginFormSchema>;

export const loginFormResolver = zodResolver(loginFormSchema);

export { magicLinkRequestSchema };
