/** What a poster or table card says about one link — the same words in the on-screen preview and in the PDF. */
import { paymentLinkUrl } from '@shared/payment-messages';
import { type PaymentLink } from '@shared/contracts/payment-links';
import type { MerchantProfile } from '@shared/contracts/merchant';
import { formatMoney } from '@web/lib/format-money';
import { printMaterialsStrings } from './print-materials-strings';

export type PrintMaterialKind = 'poster' | 'table-card';

export interface PrintMaterialContent {
  linkId: string;
  businessName: string;
  title: string;
  /** '$5.50' (en-NZ, the link's currency), or 'Open amount' (docs/decisions.md #100). */
  amountText: string;
  /** The address the QR code holds: this app's origin + /p/{id}. */
  url: string;
  /** The same address without its scheme, short enough to type from paper. */
  displayUrl: string;
}

/** The name a customer knows the business by: the company name, else the merchant's own name. */
export function businessNameOf(profile: Pick<MerchantProfile, 'companyName' | 'fullName'>): string {
  return profile.companyName?.trim() || profile.fullName;
}

export function printMaterialContent(
  link: Pick<PaymentLink, 'linkId' | 'title' | 'amountCents' | 'isOpenAmount' | 'currency'>,
  businessName: string,
  origin: string,
): PrintMaterialContent {
  const url = paymentLinkUrl(origin, link.linkId);
  return {
    linkId: link.linkId,
    businessName,
    title: link.title,
    amountText:
      link.isOpenAmount || link.amountCents === null
        ? printMaterialsStrings.material.payAnyAmount
        : formatMoney(link.amountCents, link.currency),
    url,
    displayUrl: url.replace(/^https?:\/\//, ''),
  };
}

export function printMaterialFileName(kind: PrintMaterialKind, linkId: string): string {
  return kind === 'poster' ? `paylink-poster-${linkId}.pdf` : `paylink-table-card-${linkId}.pdf`;
}
