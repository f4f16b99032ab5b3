import { payerButton } from '@shared/payer-page-look';
import { payerStrings } from '../payer-strings';

/**
 * The result pages' way on (docs/decisions.md #207): the business's own website, named by its address, when
 * its profile has one. Otherwise nothing: the payer is the business's customer, not Paylink's prospect.
 */
export function BusinessWebsiteLink({
  url,
  variant,
}: {
  url: string | null | undefined;
  variant: 'outline' | 'ghost';
}) {
  const host = url ? hostOf(url) : null;
  if (!url || !host) return null;
  return (
    <a href={url} className={payerButton({ variant })}>
      {payerStrings.visitWebsite(host)}
    </a>
  );
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
