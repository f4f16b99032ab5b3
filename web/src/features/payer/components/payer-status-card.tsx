import { useId, type ReactNode } from 'react';
import { payerCardShape } from './payer-ui';

/** The icon's colours, and the card's own for the yellow variant ('Payment Processed'). */
const tones = {
  success: { icon: 'bg-emerald-50 text-emerald-700', card: 'border-border bg-background' },
  warning: { icon: 'bg-amber-100 text-amber-700', card: 'border-amber-200 bg-amber-50' },
  neutral: { icon: 'bg-muted text-muted-foreground', card: 'border-border bg-background' },
  destructive: { icon: 'bg-red-50 text-red-700', card: 'border-border bg-background' },
} as const;

/**
 * One outcome for the payer, centred in a card: an icon in its tone, the page's heading, what happened,
 * then what they can do next (`children`).
 */
export function PayerStatusCard({
  title,
  tone,
  icon,
  heading,
  body,
  role,
  children,
}: {
  /** The browser tab's title for this state. */
  title: string;
  tone: keyof typeof tones;
  icon: ReactNode;
  heading: string;
  body: ReactNode;
  /** 'alert' for a failure the payer should hear at once. */
  role?: 'alert';
  children?: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      role={role}
      aria-labelledby={headingId}
      data-tone={tone}
      className={`${payerCardShape} ${tones[tone].card} flex flex-col items-center gap-6 px-6 py-8 text-center`}
    >
      <title>{title}</title>
      <span
        className={`inline-flex size-14 items-center justify-center rounded-full [&_svg]:size-7 ${tones[tone].icon}`}
      >
        {icon}
      </span>
      <div className="flex flex-col gap-2">
        <h1 id={headingId} className="text-2xl font-semibold tracking-tight">
          {heading}
        </h1>
        <div className="text-muted-foreground">{body}</div>
      </div>
      {children}
    </section>
  );
}
