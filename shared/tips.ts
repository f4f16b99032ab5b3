/**
 * A link's tips (docs/decisions.md #205): up to three percentage presets the merchant chose, and the payer's
 * own amount ("Other"). The server decides every tip from the stored link and what the payer chose; the payer
 * page shows the same figures from the same functions. No schema library: the payer's bundle stays small.
 */
import { formatMoney, tipCents } from './money';

/** At most this many percentages on one link: a phone shows them, No Tip and Other without scrolling. */
export const MAX_TIP_PRESETS = 3;
/** What Create Link offers when the merchant turns tips on. */
export const DEFAULT_TIP_PRESETS: readonly number[] = [10, 15, 20];

/** The presets a link offers: its list, or for a link made before presets its one percentage (0 is none). */
export function tipPresetsOf(link: { tipPercent: number | null; tipPresets?: readonly number[] | null }): number[] {
  if (link.tipPresets) return [...link.tipPresets];
  return link.tipPercent ? [link.tipPercent] : [];
}

/**
 * What the payer chose, as POST /api/checkout carries it: `percent` with the preset's place in the list
 * (`tipPreset`, 0 when absent, as pages from before presets send it), or `other` with their amount in cents.
 */
export interface TipRequest {
  tip: 'none' | 'percent' | 'other';
  tipPreset?: number;
  tipAmount?: number;
}

/** The most a typed tip may be: the amount it tips on, so a slip of the thumb cannot double the bill ten times. */
export function maxOwnTipCents(baseCents: number): number {
  return baseCents;
}

export const TIP_NOT_OFFERED_MESSAGE = 'This tip is not one the link offers. Choose another tip or No Tip.';
export const TIPS_NOT_OFFERED_MESSAGE = 'This link does not take tips.';
export const OWN_TIP_MISSING_MESSAGE = 'Enter your tip, or choose another tip.';
export const ownTipRangeMessage = (baseCents: number, currency: string) =>
  `Enter a tip from ${formatMoney(1, currency)} to ${formatMoney(maxOwnTipCents(baseCents), currency)} (the amount itself).`;

export type TipOutcome =
  | {
      ok: true;
      tipCents: number;
      /** The preset's percentage; null for no tip or the payer's own amount. */ tipPercent: number | null;
    }
  | { ok: false; message: string };

/** The tip, in cents, for what the payer chose on a link offering `presets`, or why it cannot be taken. */
export function chooseTip(
  baseCents: number,
  presets: readonly number[],
  choice: TipRequest,
  currency: string,
): TipOutcome {
  if (choice.tip === 'none') return { ok: true, tipCents: 0, tipPercent: null };
  if (choice.tip === 'percent') {
    // A page from before presets asks 'percent' alone of any link; a link without tips took it as no tip.
    if (choice.tipPreset === undefined && presets.length === 0) return { ok: true, tipCents: 0, tipPercent: null };
    const percent = presets[choice.tipPreset ?? 0];
    if (percent === undefined) return { ok: false, message: TIP_NOT_OFFERED_MESSAGE };
    return { ok: true, tipCents: tipCents(baseCents, percent), tipPercent: percent };
  }
  if (presets.length === 0) return { ok: false, message: TIPS_NOT_OFFERED_MESSAGE };
  if (choice.tipAmount === undefined) return { ok: false, message: OWN_TIP_MISSING_MESSAGE };
  if (choice.tipAmount < 1 || choice.tipAmount > maxOwnTipCents(baseCents)) {
    return { ok: false, message: ownTipRangeMessage(baseCents, currency) };
  }
  return { ok: true, tipCents: choice.tipAmount, tipPercent: null };
}

/** The payer page's radio values: No Tip, a preset by its place, or Other. */
export type TipOption = 'none' | `preset-${number}` | 'other';

/** The page's radio choice and typed tip as the request the server decides from (the typed text as cents, or absent). */
export function tipRequestOf(option: TipOption, ownTipCents: number | null): TipRequest {
  if (option === 'none') return { tip: 'none' };
  if (option === 'other') return { tip: 'other', ...(ownTipCents !== null && { tipAmount: ownTipCents }) };
  return { tip: 'percent', tipPreset: Number(option.slice('preset-'.length)) };
}

/** The tip's line on Checkout and in Stripe: `Tip (15%)` for a preset, `Tip` for the payer's own amount. */
export function tipLineName(tipPercent: number | null): string {
  return tipPercent === null ? 'Tip' : `Tip (${tipPercent}%)`;
}
