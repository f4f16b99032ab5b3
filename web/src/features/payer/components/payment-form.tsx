import { repeatAgreementWords, repeatPriceWords } from '@shared/recurring';
import { TriangleAlert } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { PAYMENT_MAX_CENTS, PAYMENT_MIN_CENTS, parseMoneyInput, paymentAmounts, type TipChoice } from '@shared/money';
import type { PublicPaymentLink } from '@shared/contracts/payment-links';
import { prefilledAmountCents, REQUEST_ID_PATTERN } from '@shared/payer-link-params';
import { formatMoney } from '@web/lib/format-money';
import { ApiRequestError } from '@web/lib/api-request-error';
import { createCheckout, serverMessage } from '../api/payer-api';
import { pageTitle, payerStrings } from '../payer-strings';
import { payerButton, payerCard, payerErrorAlert, payerInput } from './payer-ui';

const strings = payerStrings.paymentPage;

/** What is wrong with the amount about to be paid, in the words the server would use, or null. */
function amountProblem(baseCents: number | null, totalCents: number): string | null {
  if (baseCents === null || totalCents <= 0) return strings.invalidAmount;
  if (baseCents < PAYMENT_MIN_CENTS) return strings.amountTooSmall;
  if (totalCents > PAYMENT_MAX_CENTS) return strings.amountTooLarge;
  return null;
}

/**
 * The ready page: the amount (fixed, or typed by the payer), the tip, the live total and Pay Now. The
 * total is the server's own sum (shared/money.ts); the server recomputes it from the stored link anyway
 * (docs/decisions.md #10). Pay Now creates the Checkout Session and hands the browser to Stripe.
 */
/** What happened to the link since the page loaded it, as the checkout call found out. */
export type LinkGone = 'not-found' | 'not-accepting' | 'expired' | 'sold-out';

export function PaymentForm({
  link,
  onGone,
}: {
  link: PublicPaymentLink;
  /** The link stopped taking payments since the page was drawn; `message` is the server's words. */
  onGone: (gone: LinkGone, message?: string | null) => void;
}) {
  // A payment request's Pay button (docs/decisions.md #79, #80): an open link's amount filled in, as the
  // server drew it, and the request the payment marks Paid.
  const [fromRequest] = useState(() => {
    const query = new URLSearchParams(window.location.search);
    const requestId = query.get('request');
    return {
      prefill: prefilledAmountCents(query.get('amount')),
      // A mangled one is left behind rather than stopping the payment: it would only mark nothing.
      requestId: requestId && REQUEST_ID_PATTERN.test(requestId) ? requestId : undefined,
    };
  });
  const [amountText, setAmountText] = useState(() =>
    link.isOpenAmount && fromRequest.prefill !== null ? (fromRequest.prefill / 100).toFixed(2) : '',
  );
  const [tip, setTip] = useState<TipChoice>('none');
  const [amountError, setAmountError] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const amountInput = useRef<HTMLInputElement>(null);
  const id = useId();

  // The browser's Back button on Stripe's page may restore this page as it was left, mid-'Processing...'.
  useEffect(() => {
    const restore = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', restore);
    return () => window.removeEventListener('pageshow', restore);
  }, []);

  const tipPercent = link.tipPercent ?? 0;
  const offersTip = tipPercent > 0;
  const typedCents = link.isOpenAmount ? parseMoneyInput(amountText) : null;
  const baseCents = link.isOpenAmount ? (typedCents ?? 0) : (link.amountCents ?? 0);
  const tipChoice: TipChoice = offersTip ? tip : 'none';
  const amounts = paymentAmounts(baseCents, link.tipPercent, tipChoice);
  const tipText =
    baseCents > 0
      ? formatMoney(paymentAmounts(baseCents, link.tipPercent, 'percent').tipCents, link.currency)
      : undefined;
  const amountMissing = link.isOpenAmount && amountText.trim() === '';
  const money = (cents: number) => formatMoney(cents, link.currency);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = amountProblem(link.isOpenAmount ? typedCents : baseCents, amounts.totalCents);
    setAmountError(problem);
    setPayError(null);
    if (problem) {
      amountInput.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const checkout = await createCheckout({
        linkId: link.linkId,
        ...(link.isOpenAmount && { amount: baseCents }),
        tip: tipChoice,
        ...(fromRequest.requestId && { requestId: fromRequest.requestId }),
      });
      // Stays busy: the page is on its way to Stripe.
      window.location.assign(checkout.url);
    } catch (error) {
      setBusy(false);
      const status = error instanceof ApiRequestError ? error.status : 0;
      if (status === 404) return onGone('not-found');
      if (status === 409)
        return onGone(error instanceof ApiRequestError && error.code === 'sold_out' ? 'sold-out' : 'not-accepting');
      // The page is cached a minute; checkout reads the link afresh (docs/decisions.md #53).
      if (status === 410) return onGone('expired', serverMessage(error));
      const message = serverMessage(error);
      if (status === 429 && message) setPayError(message);
      else setPayError(message ? strings.paymentError(message) : strings.sessionError);
    }
  }

  const amountErrorId = `${id}-amount-error`;
  return (
    <section aria-labelledby={`${id}-title`} className={payerCard}>
      <title>{pageTitle(link.businessName ? `${link.title} · ${link.businessName}` : link.title)}</title>
      <div className="flex flex-col gap-2 p-6 pb-4">
        {link.businessName ? (
          <p className="text-sm font-medium text-muted-foreground">{strings.payTo(link.businessName)}</p>
        ) : null}
        <h1 id={`${id}-title`} className="text-2xl font-semibold tracking-tight break-words">
          {link.title}
        </h1>
        {link.description ? (
          <p className="whitespace-pre-line break-words text-muted-foreground">{link.description}</p>
        ) : null}
      </div>

      <form noValidate onSubmit={(event) => void pay(event)} className="flex flex-col gap-6 px-6 pb-6">
        {link.isOpenAmount ? (
          <div className="flex flex-col gap-2">
            <label htmlFor={`${id}-amount`} className="text-sm font-medium">
              {strings.enterAmount(link.currency)}
            </label>
            <input
              ref={amountInput}
              id={`${id}-amount`}
              type="number"
              inputMode="decimal"
              step="0.01"
              min="0"
              placeholder="0.00"
              autoComplete="off"
              value={amountText}
              onChange={(event) => {
                setAmountText(event.target.value);
                setAmountError(null);
              }}
              aria-invalid={amountError ? true : undefined}
              aria-describedby={amountError ? amountErrorId : undefined}
              className={`h-14 text-2xl font-semibold tabular-nums ${payerInput}`}
            />
            {amountError ? (
              <p id={amountErrorId} role="alert" className="text-sm font-medium text-destructive">
                {amountError}
              </p>
            ) : null}
          </div>
        ) : (
          <div className="flex flex-col gap-1">
            <p className="text-sm font-medium text-muted-foreground">{strings.amountLabel}</p>
            <p className="text-4xl font-semibold tracking-tight tabular-nums">{money(baseCents)}</p>
            {link.repeat ? (
              <>
                <p className="font-medium">{repeatPriceWords(baseCents, link.currency, link.repeat)}</p>
                <p className="text-sm text-muted-foreground">
                  {repeatAgreementWords(baseCents, link.currency, link.repeat, { offersTip })}
                </p>
              </>
            ) : null}
            {amountError ? (
              <p role="alert" className="text-sm font-medium text-destructive">
                {amountError}
              </p>
            ) : null}
          </div>
        )}

        {offersTip ? (
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{strings.tipLegend}</legend>
            <div className="grid grid-cols-2 gap-3">
              {(['none', 'percent'] as const).map((choice) => (
                <label
                  key={choice}
                  className="flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border border-input bg-background px-4 text-base font-medium transition-colors has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-hover"
                >
                  <input
                    type="radio"
                    name={`${id}-tip`}
                    value={choice}
                    checked={tip === choice}
                    onChange={() => setTip(choice)}
                    className="size-5 shrink-0 accent-primary"
                  />
                  {choice === 'none' ? strings.noTip : strings.tipOption(tipPercent, tipText)}
                </label>
              ))}
            </div>
          </fieldset>
        ) : null}

        <section aria-label={strings.summaryLabel} aria-live="polite" className="rounded-lg bg-surface p-4">
          <dl className="flex flex-col gap-2">
            {amounts.tipCents > 0 ? (
              <>
                <div className="flex justify-between gap-4 text-sm text-muted-foreground">
                  <dt>{strings.subtotal}</dt>
                  <dd className="tabular-nums">{money(amounts.baseCents)}</dd>
                </div>
                <div className="flex justify-between gap-4 text-sm text-muted-foreground">
                  <dt>{strings.tipLine(tipPercent)}</dt>
                  <dd className="tabular-nums">{money(amounts.tipCents)}</dd>
                </div>
              </>
            ) : null}
            <div className="flex items-baseline justify-between gap-4">
              <dt className="font-medium">{strings.total}</dt>
              <dd className="text-2xl font-semibold tabular-nums">{money(amounts.totalCents)}</dd>
            </div>
          </dl>
        </section>

        {payError ? (
          <div role="alert" className={payerErrorAlert}>
            <TriangleAlert aria-hidden="true" />
            <p>{payError}</p>
          </div>
        ) : null}

        <div className="flex flex-col gap-3">
          <button type="submit" className={payerButton({ size: 'xl' })} disabled={busy || amountMissing}>
            {busy ? strings.processing : strings.payNow}
          </button>
          <p className="text-center text-sm text-muted-foreground">{strings.redirectNote}</p>
        </div>
      </form>
    </section>
  );
}
