import { QrCode } from 'lucide-react';
import { DEFAULT_CURRENCY } from '@shared/brand';
import { PAYER_PAGE_WORDS as payer } from '@shared/payer-page-words';
import { tipCents as tipOf } from '@shared/money';
import { cn } from '@web/lib/cn';
import { formatMoney } from '@web/lib/format-money';
import { landingStrings } from '../landing-strings';

const strings = landingStrings.preview;

/** The mock-up's link: an $11.00 sale with the one tip percentage a merchant sets, as on a real link. */
const AMOUNT_CENTS = 1100;
const TIP_PERCENT = 10;

/**
 * A picture of what a payer sees: a payment page and its QR code, in the payment page's own words
 * (No Tip or the merchant's one percentage with its dollars, the total, Pay Now). Decorative (hidden from
 * assistive tech, nothing in it is interactive); the hero's text says the same in words.
 */
export function PaymentPagePreview() {
  const tipCents = tipOf(AMOUNT_CENTS, TIP_PERCENT);
  const money = (cents: number) => formatMoney(cents, DEFAULT_CURRENCY);
  const tips = [payer.noTip, payer.tipOption(TIP_PERCENT, money(tipCents))];
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm select-none">
      <div className="rounded-2xl border border-border bg-background p-6 shadow-xl shadow-zinc-900/5">
        <p className="text-sm font-medium text-muted-foreground">{payer.payTo(strings.merchant)}</p>
        <p className="mt-1 text-base font-semibold">{strings.description}</p>
        <p className="mt-4 text-4xl font-bold tracking-tight">{money(AMOUNT_CENTS)}</p>
        <p className="mt-6 text-sm font-medium">{payer.tipLegend}</p>
        <div className="mt-2 grid grid-cols-2 gap-2">
          {tips.map((tip, index) => (
            <div
              key={tip}
              className={cn(
                'rounded-lg border py-2 text-center text-sm font-medium',
                index === 1 ? 'border-primary bg-primary-soft text-primary' : 'border-border text-muted-foreground',
              )}
            >
              {tip}
            </div>
          ))}
        </div>
        <p className="mt-4 flex justify-between text-sm font-semibold">
          <span>{payer.total}</span>
          <span>{money(AMOUNT_CENTS + tipCents)}</span>
        </p>
        <div className="mt-4 rounded-lg bg-primary py-3 text-center font-semibold text-primary-foreground">
          {payer.payNow}
        </div>
        <p className="mt-2 text-center text-xs text-muted-foreground">{payer.securedByStripe}</p>
      </div>
      <div className="absolute -top-6 -right-4 hidden rounded-2xl border border-border bg-background p-4 shadow-lg sm:block">
        <QrCode className="size-16 text-foreground" strokeWidth={1.5} />
        <p className="mt-2 text-center text-xs font-medium text-muted-foreground">{strings.scanToPay}</p>
      </div>
    </div>
  );
}
