import { Link } from 'react-router-dom';
import { BRAND_NAME } from '@shared/brand';
import { cn } from '../lib/cn';
import { BrandLogo } from './brand-logo';

/** The logo as the usual way back to the landing page. */
export function BrandHomeLink({ className }: { className?: string }) {
  return (
    <Link to="/" aria-label={`${BRAND_NAME} home`} className={cn('inline-flex rounded-lg', className)}>
      <BrandLogo />
    </Link>
  );
}
