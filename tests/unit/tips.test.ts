/**
 * A link's tips (docs/decisions.md #205): the server and the payer page decide each tip with `chooseTip`
 * from the link's presets and what the payer chose.
 */
import { describe, expect, it } from 'vitest';
import {
  chooseTip,
  OWN_TIP_MISSING_MESSAGE,
  ownTipRangeMessage,
  TIP_NOT_OFFERED_MESSAGE,
  TIPS_NOT_OFFERED_MESSAGE,
  tipPresetsOf,
  tipRequestOf,
} from '@shared/tips';

const PRESETS = [10, 15, 20];

describe('tip presets', () => {
  it('reads a link made before presets as its one percentage, and 0 or none as no tips', () => {
    expect(tipPresetsOf({ tipPercent: 12, tipPresets: null })).toEqual([12]);
    expect(tipPresetsOf({ tipPercent: 0, tipPresets: null })).toEqual([]);
    expect(tipPresetsOf({ tipPercent: null })).toEqual([]);
    expect(tipPresetsOf({ tipPercent: 10, tipPresets: [10, 15, 20] })).toEqual([10, 15, 20]);
  });

  it('takes each preset by its place, rounded to the cent half-up', () => {
    // $4.50: 10% = 45c, 15% = 67.5c → 68c, 20% = 90c.
    expect([0, 1, 2].map((index) => chooseTip(450, PRESETS, { tip: 'percent', tipPreset: index }, 'nzd'))).toEqual([
      { ok: true, tipCents: 45, tipPercent: 10 },
      { ok: true, tipCents: 68, tipPercent: 15 },
      { ok: true, tipCents: 90, tipPercent: 20 },
    ]);
    // A page from before presets asks 'percent' without a place: the first.
    expect(chooseTip(450, PRESETS, { tip: 'percent' }, 'nzd')).toEqual({ ok: true, tipCents: 45, tipPercent: 10 });
    expect(chooseTip(450, PRESETS, { tip: 'none' }, 'nzd')).toEqual({ ok: true, tipCents: 0, tipPercent: null });
  });

  it('refuses a preset the link does not offer', () => {
    for (const tipPreset of [3, -1, 1.5]) {
      expect(chooseTip(450, PRESETS, { tip: 'percent', tipPreset }, 'nzd')).toEqual({
        ok: false,
        message: TIP_NOT_OFFERED_MESSAGE,
      });
    }
    expect(chooseTip(450, [], { tip: 'percent', tipPreset: 0 }, 'nzd')).toEqual({
      ok: false,
      message: TIP_NOT_OFFERED_MESSAGE,
    });
  });

  it("takes the payer's own tip from one cent up to the amount itself", () => {
    expect(chooseTip(450, PRESETS, { tip: 'other', tipAmount: 1 }, 'nzd')).toEqual({
      ok: true,
      tipCents: 1,
      tipPercent: null,
    });
    expect(chooseTip(450, PRESETS, { tip: 'other', tipAmount: 450 }, 'nzd')).toMatchObject({ ok: true, tipCents: 450 });
    for (const tipAmount of [0, -5, 451]) {
      expect(chooseTip(450, PRESETS, { tip: 'other', tipAmount }, 'nzd')).toEqual({
        ok: false,
        message: 'Enter a tip from $0.01 to $4.50 (the amount itself).',
      });
    }
    expect(ownTipRangeMessage(450, 'nzd')).toBe('Enter a tip from $0.01 to $4.50 (the amount itself).');
    expect(chooseTip(450, PRESETS, { tip: 'other' }, 'nzd')).toEqual({ ok: false, message: OWN_TIP_MISSING_MESSAGE });
    expect(chooseTip(450, [], { tip: 'other', tipAmount: 50 }, 'nzd')).toEqual({
      ok: false,
      message: TIPS_NOT_OFFERED_MESSAGE,
    });
  });

  it("turns the page's radio choice and typed tip into the request", () => {
    expect(tipRequestOf('none', null)).toEqual({ tip: 'none' });
    expect(tipRequestOf('preset-2', null)).toEqual({ tip: 'percent', tipPreset: 2 });
    expect(tipRequestOf('other', 125)).toEqual({ tip: 'other', tipAmount: 125 });
    expect(tipRequestOf('other', null)).toEqual({ tip: 'other' });
  });
});
