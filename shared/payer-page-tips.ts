/**
 * The payer page's tips (docs/decisions.md #205): one radio group — No Tip, each of the link's presets with
 * what it adds, and Other, whose field shows once chosen. A part of shared/payer-page-markup.ts's one tree.
 */
import { h } from './markup';
import { payerInput } from './payer-page-look';
import type { PublicPaymentLink } from './contracts/payment-links';
import { PAYER_PAGE_WORDS as words } from './payer-page-words';
import { tipPresetsOf, type TipOption } from './tips';

export const PAY_OWN_TIP_ID = 'pay-own-tip';
const PAY_OWN_TIP_ERROR_ID = 'pay-own-tip-error';

/** What the tips draw from the payment form's view (shared/payer-page-markup.ts's `PaymentFormView`). */
export interface TipsView {
  link: PublicPaymentLink;
  tip: TipOption;
  ownTipText: string;
  ownTipError: string | null;
  interactive: boolean;
  on?: { tip: (choice: TipOption) => void; ownTipInput: (text: string) => void };
}

/** The tip fieldset, or null for a link without tips. `presetTipCents`: each preset's tip, null until there is an amount. */
export function tipFieldset(
  view: TipsView,
  presetTipCents: readonly (number | null)[],
  money: (cents: number) => string,
) {
  const { link, tip, on } = view;
  const presets = tipPresetsOf(link);
  if (presets.length === 0) return null;
  const disabled = !view.interactive;
  const tipChoice = (choice: TipOption, label: string) =>
    h(
      'label',
      {
        className:
          'flex min-h-14 cursor-pointer items-center gap-3 rounded-lg border border-input bg-background px-4 text-base font-medium transition-colors has-checked:border-primary has-checked:bg-primary-soft has-checked:text-primary-hover',
      },
      h('input', {
        type: 'radio',
        name: 'pay-tip',
        value: choice,
        checked: tip === choice,
        onChange: on && (() => on.tip(choice)),
        disabled,
        className: 'size-5 shrink-0 accent-primary',
      }),
      label,
    );
  const error = view.ownTipError;
  // Drawn only once the payer chose Other, which only the script can do: the server's HTML never has it.
  const ownTip =
    tip === 'other'
      ? h(
          'div',
          { className: 'flex flex-col gap-2' },
          h('label', { htmlFor: PAY_OWN_TIP_ID, className: 'text-sm font-medium' }, words.ownTipLabel(link.currency)),
          h('input', {
            id: PAY_OWN_TIP_ID,
            type: 'number',
            inputMode: 'decimal',
            step: '0.01',
            min: '0',
            placeholder: '0.00',
            autoComplete: 'off',
            value: view.ownTipText,
            onChange: on && ((event: { target: { value: string } }) => on.ownTipInput(event.target.value)),
            disabled,
            'aria-invalid': error ? true : undefined,
            'aria-describedby': error ? PAY_OWN_TIP_ERROR_ID : undefined,
            className: `h-12 text-lg font-semibold tabular-nums ${payerInput}`,
          }),
          error &&
            h(
              'p',
              { id: PAY_OWN_TIP_ERROR_ID, role: 'alert', className: 'text-sm font-medium text-destructive' },
              error,
            ),
        )
      : null;
  return h(
    'fieldset',
    { className: 'flex flex-col gap-2' },
    h('legend', { className: 'mb-2 text-sm font-medium' }, words.tipLegend),
    h(
      'div',
      { className: 'grid grid-cols-2 gap-3' },
      tipChoice('none', words.noTip),
      ...presets.map((percent, index) => {
        const cents = presetTipCents[index];
        return tipChoice(`preset-${index}`, words.tipOption(percent, cents == null ? undefined : money(cents)));
      }),
      tipChoice('other', words.ownTip),
    ),
    ownTip,
  );
}
