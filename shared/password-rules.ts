/**
 * The five password rules, defined once: the sign-up form's live checklist, the strength
 * meter, the server's validation and the Cognito password policy all follow this list.
 */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*(),.?":{}|<>';
export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordRule {
  id: 'length' | 'uppercase' | 'lowercase' | 'number' | 'special';
  /** The checklist's words. */
  label: string;
  test(password: string): boolean;
}

const SPECIAL = new RegExp(`[${PASSWORD_SPECIAL_CHARACTERS.replace(/[\]\\^-]/g, '\\$&')}]`);

export const PASSWORD_RULES: readonly PasswordRule[] = [
  { id: 'length', label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (p) => p.length >= PASSWORD_MIN_LENGTH },
  { id: 'uppercase', label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { id: 'lowercase', label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { id: 'number', label: 'One number', test: (p) => /[0-9]/.test(p) },
  { id: 'special', label: `One special character (${PASSWORD_SPECIAL_CHARACTERS})`, test: (p) => SPECIAL.test(p) },
];

export type PasswordStrengthLabel = 'too weak' | 'weak' | 'fair' | 'good' | 'strong';

/** Score 0–5 = how many rules the password meets; labels too weak, weak, fair, good, strong. */
export function passwordStrength(password: string): { score: number; label: PasswordStrengthLabel } {
  const score = PASSWORD_RULES.filter((rule) => rule.test(password)).length;
  const label: PasswordStrengthLabel =
    score === 0 ? 'too weak' : score <= 2 ? 'weak' : score === 3 ? 'fair' : score === 4 ? 'good' : 'strong';
  return { score, label };
}

/** The first rule the password breaks, or undefined when it meets all five. */
export function firstBrokenPasswordRule(password: string): PasswordRule | undefined {
  return PASSWORD_RULES.find((rule) => !rule.test(password));
}
