import { siAmericanexpress, siApplepay, siGooglepay, siMastercard, siVisa, type SimpleIcon } from 'simple-icons';
import { landingStrings } from '../landing-strings';
import { SectionHeading } from './section-heading';

const strings = landingStrings.paymentMethods;

/**
 * What Stripe Checkout takes on Paylink's links. No PayPal: Paylink's Stripe Checkout does not offer it
 * (docs/decisions.md #4, keep every claim true). Marks in the brands' own colours (Apple's is black).
 */
const marks: { name: (typeof strings.methods)[number]; icon: SimpleIcon }[] = [
  { name: 'Visa', icon: siVisa },
  { name: 'Mastercard', icon: siMastercard },
  { name: 'American Express', icon: siAmericanexpress },
  { name: 'Apple Pay', icon: siApplepay },
  { name: 'Google Pay', icon: siGooglepay },
];

export function PaymentMethodsSection() {
  return (
    <section aria-labelledby="payment-methods-heading" className="border-t border-border px-4 py-16 sm:px-6 md:py-24">
      <div className="mx-auto max-w-6xl">
        <SectionHeading id="payment-methods-heading" heading={strings.heading} intro={strings.intro} />
        <ul aria-label={strings.listLabel} className="mt-12 flex flex-wrap justify-center gap-4">
          {marks.map(({ name, icon }) => (
            <li
              key={name}
              className="flex w-36 flex-col items-center gap-3 rounded-card border border-border bg-background px-4 py-6 sm:w-44"
            >
              <svg role="img" aria-label={name} viewBox="0 0 24 24" className="size-12" fill={`#${icon.hex}`}>
                <path d={icon.path} />
              </svg>
              {/* The mark carries the name for assistive tech; the caption is for the eye. */}
              <span aria-hidden="true" className="text-sm font-medium text-muted-foreground">
                {name}
              </span>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center text-sm text-muted-foreground">{strings.walletNote}</p>
      </div>
    </section>
  );
}
