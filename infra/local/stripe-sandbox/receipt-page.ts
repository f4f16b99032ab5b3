/** A charge's receipt, where `receipt_url` points (the success page's and the detail panel's 'View Receipt'). */
import type http from 'node:http';
import { escapeHtml } from '@shared/escape-html';
import { dateOf, formatAmount, messagePage, page, type HostedPageRequest } from './hosted-page-layout';
import { sendHtml } from './http-responses';
import { refundsOfCharge, type Charge, type Refund } from './refunds';
import type { SandboxContext } from './sandbox-context';

/** The receipt, with each refund the payer got back, as Stripe's receipt shows them. */
function receiptPage(charge: Charge, refunds: Refund[]) {
  const card = (charge.payment_method_details as { card?: { brand?: string; last4?: string } } | null)?.card;
  const paidWith = card
    ? ` with ${escapeHtml(card.brand ?? 'card')} ending in ${escapeHtml(card.last4 ?? '????')}`
    : '';
  const lines = refunds
    .filter((refund) => refund.status === 'succeeded' || refund.status === 'pending')
    .map((refund) => `<li>Refunded ${formatAmount(refund.amount, refund.currency)} on ${dateOf(refund.created)}</li>`)
    .join('');
  const refundSection = lines
    ? `<h2>Refunds</h2><ul>${lines}</ul><p>Total refunded: <strong>${formatAmount(charge.amount_refunded, charge.currency)}</strong>${charge.refunded ? ' (refunded in full)' : ''}</p>`
    : '';
  return page(
    `Receipt ${charge.id}`,
    `<h1>Receipt ${escapeHtml(charge.id)}</h1><p>${formatAmount(charge.amount, charge.currency)} paid${paidWith} on ${dateOf(charge.created)}.</p>${refundSection}`,
  );
}

/** `request.id` is the charge's. */
export function handleReceiptPage(context: SandboxContext, request: HostedPageRequest, response: http.ServerResponse) {
  const account = context.store.accountOf(request.id);
  const charge = account === undefined ? undefined : context.store.find<Charge>(request.id, account);
  if (!charge || charge.object !== 'charge' || account === undefined) {
    return sendHtml(response, 404, messagePage('Not found', 'No receipt with this id in the sandbox.'));
  }
  sendHtml(response, 200, receiptPage(charge, refundsOfCharge(context, charge.id, account)));
}
