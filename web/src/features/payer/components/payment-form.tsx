import { useEffect, useState, type FormEvent } from 'react';
import { parseMoneyInput, PAYMENT_MAX_CENTS, PAYMENT_MIN_CENTS } from '@shared/money';
import { PAY_OWN_TIP_ID } from '@shared/payer-page-tips';
import { tipRequestOf, type TipOption } from '@shared/tips';
import { formAmounts, PAY_AMOUNT_ID, paymentForm, prefilledAmountText } from '@shared/payer-page-markup';
import type { PublicPaymentLink } from '@shared/contracts/payment-links';
import { prefilledAmountCents, REQUEST_ID_PATTERN } from '@shared/payer-link-params';
import { ApiRequestError } from '@web/lib/api-request-error';
import { useHydrated } from '@web/lib/hydration';
import { createCheckout, serverMessage } from '../api/payer-api';
import { giveBackLeftCheckout, rememberCheckout } from '../api/left-checkout';
import { pageTitle, payerStrings } from '../payer-strings';
import { toReact } from './markup-react';
import { PageTitle } from '@web/components/page-title';

const strings = payerStrings.paymentPage;

/** What is wrong with the amount about to be paid, in the words the server would use, or null. */
function amountProblem(baseCents: number | null, totalCents: number): string | null {
  if (baseCents === null || totalCents <= 0) return strings.invalidAmount;
  if (baseCents < PAYMENT_MIN_CENTS) return strings.amountTooSmall;
  if (totalCents > PAYMENT_MAX_CENTS) return strings.amountTooLarge;
  return null;
}

/** What happened to the link since the page loaded it, as the checkout call found out. */
export type LinkGone = 'not-found' | 'not-accepting' | 'expired' | 'sold-out';

/**
 * The ready page (shared/payer-page-markup.ts's `paymentForm`, as the server draws it): the amount (fixed,
 * or typed by the payer), the tip, the live total and Pay Now. The total is the server's own sum
 * (shared/money.ts); the server recomputes it from the stored link anyway (docs/decisions.md #10). Pay Now
 * creates the Checkout Session and hands the browser to Stripe.
 */
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
  const [amountText, setAmountText] = useState(() => prefilledAmountText(link, fromRequest.prefill));
  const [tip, setTip] = useState<TipOption>('none');
  const [ownTipText, setOwnTipText] = useState('');
  const [ownTipError, setOwnTipError] = useState<string | null>(null);
  const [amountError, setAmountError] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Hydrating adopts the server's HTML (docs/decisions.md #144), whose controls wait, disabled, for the
  // script: its first render draws them so, and enables them once it has taken over.
  const interactive = useHydrated();

  // The browser's Back button on Stripe's page may restore this page as it was left, mid-'Processing...'.
  useEffect(() => {
    const restore = (event: PageTransitionEvent) => {
      if (event.persisted) setBusy(false);
    };
    window.addEventListener('pageshow', restore);
    return () => window.removeEventListener('pageshow', restore);
  }, []);

  const { typedCents, baseCents, totalCents, tipRefusal } = formAmounts(link, amountText, tip, ownTipText);

  async function pay(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const problem = amountProblem(link.isOpenAmount ? typedCents : baseCents, totalCents);
    setAmountError(problem);
    setPayError(null);
    if (problem) {
      // The page has one amount field, under a fixed id (the server's HTML names it the same).
      document.getElementById(PAY_AMOUNT_ID)?.focus();
      return;
    }
    // The payer's own tip, checked in the server's words before it is asked (shared/tips.ts decides both).
    setOwnTipError(tipRefusal);
    if (tipRefusal) {
      document.getElementById(PAY_OWN_TIP_ID)?.focus();
      return;
    }
    setBusy(true);
    try {
      await giveBackLeftCheckout(link.linkId);
      const checkout = await createCheckout({
        linkId: link.linkId,
        ...(link.isOpenAmount && { amount: baseCents }),
        ...tipRequestOf(tip, ownTipText.trim() === '' ? null : (parseMoneyInput(ownTipText) ?? Number.NaN)),
        ...(fromRequest.requestId && { requestId: fromRequest.requestId }),
      });
      rememberCheckout(link.linkId, checkout.paymentId);
      // Stays busy: the page is on its way to Stripe.
      window.location.assign(checkout.url);
    } catch (error) {
      setBusy(false);
      const status = error instanceof ApiRequestError ? error.status : 0;
      if (status === 404) return onGone('not-found');
      // Sold out for good, or every place left held by a payer on Checkout: the server's words say which (#242).
      if (status === 409)
        return onGone(
          error instanceof ApiRequestError && error.code === 'sold_out' ? 'sold-out' : 'not-accepting',
          serverMessage(error),
        );
      // The page is cached a minute; checkout reads the link afresh (docs/decisions.md #53).
      if (status === 410) return onGone('expired', serverMessage(error));
      const message = serverMessage(error);
      if (status === 429 && message) setPayError(message);
      else setPayError(message ? strings.paymentError(message) : strings.sessionError);
    }
  }

  return (
    <>
      <PageTitle>{pageTitle(link.businessName ? `${link.title} · ${link.businessName}` : link.title)}</PageTitle>
      {toReact(
        paymentForm({
          link,
          amountText,
          tip,
          ownTipText,
          ownTipError,
          interactive,
          busy,
          amountError,
          payError,
          on: {
            submit: (event) => void pay(event as FormEvent),
            amountInput: (text) => {
              setAmountText(text);
              setAmountError(null);
            },
            tip: (choice) => {
              setTip(choice);
              setOwnTipError(null);
            },
            ownTipInput: (text) => {
              setOwnTipText(text);
              setOwnTipError(null);
            },
          },
        }),
      )}
    </>
  );
}
