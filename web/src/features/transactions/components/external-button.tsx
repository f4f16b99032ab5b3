import type { ReactNode } from 'react';
import { Button } from '@web/components/ui/button';
import { transactionsStrings } from '../transactions-strings';

/** A link out of Paylink (Stripe's dashboard, the receipt), opened in a new tab that cannot reach back. */
export function ExternalButton({
  href,
  icon,
  children,
  className,
}: {
  href: string;
  icon: ReactNode;
  children: string;
  className?: string;
}) {
  return (
    <Button variant="outline" asChild className={className}>
      <a href={href} target="_blank" rel="noopener noreferrer">
        {icon}
        {children}
        <span className="sr-only"> {transactionsStrings.detail.opensInNewTab}</span>
      </a>
    </Button>
  );
}
