/**
 * A payment request's email and its reminder (docs/decisions.md #79, #81), in the business's voice (#173) and
 * unable to carry a working link of the merchant's (#174): the note's URLs are defused, and every one carries
 * List-Unsubscribe with RFC 8058's one-click POST and a link to report it (#175).
 */
import { AMOUNT_WORDS } from '@shared/amount-words';
import { BRAND_NAME } from '@shared/brand';
import { formatMoney } from '@shared/money';
import { MAIL_TAGS } from '@shared/contracts/email-feedback';
import { endOfSentence } from '@shared/sentence-end';
import { businessNameOf, contactOf, safeDisplayName, senderOf } from './business-voice';
import { defusedText } from './defused-text';
import { email, type Email } from './emails';
import type { MerchantRecord } from './merchants';
import type { PaymentRequestRecord } from './payment-requests';

/** Where a request's recipient stops this business's requests, or reports the email (`#report` on the page). */
export function requestEmailAddresses(appOrigin: string, requestId: string) {
  const page = `${appOrigin}/unsubscribe/${encodeURIComponent(requestId)}`;
  return {
    /** The page a person opens: it asks before doing anything, so a link scanner's GET changes nothing. */
    unsubscribePage: page,
    reportPage: `${page}#report`,
    /** RFC 8058's one-click target: a POST of `List-Unsubscribe=One-Click` unsubscribes at once. */
    oneClick: `${appOrigin}/api/requests/${encodeURIComponent(requestId)}/unsubscribe`,
  };
}

/** The footer's contact line, under the business's name as the request shows it. */
function contactInRequest(merchant: MerchantRecord, businessName: string) {
  const contact = contactOf(merchant);
  return contact && { ...contact, name: businessName };
}

/** A merchant's payment request to one payer, or its one reminder: what, how much, the note, one Pay button. */
export function requestEmail(
  request: PaymentRequestRecord,
  merchant: MerchantRecord,
  reminder: boolean,
  appOrigin: string,
): Email {
  // The business's name is typed by the merchant as the note is, and shown six times: defused alike (docs/decisions.md #174, #240).
  const businessName = defusedText(businessNameOf(merchant));
  const amount = request.amountCents === null ? null : formatMoney(request.amountCents, request.currency);
  const title = defusedText(request.title);
  const payerName = request.payerName && defusedText(request.payerName);
  const note = request.note && defusedText(request.note);
  const what = amount ? `${amount} for ${title}` : title;
  const addresses = requestEmailAddresses(appOrigin, request.requestId);
  const message = email(
    reminder ? `Reminder: ${businessName} is waiting for your payment` : `${businessName} sent you a payment request`,
    reminder ? `A reminder from ${businessName}` : `Payment request from ${businessName}`,
    [
      payerName ? `Kia ora ${payerName},` : 'Kia ora,',
      reminder
        ? `${businessName} asked you to pay ${what}, and has not received it yet.`
        : `${businessName} asks you to pay ${endOfSentence(what)}`,
      ...(note ? [`Note from ${businessName}: ${note}`] : []),
    ],
    {
      rows: [
        ['For', title],
        [AMOUNT_WORDS.amount, amount ?? AMOUNT_WORDS.openAmount],
      ],
      action: { label: amount ? `Pay ${amount}` : 'Pay now', url: request.payUrl },
      contact: contactInRequest(merchant, businessName),
      footerLinks: [
        { label: `Stop payment requests from ${businessName}`, url: addresses.unsubscribePage },
        { label: 'Report this email as suspicious', url: addresses.reportPage },
      ],
    },
    `${BRAND_NAME} sent this request for ${endOfSentence(businessName)} If you have paid already, or don't know them, ignore it.`,
  );
  const sender = senderOf(merchant);
  return {
    ...message,
    ...(sender && { sender: { ...sender, displayName: safeDisplayName(businessName) ?? sender.displayName } }),
    // A bounce or complaint comes back with these, so it reaches this business's suppression list (#201).
    tags: [
      { name: MAIL_TAGS.merchant, value: request.merchantId },
      { name: MAIL_TAGS.request, value: request.requestId },
    ],
    // Only an absolute https (or the local runtime's http) address is any use in a header (RFC 8058 §3.1).
    ...(/^https?:\/\//.test(addresses.oneClick) && {
      headers: [
        { name: 'List-Unsubscribe', value: `<${addresses.oneClick}>` },
        { name: 'List-Unsubscribe-Post', value: 'List-Unsubscribe=One-Click' },
      ],
    }),
  };
}
