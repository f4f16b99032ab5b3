/**
 * The settings a link keeps after creation (limit, reference, thank-you, redirect) as a form holds them:
 * text, so the Create Link form and Edit link settings show and send them alike. Which fields they are comes
 * from the link's record (`LINK_SETTINGS_FIELDS`, docs/decisions.md #140), which the contract checks too.
 */
import type { UpdateLinkSettingsInput } from '@shared/contracts/payment-links';
import { LINK_SETTINGS_FIELDS, type LinkSettingsField, type PaymentLinkFields } from '@shared/payment-link-record';

export type LinkSettingsText = Record<LinkSettingsField, string>;

/** A link's settings as the form shows them: none is empty, a limit its digits. */
export function linkSettingsText(link: Pick<PaymentLinkFields, LinkSettingsField>): LinkSettingsText {
  return Object.fromEntries(
    LINK_SETTINGS_FIELDS.map((field) => [field, link[field] == null ? '' : String(link[field])]),
  ) as LinkSettingsText;
}

/** The settings the form's text gives, for the shared schema to check: a limit that is no number stays NaN, and fails. */
export function linkSettingsInput(text: LinkSettingsText): UpdateLinkSettingsInput {
  const given = Object.fromEntries(LINK_SETTINGS_FIELDS.map((field) => [field, text[field]])) as LinkSettingsText;
  const limitText = given.maxPayments.trim();
  return { ...given, maxPayments: limitText === '' ? null : Number(limitText) };
}
