/**
 * The payer's page /p/{id}, once: its markup as element trees (shared/markup.ts), in the classes and icons
 * of shared/payer-page-look.ts. The
 * server writes them as the page's first HTML (functions/domain/payer-page-html.ts); the React page
 * (web/src/features/payer) renders the same trees, with its handlers in them, and so adopts the server's
 * nodes rather than drawing the page again (docs/decisions.md #22, #144). The result pages draw their
 * cards from here too.
 */
import { BRAND_NAME } from './brand';
import type { PublicPaymentLink } from './contracts/payment-links';
import { h, type Markup, type MarkupElement } from './markup';
import { formatMoney, parseMoneyInput, tipCents, type PaymentAmounts } from './money';
import { chooseTip, tipPresetsOf, tipRequestOf, type TipOption } from './tips';
import { tipFieldset } from './payer-page-tips';
import { payerButton, payerCard, payerCardShape, payerErrorAlert, payerIcon, payerInput } from './payer-page-look';
import { PAYER_PAGE_WORDS as words } from './payer-page-words';
import { repeatAgreementWords, repeatPriceWords } from './recurring';
import {
  LINK_EXPIRED_DEFAULT_MESSAGE,
  LINK_EXPIRED_TITLE,
  LINK_NOT_ACCEPTING_MESSAGE,
  LINK_NOT_FOUND_MESSAGE,
  LINK_NOT_FOUND_NEXT_STEP,
  LINK_NOT_FOUND_TITLE,
  LINK_SOLD_OUT_MESSAGE,
  LINK_ALL_HELD_MESSAGE,
  LINK_ALL_HELD_TRY_AGAIN,
} from './payment-messages';

// ── The frame and the status card ───────────────────────────────────────────────────────────────────────

/**
 * The frame of every payer page, phone first: a quiet header with the logo, one narrow column, and the
 * line that tells a payer who handles their card. Links are plain <a>: the payer's pages carry no router.
 * The logo has components/brand-logo.tsx's look; that module also holds a router link.
 */
export function payerShell<Slot>(...content: Markup<Slot>[]): MarkupElement<Slot> {
  const logo = h(
    'span',
    { className: 'inline-flex items-center gap-2 text-lg font-semibold tracking-tight' },
    h(
      'span',
      { className: 'inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground' },
      payerIcon('qr-code', 'size-5'),
    ),
    BRAND_NAME,
  );
  return h<Slot>(
    'div',
    { className: 'flex min-h-dvh flex-col bg-surface' },
    h(
      'header',
      { className: 'border-b border-border bg-background' },
      h(
        'div',
        { className: 'mx-auto flex h-14 w-full max-w-lg items-center px-4' },
        h('a', { href: '/', 'aria-label': words.homeLink, className: 'inline-flex rounded-lg' }, logo),
      ),
    ),
    h<Slot>(
      'main',
      { id: 'main', className: 'flex-1 px-4 py-6 sm:py-12' },
      h<Slot>('div', { className: 'mx-auto w-full max-w-lg' }, ...content),
    ),
    h(
      'footer',
      { className: 'flex items-center justify-center gap-2 px-4 pb-8 text-sm text-muted-foreground' },
      payerIcon('lock-keyhole', 'size-4'),
      words.securedByStripe,
    ),
  );
}

/** The icon's colours, and the card's own for the yellow variant ('Payment Processed'). */
const TONES = {
  success: { icon: 'bg-emerald-50 text-emerald-700', card: 'border-border bg-background' },
  warning: { icon: 'bg-amber-100 text-amber-700', card: 'border-amber-200 bg-amber-50' },
  neutral: { icon: 'bg-muted text-muted-foreground', card: 'border-border bg-background' },
  destructive: { icon: 'bg-red-50 text-red-700', card: 'border-border bg-background' },
} as const;

export type StatusTone = keyof typeof TONES;

/** The card's heading: one card shows at a time, so one id serves. */
export const STATUS_HEADING_ID = 'status-heading';

export interface StatusCardView<Slot> {
  tone: StatusTone;
  icon: Markup<Slot>;
  heading: string;
  /** What happened: the children of the card's text block. */
  body: readonly Markup<Slot>[];
  /** What the payer can do next. */
  action?: Markup<Slot>;
  /** 'alert' for a failure the payer should hear at once. */
  role?: 'alert';
}

/** One outcome for the payer, centred in a card: an icon in its tone, the heading, what happened, what next. */
export function statusCard<Slot>({ tone, icon, heading, body, action, role }: StatusCardView<Slot>) {
  return h<Slot>(
    'section',
    {
      role,
      'aria-labelledby': STATUS_HEADING_ID,
      'data-tone': tone,
      className: `${payerCardShape} ${TONES[tone].card} flex flex-col items-center gap-6 px-6 py-8 text-center`,
    },
    h<Slot>(
      'span',
      { className: `inline-flex size-14 items-center justify-center rounded-full [&_svg]:size-7 ${TONES[tone].icon}` },
      icon,
    ),
    h<Slot>(
      'div',
      { className: 'flex flex-col gap-2' },
      h('h1', { id: STATUS_HEADING_ID, className: 'text-2xl font-semibold tracking-tight' }, heading),
      h<Slot>('div', { className: 'text-muted-foreground' }, ...body),
    ),
    action,
  );
}

// ── The link's states ───────────────────────────────────────────────────────────────────────────────────

/** What the page shows for a link as it was read (docs/decisions.md #11, #53). */
export type LinkState = 'not-found' | 'expired' | 'not-accepting' | 'sold-out' | 'ready';

export function linkState(link: PublicPaymentLink | null): LinkState {
  if (!link) return 'not-found';
  if (link.expired) return 'expired';
  if (!link.acceptingPayments) return 'not-accepting';
  if (link.soldOut) return 'sold-out';
  return 'ready';
}

export function notFoundCard() {
  return statusCard({
    tone: 'neutral',
    icon: payerIcon('search-x'),
    heading: LINK_NOT_FOUND_TITLE,
    body: [h('p', null, LINK_NOT_FOUND_MESSAGE), h('p', null, LINK_NOT_FOUND_NEXT_STEP)],
  });
}

const businessLine = (link: PublicPaymentLink) =>
  link.businessName ? h('p', { className: 'font-medium text-foreground' }, link.businessName) : null;

/** The expired card: the merchant's own words, or the default ones (docs/decisions.md #53). */
export function expiredCard(link: PublicPaymentLink, message: string | null) {
  return statusCard({
    tone: 'neutral',
    icon: payerIcon('clock'),
    heading: LINK_EXPIRED_TITLE,
    body: [
      businessLine(link),
      h('p', { className: 'font-medium text-foreground break-words' }, link.title),
      h('p', { className: 'whitespace-pre-line break-words' }, message || LINK_EXPIRED_DEFAULT_MESSAGE),
    ],
  });
}

/**
 * Paused (the merchant cannot take payments) or sold out: for good, or for now while every place left is held by
 * a payer on Checkout (docs/decisions.md #242). `message` is Checkout's own words when it found the link full.
 */
export function notAcceptingCard(link: PublicPaymentLink, soldOut: boolean, message?: string | null) {
  const held = soldOut && (message ? message === LINK_ALL_HELD_MESSAGE : link.placesHeld);
  const words = held ? LINK_ALL_HELD_MESSAGE : soldOut ? message || LINK_SOLD_OUT_MESSAGE : LINK_NOT_ACCEPTING_MESSAGE;
  return statusCard({
    tone: 'warning',
    icon: payerIcon('circle-pause'),
    heading: link.title,
    body: [businessLine(link), h('p', null, words)],
    // A place may come back within minutes: the one way on opens the link afresh.
    action: held
      ? h('a', { href: `/p/${encodeURIComponent(link.linkId)}`, className: payerButton() }, LINK_ALL_HELD_TRY_AGAIN)
      : undefined,
  });
}

// ── The payment form ────────────────────────────────────────────────────────────────────────────────────

export const PAY_TITLE_ID = 'pay-title';
export const PAY_AMOUNT_ID = 'pay-amount';
const PAY_AMOUNT_ERROR_ID = 'pay-amount-error';

/** An open link's amount field's text for a payment request's amount (docs/decisions.md #79), or ''. */
export function prefilledAmountText(link: PublicPaymentLink, prefillCents: number | null): string {
  return link.isOpenAmount && prefillCents !== null ? (prefillCents / 100).toFixed(2) : '';
}

/**
 * The amounts the form shows, from what the payer typed and chose: the server's own sum (shared/tips.ts
 * decides the tip on both sides). `tipRefusal` is the server's words for a tip it would refuse; the total
 * then leaves the tip out.
 */
export function formAmounts(
  link: PublicPaymentLink,
  amountText: string,
  tip: TipOption,
  ownTipText = '',
): PaymentAmounts & {
  typedCents: number | null;
  presetTipCents: (number | null)[];
  tipPercent: number | null;
  tipRefusal: string | null;
} {
  const typedCents = link.isOpenAmount ? parseMoneyInput(amountText) : null;
  const baseCents = link.isOpenAmount ? (typedCents ?? 0) : (link.amountCents ?? 0);
  const presets = tipPresetsOf(link);
  const ownTipCents = ownTipText.trim() === '' ? null : parseMoneyInput(ownTipText);
  const chosen = chooseTip(baseCents, presets, tipRequestOf(tip, ownTipCents), link.currency);
  const tip_ = chosen.ok ? chosen.tipCents : 0;
  return {
    baseCents,
    tipCents: tip_,
    totalCents: baseCents + tip_,
    typedCents,
    presetTipCents: presets.map((percent) => (baseCents > 0 ? tipCents(baseCents, percent) : null)),
    tipPercent: chosen.ok ? chosen.tipPercent : null,
    tipRefusal: chosen.ok ? null : chosen.message,
  };
}

/** What the form shows at a moment: the server draws it untouched, the React page as the payer changes it. */
export interface PaymentFormView {
  link: PublicPaymentLink;
  amountText: string;
  tip: TipOption;
  /** What the payer typed as their own tip ("Other"), as text. */
  ownTipText: string;
  ownTipError: string | null;
  /**
   * The controls work. False in the server's HTML, and in the React page's first render, which adopts that
   * HTML: until the script has taken over, a tap would only reload the page and a choice would be lost.
   */
  interactive: boolean;
  busy: boolean;
  amountError: string | null;
  payError: string | null;
  /** The React page's handlers; the server's HTML has none. */
  on?: {
    submit: (event: { preventDefault(): void }) => void;
    amountInput: (text: string) => void;
    tip: (choice: TipOption) => void;
    ownTipInput: (text: string) => void;
  };
}

/** The ready page: the amount (fixed, or typed by the payer), the tip, the live total and Pay Now. */
export function paymentForm(view: PaymentFormView) {
  const { link, tip, interactive, busy, amountError, payError, on } = view;
  const amounts = formAmounts(link, view.amountText, tip, view.ownTipText);
  const money = (cents: number) => formatMoney(cents, link.currency);
  const presets = tipPresetsOf(link);
  const disabled = !interactive;
  const amountAlert = amountError
    ? h('p', { id: PAY_AMOUNT_ERROR_ID, role: 'alert', className: 'text-sm font-medium text-destructive' }, amountError)
    : null;
  const amount = link.isOpenAmount
    ? h(
        'div',
        { className: 'flex flex-col gap-2' },
        h('label', { htmlFor: PAY_AMOUNT_ID, className: 'text-sm font-medium' }, words.enterAmount(link.currency)),
        h('input', {
          id: PAY_AMOUNT_ID,
          type: 'number',
          inputMode: 'decimal',
          step: '0.01',
          min: '0',
          placeholder: '0.00',
          autoComplete: 'off',
          value: view.amountText,
          onChange: on && ((event: { target: { value: string } }) => on.amountInput(event.target.value)),
          disabled,
          'aria-invalid': amountError ? true : undefined,
          'aria-describedby': amountError ? PAY_AMOUNT_ERROR_ID : undefined,
          className: `h-14 text-2xl font-semibold tabular-nums ${payerInput}`,
        }),
        amountAlert,
      )
    : h(
        'div',
        { className: 'flex flex-col gap-1' },
        h('p', { className: 'text-sm font-medium text-muted-foreground' }, words.amountLabel),
        h('p', { className: 'text-4xl font-semibold tracking-tight tabular-nums' }, money(amounts.baseCents)),
        // A recurring link's price and what the payer agrees to (docs/decisions.md #154).
        ...(link.repeat
          ? [
              h('p', { className: 'font-medium' }, repeatPriceWords(amounts.baseCents, link.currency, link.repeat)),
              h(
                'p',
                { className: 'text-sm text-muted-foreground' },
                repeatAgreementWords(amounts.baseCents, link.currency, link.repeat, { offersTip: presets.length > 0 }),
              ),
            ]
          : []),
        amountAlert,
      );
  const tips = tipFieldset(view, amounts.presetTipCents, money);
  const summaryLine = (label: string, cents: number) =>
    h(
      'div',
      { className: 'flex justify-between gap-4 text-sm text-muted-foreground' },
      h('dt', null, label),
      h('dd', { className: 'tabular-nums' }, money(cents)),
    );
  const summary = h(
    'section',
    { 'aria-label': words.summaryLabel, 'aria-live': 'polite', className: 'rounded-lg bg-surface p-4' },
    h(
      'dl',
      { className: 'flex flex-col gap-2' },
      amounts.tipCents > 0 && summaryLine(words.subtotal, amounts.baseCents),
      amounts.tipCents > 0 && summaryLine(words.tipLine(amounts.tipPercent), amounts.tipCents),
      h(
        'div',
        { className: 'flex items-baseline justify-between gap-4' },
        h('dt', { className: 'font-medium' }, words.total),
        h('dd', { className: 'text-2xl font-semibold tabular-nums' }, money(amounts.totalCents)),
      ),
    ),
  );
  const amountMissing = link.isOpenAmount && view.amountText.trim() === '';
  return h(
    'section',
    { 'aria-labelledby': PAY_TITLE_ID, className: payerCard },
    h(
      'div',
      { className: 'flex flex-col gap-2 p-6 pb-4' },
      link.businessName &&
        h('p', { className: 'text-sm font-medium text-muted-foreground' }, words.payTo(link.businessName)),
      h('h1', { id: PAY_TITLE_ID, className: 'text-2xl font-semibold tracking-tight break-words' }, link.title),
      link.description &&
        h('p', { className: 'whitespace-pre-line break-words text-muted-foreground' }, link.description),
    ),
    h(
      'form',
      { noValidate: true, onSubmit: on?.submit, className: 'flex flex-col gap-6 px-6 pb-6' },
      amount,
      tips,
      summary,
      payError &&
        h('div', { role: 'alert', className: payerErrorAlert }, payerIcon('triangle-alert'), h('p', null, payError)),
      h(
        'div',
        { className: 'flex flex-col gap-3' },
        h(
          'button',
          { type: 'submit', className: payerButton({ size: 'xl' }), disabled: disabled || busy || amountMissing },
          busy ? words.processing : words.payNow,
        ),
        h('p', { className: 'text-center text-sm text-muted-foreground' }, words.redirectNote),
      ),
    ),
  );
}

/** The page for a link as it was read, untouched: what the server draws and the React page starts from. */
export function payerPageContent(link: PublicPaymentLink | null, prefillCents: number | null) {
  if (!link) return notFoundCard();
  const state = linkState(link);
  if (state === 'expired') return expiredCard(link, link.expiredMessage);
  if (state !== 'ready') return notAcceptingCard(link, state === 'sold-out');
  return paymentForm({
    link,
    amountText: prefilledAmountText(link, prefillCents),
    tip: 'none',
    ownTipText: '',
    ownTipError: null,
    interactive: false,
    busy: false,
    amountError: null,
    payError: null,
  });
}
