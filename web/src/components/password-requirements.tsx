/**
 * The strength meter and live checklist for a new password. Both read the five rules from
 * shared/password-rules.ts, the same list the server and Cognito enforce, so they cannot disagree.
 */
import { Check, X } from 'lucide-react';
import { PASSWORD_RULES, passwordStrength, type PasswordStrengthLabel } from '@shared/password-rules';
import { cn } from '../lib/cn';

const strings = {
  strength: 'Password strength',
  requirements: 'Password requirements',
  met: 'Done:',
  notMet: 'Still needed:',
  labels: {
    'too weak': 'Too weak',
    weak: 'Weak',
    fair: 'Fair',
    good: 'Good',
    strong: 'Strong',
  } satisfies Record<PasswordStrengthLabel, string>,
};

const barColour: Record<PasswordStrengthLabel, string> = {
  'too weak': 'bg-red-600',
  weak: 'bg-red-600',
  fair: 'bg-amber-500',
  good: 'bg-teal-500',
  strong: 'bg-primary',
};

const labelColour: Record<PasswordStrengthLabel, string> = {
  'too weak': 'text-red-700',
  weak: 'text-red-700',
  fair: 'text-amber-800',
  good: 'text-teal-800',
  strong: 'text-primary',
};

/** Score 0–5 (rules met) as five bars and a word: too weak, weak, fair, good, strong. */
export function PasswordStrengthMeter({ password, id }: { password: string; id?: string }) {
  const { score, label } = passwordStrength(password);
  const word = strings.labels[label];
  return (
    <div id={id} className="flex flex-col gap-2">
      <div
        role="meter"
        aria-label={strings.strength}
        aria-valuemin={0}
        aria-valuemax={PASSWORD_RULES.length}
        aria-valuenow={score}
        aria-valuetext={word}
        className="grid grid-cols-5 gap-1"
      >
        {PASSWORD_RULES.map((rule, index) => (
          <span
            key={rule.id}
            className={cn('h-1.5 rounded-full transition-colors', index < score ? barColour[label] : 'bg-muted')}
          />
        ))}
      </div>
      <p className="text-sm text-muted-foreground">
        {strings.strength}:{' '}
        <span className={cn('font-medium', password ? labelColour[label] : 'text-muted-foreground')}>{word}</span>
      </p>
    </div>
  );
}

/** The five rules, each ticked as soon as the password meets it. */
export function PasswordChecklist({ password, id }: { password: string; id?: string }) {
  return (
    <ul id={id} aria-label={strings.requirements} className="grid gap-1 text-sm sm:grid-cols-2">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li
            key={rule.id}
            data-met={met}
            className={cn(
              'flex items-start gap-2',
              met ? 'text-emerald-800' : 'text-muted-foreground',
              // The special-character rule lists its characters: give it the whole row.
              rule.id === 'special' && 'sm:col-span-2',
            )}
          >
            {met ? (
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
            ) : (
              <X aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            )}
            <span>
              <span className="sr-only">{met ? strings.met : strings.notMet} </span>
              {rule.label}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
