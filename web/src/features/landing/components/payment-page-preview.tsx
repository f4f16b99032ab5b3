import { QrCode } from 'lucide-react';
import { cn } from '@web/lib/cn';
import { landingStrings } from '../landing-strings';

const strings = landingStrings.preview;

/**
 * A picture of what a payer sees: a payment page and its QR code. Decorative (hidden from assistive tech,
 * nothing in it is interactive); the hero's text says the same in words.
 */
export function PaymentPagePreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm select-none">
      <div className="rounded-2xl border border-border bg-background p-6 shadow-xl shadow-zinc-900/5">
        <p className="text-sm font-medium text-muted-foreground">{strings.merchant}</p>
        <p className="mt-1 text-base font-semibold">{strings.description}</p>
        <p className="mt-4 text-4xl font-bold tracking-tight">{strings.amount}</p>
        <p className="mt-6 text-sm font-medium">{strings.tipLabel}</p>
        <div className="mt-2 grid grid-cols-3 gap-2">
          {strings.tips.map((tip, index) => (
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
        <div className="mt-6 rounded-lg bg-primary py-3 text-center font-semibold text-primary-foreground">
          {strings.pay}
        </div>
      </div>
      <div className="absolute -bottom-6 -left-4 hidden rounded-2xl border border-border bg-background p-4 shadow-lg sm:block">
        <QrCode className="size-16 text-foreground" strokeWidth={1.5} />
        <p className="mt-2 text-center text-xs font-medium text-muted-foreground">{strings.scanToPay}</p>
      </div>
    </div>
  );
}
