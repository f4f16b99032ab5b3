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
import { toCustomFieldInputs, type WithQuestions } from './link-questions-fields';

/** What the person types: money and percentages stay text until the shared schema checks them. */
export interface CreateLinkFormValues extends WithQuestions {
  title: string;
  description: string;
  isOpenAmount: boolean;
  amount: string;
  tipPercent: string;
  reference: string;
  /** The merchant's clock, `yyyy-MM-ddTHH:mm` (docs/decisions.md #53); empty for no expiry. */
  expiresAtLocal: string;
  expiredMessage: string;
  thankYouMessage: string;
  redirectUrl: string;
  maxPayments: string;
}

export const EMPTY_FORM: CreateLinkFormValues = {
  title: '',
  description: '',
  isOpenAmount: false,
  amount: '',
  tipPercent: '',
  reference: '',
  expiresAtLocal: '',
  expiredMessage: '',
  thankYouMessage: '',
  redirectUrl: '',
  maxPayments: '',
  questions: [],
  collectPhone: false,
};

/** The contract's field names (as the schema and the server's 400 `fields` use them) → this form's fields. */
const FORM_FIELD_OF: Record<string, keyof CreateLinkFormValues> = {
  title: 'title',
  description: 'description',
  isOpenAmount: 'isOpenAmount',
  amountCents: 'amount',
  tipPercent: 'tipPercent',
  reference: 'reference',
  expiresAtLocal: 'expiresAtLocal',
  expiredMessage: 'expiredMessage',
  thankYouMessage: 'thankYouMessage',
  redirectUrl: 'redirectUrl',
  maxPayments: 'maxPayments',
  collectPhone: 'collectPhone',
};

/**
 * A refusal's field in the form: a question's (`customFields.1.label`, `customFields.0.options.3`) lands
 * on that question's input, the list's own (too many) under the questions.
 */
export function formFieldOf(path: readonly PropertyKey[]): Path<CreateLinkFormValues> | undefined {
  if (path[0] !== 'customFields') return FORM_FIELD_OF[String(path[0])];
  const [, index, part] = path;
  if (typeof index !== 'number' && !/^\d+$/.test(String(index ?? '')))
    return 'questions.root' as Path<CreateLinkFormValues>;
  const field = part === 'type' || part === 'options' ? part : 'label';
  return `questions.${Number(index)}.${field}`;
}

/** The body of POST /api/me/links from the form: dollars become cents; text that is no number stays NaN, and fails. */
export function toCreateInput(values: CreateLinkFormValues): CreatePaymentLinkInput {
  const amountText = values.amount.trim();
  const tipText = values.tipPercent.trim();
  const limitText = values.maxPayments.trim();
  return {
    title: values.title,
    description: values.description,
    isOpenAmount: values.isOpenAmount,
    amountCents: values.isOpenAmount || amountText === '' ? null : (parseMoneyInput(amountText) ?? Number.NaN),
    tipPercent: tipText === '' ? null : Number(tipText),
    reference: values.reference,
    expiresAtLocal: values.expiresAtLocal || null,
    expiredMessage: values.expiredMessage,
    thankYouMessage: values.thankYouMessage,
    redirectUrl: values.redirectUrl,
    maxPayments: limitText === '' ? null : Number(limitText),
    customFields: toCustomFieldInputs(values.questions),
    collectPhone: values.collectPhone,
  };
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
    const field = formFieldOf(issue.path);
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  // react-hook-form's nested shape (`questions.0.label` → questions[0].label).
  return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
};
