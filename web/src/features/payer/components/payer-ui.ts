import { cva } from 'class-variance-authority';

/*
 * The payer's pages draw buttons, cards and alerts with the looks of components/ui (button.tsx, card.tsx,
 * alert.tsx) as plain class names. Those components merge classes with tailwind-merge and render through
 * Radix Slot (about 10 kB gzip together); the payer's pages never override a class, so they need neither.
 * Keep these in step with components/ui.
 */

/** components/ui/button.tsx's buttonVariants, with the sizes of a phone page: every tap target 48 px or more. */
export const payerButton = cva(
  'inline-flex w-full items-center justify-center gap-2 rounded-lg px-6 font-medium whitespace-nowrap transition-colors ' +
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ' +
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-5 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
        outline: 'border border-input bg-background text-foreground shadow-xs hover:bg-muted',
        ghost: 'text-foreground hover:bg-muted',
      },
      size: {
        lg: 'h-12 text-base',
        xl: 'h-14 text-lg',
      },
    },
    defaultVariants: { variant: 'primary', size: 'lg' },
  },
);

/** components/ui/card.tsx's Card: its shape, and its colours (apart, so a card can take other colours). */
export const payerCardShape = 'rounded-card border shadow-sm';
export const payerCard = `${payerCardShape} border-border bg-background`;

/** components/ui/alert.tsx's destructive Alert, icon first. */
export const payerErrorAlert =
  'flex gap-3 rounded-lg border border-red-200 bg-red-50 p-4 text-sm text-red-900 [&>svg]:mt-0.5 [&>svg]:size-5 [&>svg]:shrink-0 [&>svg]:text-red-700';

/** The payer's text and amount fields: 48 px or taller, 16 px text or more so phones do not zoom in. */
export const payerInput =
  'w-full rounded-lg border border-input bg-background px-4 text-base text-foreground shadow-xs ' +
  'placeholder:text-muted-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ' +
  'aria-invalid:border-destructive aria-invalid:focus-visible:outline-destructive';
