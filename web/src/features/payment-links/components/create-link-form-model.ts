/**
 * The Create Link form's model: its values as typed, the empty form, how they become the contract's body,
 * and the resolver that checks them with the server's own schema (messages on their fields).
 */
import type { FieldErrors, Path, Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import {
  createPaymentLinkSchema,
  type CreatePaymentLink,
  type CreatePaymentLinkInput,
} from '@shared/contracts/payment-links';
import { parseMoneyInput } from '@shared/money';
import { paymentLinkDefaults } from '@shared/payment-link-record';
import { MAX_REPEAT_PAYMENTS, type RepeatEvery } from '@shared/recurring';
import { toCustomFieldInputs, type WithQuestions } from './link-questions-fields';
import { linkSettingsInput, linkSettingsText, type LinkSettingsText } from './link-settings-text';
import { filledTipPlaces, TIP_FORM_DEFAULTS, toTipPresetsInput, type WithTips } from './link-tip-fields';

/** What the person types: money and percentages stay text until the shared schema checks them. */
export interface CreateLinkFormValues extends WithQuestions, LinkSettingsText, WithTips {
  title: string;
  description: string;
  isOpenAmount: boolean;
  amount: string;
  /** The merchant's clock, `yyyy-MM-ddTHH:mm` (docs/decisions.md #53); empty for no expiry. */
  expiresAtLocal: string;
  expiredMessage: string;
  /** "Repeat": '' for a one-off link, else how often (docs/decisions.md #154); the count stays text. */
  repeatEvery: '' | RepeatEvery;
  repeatPayments: string;
}

/** A new link's fields as a stored row lacking them reads (shared/payment-link-record.ts), as form text. */
const linkDefaults = paymentLinkDefaults();

export const EMPTY_FORM: CreateLinkFormValues = {
  title: '',
  description: '',
  isOpenAmount: false,
  amount: '',
  ...TIP_FORM_DEFAULTS,
  expiresAtLocal: '',
  expiredMessage: linkDefaults.expiredMessage ?? '',
  repeatEvery: '',
  repeatPayments: '',
  ...linkSettingsText(linkDefaults),
  questions: [],
  collectPhone: linkDefaults.collectPhone,
};

/**
 * A refusal's field in the form: a question's (`customFields.1.label`, `customFields.0.options.3`) lands
 * on that question's input, the list's own (too many) under the questions.
 */
export function formFieldOf(
  path: readonly PropertyKey[],
  values?: CreateLinkFormValues,
): Path<CreateLinkFormValues> | undefined {
  // Every field the form holds answers to the contract's name for it; only the amount is named otherwise.
  if (path[0] === 'amountCents') return 'amount';
  if (path[0] === 'tipPresets') {
    // The contract's list holds only the boxes filled in: its index is the nth of those.
    const place = values && /^\d+$/.test(String(path[1] ?? '')) ? filledTipPlaces(values)[Number(path[1])] : undefined;
    return place === undefined ? 'tipPresets' : `tipPresets.${place}`;
  }
  if (path[0] === 'repeat') return path[1] === 'payments' ? 'repeatPayments' : 'repeatEvery';
  if (path[0] !== 'customFields') {
    const field = String(path[0]);
    return field in EMPTY_FORM && field !== 'questions' ? (field as keyof CreateLinkFormValues) : undefined;
  }
  const [, index, part] = path;
  if (typeof index !== 'number' && !/^\d+$/.test(String(index ?? '')))
    return 'questions.root' as Path<CreateLinkFormValues>;
  const field = part === 'type' || part === 'options' ? part : 'label';
  return `questions.${Number(index)}.${field}`;
}

/** The body of POST /api/me/links from the form: dollars become cents; text that is no number stays NaN, and fails. */
export function toCreateInput(values: CreateLinkFormValues): CreatePaymentLinkInput {
  const amountText = values.amount.trim();
  return {
    title: values.title,
    description: values.description,
    isOpenAmount: values.isOpenAmount,
    amountCents: values.isOpenAmount || amountText === '' ? null : (parseMoneyInput(amountText) ?? Number.NaN),
    tipPresets: toTipPresetsInput(values),
    expiresAtLocal: values.expiresAtLocal || null,
    expiredMessage: values.expiredMessage,
    ...linkSettingsInput(values),
    customFields: toCustomFieldInputs(values.questions),
    collectPhone: values.collectPhone,
    repeat: values.repeatEvery ? { every: values.repeatEvery, payments: countOf(values.repeatPayments) } : null,
  };
}

/** The number of payments as typed: empty for until cancelled; text that is no number stays NaN, and fails. */
function countOf(text: string): number | null {
  return text.trim() === '' ? null : Number(text.trim());
}

/** The number of payments the Repeat hint can name: a whole number the form accepts, else none (until cancelled). */
export function plannedPayments(text: string | undefined): number | null {
  const count = countOf(text ?? '');
  return count !== null && Number.isInteger(count) && count >= 2 && count <= MAX_REPEAT_PAYMENTS ? count : null;
}

/** The shared createPaymentLinkSchema decides, exactly as the server will; its messages land on their fields. */
export const createLinkResolver: Resolver<CreateLinkFormValues, unknown, CreatePaymentLink> = (
  values,
  _context,
  options,
) => {
  const parsed = createPaymentLinkSchema.safeParse(toCreateInput(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path, values);
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  // react-hook-form's nested shape (`questions.0.label` → questions[0].label).
  return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
};
