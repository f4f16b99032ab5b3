/**
 * `expand[]` as Stripe does it: a field holding an id becomes the object, and a dotted path
 * (`latest_charge.balance_transaction`) keeps going inside the expanded object.
 */
import { refundsOfCharge } from './refunds';
import type { SandboxContext } from './sandbox-context';
import type { StripeObject } from './sandbox-store';
import { invalidParameter } from './stripe-error';
import { invoicePaymentOf } from './subscription-invoices';

export function expand(context: SandboxContext, object: StripeObject, paths: string[], account: string | null) {
  const result = structuredClone(object);
  for (const path of paths) expandPath(context, result, path.split('.'), account, path);
  return result;
}

function expandPath(
  context: SandboxContext,
  target: Record<string, unknown>,
  segments: string[],
  account: string | null,
  fullPath: string,
) {
  const [field, ...rest] = segments;
  if (field === undefined) return;
  if (Array.isArray(target)) {
    // A list's `data`: the rest of the path applies to each of its objects.
    for (const element of target) expandPath(context, element as Record<string, unknown>, segments, account, fullPath);
    return;
  }
  if (field === 'line_items' && target.object === 'checkout.session') {
    const sessionId = target.id as string;
    target.line_items = {
      object: 'list',
      data: context.store.checkoutSetup(sessionId)?.lineItems ?? [],
      has_more: false,
      url: `/v1/checkout/sessions/${sessionId}/line_items`,
    };
    return;
  }
  if (field === 'refunds' && target.object === 'charge') {
    // Since API version 2022-11-15 a charge's refunds are only there when expanded.
    const chargeId = target.id as string;
    const data = refundsOfCharge(context, chargeId, account);
    target.refunds = {
      object: 'list',
      data,
      has_more: false,
      total_count: data.length,
      url: `/v1/charges/${chargeId}/refunds`,
    };
    return;
  }
  if (field === 'payments' && target.object === 'invoice') {
    // In this API version an invoice's payments are there only when expanded (`payments` is includable).
    const invoiceId = target.id as string;
    const payment = invoicePaymentOf(context, invoiceId, account);
    const data = payment ? [payment] : [];
    target.payments = { object: 'list', data, has_more: false, url: `/v1/invoice_payments?invoice=${invoiceId}` };
    expandPath(context, target.payments as Record<string, unknown>, rest, account, fullPath);
    return;
  }
  const value = target[field];
  if (value === null) return;
  if (typeof value === 'string') {
    // A balance transaction's source may be the platform's object (the fee refund of Paylink's application fee).
    const found =
      context.store.find(value, account) ??
      (field === 'source' && target.object === 'balance_transaction' ? context.store.find(value, null) : undefined);
    if (!found) throw unexpandable(fullPath);
    const expanded = structuredClone(found);
    target[field] = expanded;
    expandPath(context, expanded, rest, account, fullPath);
    return;
  }
  if (value && typeof value === 'object' && rest.length > 0) {
    expandPath(context, value as Record<string, unknown>, rest, account, fullPath);
    return;
  }
  if (value && typeof value === 'object') return;
  throw unexpandable(fullPath);
}

function unexpandable(path: string) {
  return invalidParameter('expand', `This property cannot be expanded (${path}).`, 'parameter_unknown');
}
