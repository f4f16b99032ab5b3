/**
 * An email address as every form takes it: trimmed, in lower case, and shaped like an address. Apart from the
 * sign-up contract (shared/contracts/signup.ts), whose password and website checks a function that only takes
 * an address (a magic link, a team invitation) would otherwise carry (docs/decisions.md #223).
 */
import * as z from 'zod/mini';

export const emailSchema = z.pipe(
  z.string().check(z.trim(), z.toLowerCase(), z.minLength(1, 'Email is required')),
  z.email('Please enter a valid email address'),
);
