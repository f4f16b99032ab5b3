/**
 * Checkout's `custom_fields` and `phone_number_collection`, as Stripe takes them when a session is created,
 * draws them on its hosted page, refuses a payment until the required ones are answered, and gives the
 * answers back on the session (`custom_fields[].text.value`, `.numeric.value`, `.dropdown.value`;
 * `customer_details.phone`) — so the session read and the `checkout.session.completed` event carry them.
 */
import { escapeHtml } from '@shared/escape-html';
import { listParam, optionalString, requiredString, type Params } from './form-params';
import { invalidParameter } from './stripe-error';

/** Stripe's limits: 3 fields, a label of 50 characters, 200 choices of 100 characters, 255-character answers. */
const MAX_FIELDS = 3;
const MAX_LABEL = 50;
const MAX_OPTIONS = 200;
const MAX_OPTION_LABEL = 100;
const MAX_ANSWER = 255;
const ALPHANUMERIC = /^[A-Za-z0-9]+$/;

interface Answer {
  value: string | null;
  default_value: null;
}

export interface SessionCustomField {
  key: string;
  label: { type: 'custom'; custom: string };
  optional: boolean;
  type: 'text' | 'numeric' | 'dropdown';
  text: (Answer & { maximum_length: null; minimum_length: null }) | null;
  numeric: (Answer & { maximum_length: null; minimum_length: null }) | null;
  dropdown: (Answer & { options: { label: string; value: string }[] }) | null;
}

/** `custom_fields[n][…]` as Stripe checks them. */
export function customFieldsFrom(params: Params): SessionCustomField[] {
  const entries = listParam(params, 'custom_fields');
  if (entries.length > MAX_FIELDS) {
    throw invalidParameter('custom_fields', `You can pass at most ${MAX_FIELDS} custom_fields.`);
  }
  const keys = new Set<string>();
  return entries.map((_entry, index) => {
    const prefix = `custom_fields[${index}]`;
    const key = requiredString(params, `${prefix}[key]`);
    if (!ALPHANUMERIC.test(key) || key.length > 200) {
      throw invalidParameter(`${prefix}[key]`, 'The key must be alphanumeric and at most 200 characters.');
    }
    if (keys.has(key)) throw invalidParameter(`${prefix}[key]`, 'Each custom field key must be unique.');
    keys.add(key);
    const type = requiredString(params, `${prefix}[type]`);
    if (type !== 'text' && type !== 'numeric' && type !== 'dropdown') {
      throw invalidParameter(`${prefix}[type]`, 'Invalid type: must be one of dropdown, numeric, or text.');
    }
    if (requiredString(params, `${prefix}[label][type]`) !== 'custom') {
      throw invalidParameter(`${prefix}[label][type]`, 'Invalid label type: must be custom.');
    }
    const label = requiredString(params, `${prefix}[label][custom]`);
    if (label.length > MAX_LABEL) {
      throw invalidParameter(`${prefix}[label][custom]`, `The label must be at most ${MAX_LABEL} characters.`);
    }
    const optional = optionalString(params, `${prefix}[optional]`) === 'true';
    const open = { value: null, default_value: null, maximum_length: null, minimum_length: null } as const;
    return {
      key,
      label: { type: 'custom', custom: label },
      optional,
      type,
      text: type === 'text' ? { ...open } : null,
      numeric: type === 'numeric' ? { ...open } : null,
      dropdown: type === 'dropdown' ? { value: null, default_value: null, options: optionsFrom(params, prefix) } : null,
    };
  });
}

function optionsFrom(params: Params, prefix: string) {
  const entries = listParam(params, `${prefix}[dropdown][options]`);
  if (entries.length === 0) throw invalidParameter(`${prefix}[dropdown][options]`, 'A dropdown needs options.');
  if (entries.length > MAX_OPTIONS) {
    throw invalidParameter(`${prefix}[dropdown][options]`, `A dropdown takes at most ${MAX_OPTIONS} options.`);
  }
  const values = new Set<string>();
  return entries.map((_entry, index) => {
    const at = `${prefix}[dropdown][options][${index}]`;
    const label = requiredString(params, `${at}[label]`);
    const value = requiredString(params, `${at}[value]`);
    if (label.length > MAX_OPTION_LABEL) {
      throw invalidParameter(`${at}[label]`, `An option's label must be at most ${MAX_OPTION_LABEL} characters.`);
    }
    if (!ALPHANUMERIC.test(value) || value.length > 100 || values.has(value)) {
      throw invalidParameter(`${at}[value]`, 'Option values must be unique, alphanumeric and at most 100 characters.');
    }
    values.add(value);
    return { label, value };
  });
}

/** `phone_number_collection[enabled]`. */
export function phoneCollectionFrom(params: Params) {
  return { enabled: optionalString(params, 'phone_number_collection[enabled]') === 'true' };
}

const inputName = (field: SessionCustomField) => `custom_field_${field.key}`;

/** The questions' inputs on the hosted page, with what the payer typed kept after a refusal. */
export function questionInputs(
  fields: SessionCustomField[],
  collectPhone: boolean,
  form: URLSearchParams | undefined,
): string {
  const typed = (name: string) => escapeHtml(form?.get(name) ?? '');
  const inputs = fields.map((field) => {
    const id = inputName(field);
    const label = `<label for="${id}">${escapeHtml(field.label.custom)}${field.optional ? ' (optional)' : ''}</label>`;
    const required = field.optional ? '' : ' required';
    if (field.type === 'dropdown') {
      const chosen = form?.get(id) ?? '';
      const options = field
        .dropdown!.options.map(
          (option) =>
            `<option value="${escapeHtml(option.value)}"${option.value === chosen ? ' selected' : ''}>${escapeHtml(option.label)}</option>`,
        )
        .join('');
      return `${label}<select id="${id}" name="${id}"${required}><option value="">Select an option</option>${options}</select>`;
    }
    const numeric = field.type === 'numeric' ? ' inputmode="numeric" pattern="[0-9]*"' : '';
    return `${label}<input id="${id}" name="${id}" maxlength="${MAX_ANSWER}"${numeric}${required} value="${typed(id)}">`;
  });
  if (collectPhone) {
    inputs.push(
      `<label for="phone">Phone number</label><input id="phone" name="phone" type="tel" autocomplete="tel" required value="${typed('phone')}">`,
    );
  }
  return inputs.join('\n');
}

/** The payer's phone as Stripe stores it (E.164): a New Zealand number typed from 0 gains +64. */
function phoneOf(typed: string): string | null {
  const digits = typed.replace(/[\s().-]/g, '');
  const international = digits.startsWith('0') ? `+64${digits.slice(1)}` : digits;
  return /^\+?\d{7,15}$/.test(international)
    ? international.startsWith('+')
      ? international
      : `+${international}`
    : null;
}

export type Answers = { ok: true; values: Map<string, string>; phone: string | null } | { ok: false; error: string };

/** The answers the form gives, or the first thing Checkout would refuse in words. */
export function answersFrom(fields: SessionCustomField[], collectPhone: boolean, form: URLSearchParams): Answers {
  const values = new Map<string, string>();
  for (const field of fields) {
    const value = (form.get(inputName(field)) ?? '').trim();
    const name = field.label.custom;
    if (value === '') {
      if (!field.optional) return { ok: false, error: `Complete the field “${name}”.` };
      continue;
    }
    if (value.length > MAX_ANSWER) return { ok: false, error: `“${name}” can be at most ${MAX_ANSWER} characters.` };
    if (field.type === 'numeric' && !/^\d+$/.test(value)) return { ok: false, error: `“${name}” takes digits only.` };
    if (field.type === 'dropdown' && !field.dropdown!.options.some((option) => option.value === value)) {
      return { ok: false, error: `Choose one of the options for “${name}”.` };
    }
    values.set(field.key, value);
  }
  let phone: string | null = null;
  if (collectPhone) {
    phone = phoneOf(form.get('phone') ?? '');
    if (!phone) return { ok: false, error: 'Enter your phone number.' };
  }
  return { ok: true, values, phone };
}

/** Writes the answers onto the session's fields, as a completed session carries them. */
export function recordAnswers(fields: SessionCustomField[], values: Map<string, string>) {
  for (const field of fields) {
    const part = field.text ?? field.numeric ?? field.dropdown;
    if (part) part.value = values.get(field.key) ?? null;
  }
}
