/** Stands in for the payment's page in the merchant's Stripe dashboard ('View in Stripe' on the detail panel). */
import type http from 'node:http';
import { escapeHtml } from '@shared/escape-html';
import { dateOf, formatAmount, messagePage, page, type HostedPageRequest } from './hosted-page-layout';
import { sendHtml } from './http-responses';
import { refundsOfCharge, type Charge, type Refund } from './refunds';
import type { SandboxContext } from './sandbox-context';
import type { StripeObject } from './sandbox-store';

function refundsTable(refunds: Refund[]) {
  if (refunds.length === 0) return '<p>No refunds.</p>';
  const rows = refunds
    .map(
      (refund) =>
        `<tr><td>${escapeHtml(refund.id)}</td><td>${formatAmount(refund.amount, refund.currency)}</td><td>${escapeHtml(refund.status)}${refund.failure_reason ? ` (${escapeHtml(refund.failure_reason)})` : ''}</td><td>${escapeHtml(refund.reason ?? '')}</td><td>${dateOf(refund.created)}</td></tr>`,
    )
    .join('');
  return `<table><thead><tr><th>Refund</th><th>Amount</th><th>Status</th><th>Reason</th><th>Created</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** The money, its refunds and its dispute. */
function dashboardPaymentPage(payment: {
  intent: StripeObject;
  account: string | null;
  charge: Charge | undefined;
  refunds: Refund[];
  dispute: StripeObject | undefined;
}) {
  const { intent, account, charge, refunds, dispute } = payment;
  const currency = intent.currency as string;
  const summary = `${formatAmount(intent.amount as number, currency)}, ${escapeHtml(intent.status as string)}, on ${escapeHtml(account ?? 'the platform')}.`;
  const refunded = charge
    ? `<p>Refunded: <strong>${formatAmount(charge.amount_refunded, currency)}</strong>${charge.refunded ? ' (fully refunded)' : charge.amount_refunded > 0 ? ' (partially refunded)' : ''}</p>`
    : '';
  const due = (dispute?.evidence_details as { due_by?: number | null } | undefined)?.due_by;
  const disputeSection = dispute
    ? `<section aria-label="Dispute"><h2>Dispute</h2><p>${formatAmount(dispute.amount as number, currency)} disputed as ${escapeHtml(dispute.reason as string)}: <strong>${escapeHtml(dispute.status as string)}</strong>${due ? `, evidence due by ${dateOf(due)}` : ''}.</p><p class="note">${escapeHtml(dispute.id)}</p></section>`
    : '';
  return page(
    `Payment ${intent.id}`,
    `<h1>Payment ${escapeHtml(intent.id)}</h1><p>${summary}</p>${refunded}
<section aria-label="Refunds"><h2>Refunds</h2>${refundsTable(refunds)}</section>${disputeSection}`,
  );
}

/** `request.id` is the PaymentIntent's. */
export function handleDashboardPaymentPage(
  context: SandboxContext,
  request: HostedPageRequest,
  response: http.ServerResponse,
) {
  const { store } = context;
  const account = store.accountOf(request.id);
  const intent = account === undefined ? undefined : store.find(request.id, account);
  if (!intent || intent.object !== 'payment_intent' || account === undefined) {
    return sendHtml(response, 404, messagePage('Not found', 'No payment with this id in the sandbox.'));
  }
  const charge = intent.latest_charge ? store.find<Charge>(intent.latest_charge as string, account) : undefined;
  const refunds = charge ? refundsOfCharge(context, charge.id, account) : [];
  const dispute = charge ? store.objectsOfKind('dispute', (candidate) => candidate.charge === charge.id)[0] : undefined;
  sendHtml(response, 200, dashboardPaymentPage({ intent, account, charge, refunds, dispute }));
}
