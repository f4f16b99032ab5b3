/**
 * The look of the payer's pages (/p/{id} and the result pages): their classes and icons, for the markup of
 * shared/payer-page-markup.ts, which the server's HTML and the React pages both draw (docs/decisions.md #144).
 *
 * The classes are those of components/ui (button, card, alert) written out: those components merge
 * classes with tailwind-merge and render through Radix Slot (about 10 kB gzip together), and the payer's
 * pages never override a class, so they need neither.
 */
import { h, type MarkupElement } from './markup';

// ── Classes ────────────────────────────────────────────────────────────────────────────────────────────

const BUTTON_VARIANTS = {
  primary: 'bg-primary text-primary-foreground shadow-sm hover:bg-primary-hover',
  outline: 'border border-input bg-background text-foreground shadow-xs hover:bg-muted',
  ghost: 'text-foreground hover:bg-muted',
} as const;
/** Every tap target 48 px or more. */
const BUTTON_SIZES = { lg: 'h-12 text-base', xl: 'h-14 text-lg' } as const;

/** components/ui/button.tsx's buttonVariants, with the sizes of a phone page; `className` comes last. */
export function payerButton({
  variant = 'primary',
  size = 'lg',
  className,
}: { variant?: keyof typeof BUTTON_VARIANTS; size?: keyof typeof BUTTON_SIZES; className?: string } = {}): string {
  return (
    'inline-flex w-full items-center justify-center gap-2 rounded-lg px-6 font-medium whitespace-nowrap transition-colors ' +
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring ' +
    'disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:size-5 [&_svg]:shrink-0 ' +
    `${BUTTON_VARIANTS[variant]} ${BUTTON_SIZES[size]}${className ? ` ${className}` : ''}`
  );
}

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

// ── Icons (lucide's drawings, as lucide-react renders them) ─────────────────────────────────────────────

type IconNode = readonly (readonly [tag: string, attributes: Record<string, string>])[];

const ICON_NODES = {
  'qr-code': [
    ['rect', { width: '5', height: '5', x: '3', y: '3', rx: '1' }],
    ['rect', { width: '5', height: '5', x: '16', y: '3', rx: '1' }],
    ['rect', { width: '5', height: '5', x: '3', y: '16', rx: '1' }],
    ['path', { d: 'M21 16h-3a2 2 0 0 0-2 2v3' }],
    ['path', { d: 'M21 21v.01' }],
    ['path', { d: 'M12 7v3a2 2 0 0 1-2 2H7' }],
    ['path', { d: 'M3 12h.01' }],
    ['path', { d: 'M12 3h.01' }],
    ['path', { d: 'M12 16v.01' }],
    ['path', { d: 'M16 12h1' }],
    ['path', { d: 'M21 12v.01' }],
    ['path', { d: 'M12 21v-1' }],
  ],
  'lock-keyhole': [
    ['circle', { cx: '12', cy: '16', r: '1' }],
    ['rect', { x: '3', y: '10', width: '18', height: '12', rx: '2' }],
    ['path', { d: 'M7 10V7a5 5 0 0 1 10 0v3' }],
  ],
  'search-x': [
    ['path', { d: 'm13.5 8.5-5 5' }],
    ['path', { d: 'm8.5 8.5 5 5' }],
    ['circle', { cx: '11', cy: '11', r: '8' }],
    ['path', { d: 'm21 21-4.3-4.3' }],
  ],
  clock: [
    ['path', { d: 'M12 6v6l4 2' }],
    ['circle', { cx: '12', cy: '12', r: '10' }],
  ],
  'circle-pause': [
    ['circle', { cx: '12', cy: '12', r: '10' }],
    ['line', { x1: '10', x2: '10', y1: '15', y2: '9' }],
    ['line', { x1: '14', x2: '14', y1: '15', y2: '9' }],
  ],
  'triangle-alert': [
    ['path', { d: 'm21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3' }],
    ['path', { d: 'M12 9v4' }],
    ['path', { d: 'M12 17h.01' }],
  ],
} as const satisfies Record<string, IconNode>;

export type PayerIconName = keyof typeof ICON_NODES;

/** A decorative icon (hidden from screen readers: the words beside it say the same). */
export function payerIcon(name: PayerIconName, className?: string): MarkupElement {
  const svg = {
    xmlns: 'http://www.w3.org/2000/svg',
    width: '24',
    height: '24',
    viewBox: '0 0 24 24',
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: '2',
    strokeLinecap: 'round',
    strokeLinejoin: 'round',
    className: `lucide lucide-${name}${className ? ` ${className}` : ''}`,
    'aria-hidden': 'true',
  };
  return h('svg', svg, ...ICON_NODES[name].map(([tag, attributes]) => h(tag, attributes)));
}
