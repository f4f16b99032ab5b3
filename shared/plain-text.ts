/**
 * Text people type — a link's title, a business name, a payer's name from Checkout — is shown to other
 * people. Characters they cannot see must not change what they read: a right-to-left override makes
 * "invoice‮fdp.exe" read as "invoiceexe.pdf", and NUL, CR/LF or other control characters break emails,
 * CSV rows and logs. Forms refuse them with a message; text from elsewhere (Stripe) is cleaned.
 */
import * as z from 'zod/mini';

/**
 * C0 and C1 control characters, DEL, and Unicode's bidirectional controls (the embeddings, overrides and
 * isolates, the Arabic letter mark, and the left-to-right and right-to-left marks).
 */
/* eslint-disable no-control-regex -- finding control characters is the point */
const HIDDEN_CONTROLS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
/* eslint-enable no-control-regex */
const HIDDEN_CONTROLS_GLOBAL = new RegExp(HIDDEN_CONTROLS.source, 'gu');
/**
 * Characters that draw nothing and carry no meaning a reader can see, so they are taken out wherever text
 * enters (issue 48, door 9): zero-width space and non-joiner, word joiner, the byte-order mark, the soft
 * hyphen, Unicode's tag characters (which can smuggle whole hidden sentences), and a zero-width joiner
 * anywhere but between two emoji (where it makes one: 👩‍🍳). They are removed rather than refused: they arrive
 * unseen in pasted text, so a person could not find them to delete.
 */
const INVISIBLE_CHARACTERS =
  /[\u00AD\u200B\u200C\u2060\uFEFF\u{E0000}-\u{E007F}]|(?<!\p{Extended_Pictographic}\uFE0F?)\u200D|\u200D(?!\p{Extended_Pictographic})/gu;

/** The text without the invisible characters above. */
export function withoutInvisibleCharacters(text: string): string {
  return text.replace(INVISIBLE_CHARACTERS, '');
}
/** Line breaks and tabs: only multi-line text (a description) may hold them. */
const LINE_CONTROLS = /[\t\n\r]/u;

export const HIDDEN_CHARACTERS_MESSAGE = 'Please remove hidden formatting or control characters';

/** True when the text holds nothing a reader cannot see (line breaks allowed only when `multiline`). */
export function isPlainText(text: string, options: { multiline?: boolean } = {}): boolean {
  return !HIDDEN_CONTROLS.test(text) && (options.multiline === true || !LINE_CONTROLS.test(text));
}

/** The text without hidden controls, line breaks as spaces: for text Paylink did not take from a form. */
export function withoutHiddenControls(text: string): string;
export function withoutHiddenControls(text: string | null | undefined): string | null;
export function withoutHiddenControls(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  return withoutInvisibleCharacters(text)
    .replace(HIDDEN_CONTROLS_GLOBAL, '')
    .replace(/[\t\n\r]+/gu, ' ');
}

/** A one-line text field, invisible characters taken out, trimmed, that refuses hidden controls in words. */
export const plainTextSchema = (options: { multiline?: boolean } = {}) =>
  z.string().check(
    z.overwrite(withoutInvisibleCharacters),
    z.trim(),
    z.refine((text) => isPlainText(text, options), HIDDEN_CHARACTERS_MESSAGE),
  );
