import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES, firstBrokenPasswordRule, passwordStrength } from '@shared/password-rules';

describe('password rules', () => {
  it.each([
    ['', 0, 'too weak'],
    ['abc', 1, 'weak'],
    ['abcDEF', 2, 'weak'],
    ['abcDEF12', 4, 'good'],
    ['abcdef1!', 4, 'good'],
    ['abcD1!', 4, 'good'],
    ['abcDE1!x', 5, 'strong'],
    ['Ab1', 3, 'fair'],
  ])('%j scores %i (%s)', (password, score, label) => {
    expect(passwordStrength(password)).toEqual({ score, label });
  });

  it('accepts every listed special character and nothing else as special', () => {
    for (const special of '!@#$%^&*(),.?":{}|<>') {
      expect(PASSWORD_RULES.find((rule) => rule.id === 'special')!.test(special)).toBe(true);
    }
    for (const other of ['-', '_', '+', '=', '~', '[', ']', ' ']) {
      expect(PASSWORD_RULES.find((rule) => rule.id === 'special')!.test(other)).toBe(false);
    }
  });

  it('names the first broken rule', () => {
    expect(firstBrokenPasswordRule('short')?.id).toBe('length');
    expect(firstBrokenPasswordRule('alllowercase1!')?.id).toBe('uppercase');
    expect(firstBrokenPasswordRule('Correct!Horse9')).toBeUndefined();
  });
});
