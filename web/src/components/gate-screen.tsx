/**
 * The screen a gate shows instead of a page (Stripe not connected, trial ended): an icon, what is wrong,
 * what to do about it as buttons, and anything below.
 */
import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '../lib/cn';
import { Card } from './ui/card';

export interface GateScreenProps {
  icon: LucideIcon;
  /** Colours of the icon's circle: the brand for a step to take, amber for a limit reached. */
  tone: 'brand' | 'warning';
  title: string;
  description: string;
  actions: ReactNode;
  children?: ReactNode;
}

export function GateScreen({ icon: Icon, tone, title, description, actions, children }: GateScreenProps) {
  return (
    <Card className="flex flex-col items-center gap-6 px-6 py-10 text-center sm:px-10">
      <span
        className={cn(
          'inline-flex size-12 items-center justify-center rounded-full',
          tone === 'brand' ? 'bg-primary-soft text-primary' : 'bg-amber-50 text-amber-700',
        )}
      >
        <Icon aria-hidden="true" className="size-6" />
      </span>
      <div className="flex max-w-lg flex-col gap-2">
        <h2 className="text-xl font-semibold">{title}</h2>
        <p className="text-muted-foreground">{description}</p>
      </div>
      <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">{actions}</div>
      {children}
    </Card>
  );
}
