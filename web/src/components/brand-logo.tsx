import { QrCode } from 'lucide-react';
import { BRAND_NAME } from '@shared/brand';
import { cn } from '../lib/cn';

/**
 * The Paylink mark and name. The icon is decorative; the name is the text. Free of the router (the link home
 * is brand-home-link.tsx): the landing page's header island draws it without the app (docs/decisions.md #90).
 */
export function BrandLogo({ className }: { className?: string }) {
  return (
    <span className={cn('inline-flex items-center gap-2 text-lg font-semibold tracking-tight', className)}>
      <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <QrCode aria-hidden="true" className="size-5" />
      </span>
      {BRAND_NAME}
    </span>
  );
}
