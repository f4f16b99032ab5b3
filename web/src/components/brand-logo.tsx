import { QrCode } from 'lucide-react';
import { Link } from 'react-router-dom';
import { BRAND_NAME } from '@shared/brand';
import { cn } from '../lib/cn';

/** The Paylink mark and name. The icon is decorative; the name is the text. */
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

/** The logo as the usual way back to the landing page. */
export function BrandHomeLink({ className }: { className?: string }) {
  return (
    <Link to="/" aria-label={`${BRAND_NAME} home`} className={cn('inline-flex rounded-lg', className)}>
      <BrandLogo />
    </Link>
  );
}
