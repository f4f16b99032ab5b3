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
  return text.replace(HIDDEN_CONTROLS_GLOBAL, '').replace(/[\t\n\r]+/gu, ' ');
}

/** A one-line text field, trimmed, that refuses hidden characters in words. */
export const plainTextSchema = (options: { multiline?: boolean } = {}) =>
  z.string().check(
    z.trim(),
    z.refine((text) => isPlainText(text, options), HIDDEN_CHARACTERS_MESSAGE),
  );
