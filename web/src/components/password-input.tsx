import { Eye, EyeOff } from 'lucide-react';
import { useState, type ComponentProps } from 'react';
import { cn } from '../lib/cn';
import { useHydrated } from '../lib/hydration';
import { Input } from './ui/input';

type PasswordInputProps = Omit<ComponentProps<'input'>, 'type'> & {
  showLabel?: string;
  hideLabel?: string;
};

/** A password field with a show/hide button, so a person on a phone can check what they typed. */
export function PasswordInput({
  className,
  showLabel = 'Show password',
  hideLabel = 'Hide password',
  ...props
}: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  // On a prerendered form (lib/hydration.ts) the button works once React has hydrated it.
  const hydrated = useHydrated();
  return (
    <div className="relative">
      <Input type={visible ? 'text' : 'password'} className={cn('pr-12', className)} {...props} />
      <button
        type="button"
        disabled={!hydrated}
        onClick={() => setVisible((shown) => !shown)}
        aria-label={visible ? hideLabel : showLabel}
        aria-pressed={visible}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring"
      >
        {visible ? <EyeOff aria-hidden="true" className="size-4" /> : <Eye aria-hidden="true" className="size-4" />}
      </button>
    </div>
  );
}
