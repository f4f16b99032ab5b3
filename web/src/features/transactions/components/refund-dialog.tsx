import { Undo2 } from 'lucide-react';
import { useId, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import {
  REFUND_AMOUNT_MESSAGE,
  REFUND_REASONS,
  type PaymentDetail,
  type RefundReason,
} from '@shared/contracts/payments';
import { centsToInputText, parseMoneyInput } from '@shared/money';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { CancelAndSubmit, DialogForm, FormDialog } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import { ApiRequestError } from '@web/lib/api-request-error';
import { formatMoney } from '@web/lib/format-money';
import { refundMutationKey, useRefundPayment } from '../api/transactions-api';
import { useRefundDraft, type RefundDraft } from '../hooks/refund-drafts';
import { useMutationInFlight } from '../hooks/use-mutation-in-flight';
import { transactionsStrings } from '../transactions-strings';

const strings = transactionsStrings.refund;

type RefundablePayment = Pick<PaymentDetail, 'paymentId' | 'currency' | 'totalCents' | 'refundableCents'>;

/**
 * 'Refund' and its dialog (docs/decisions.md #19): the amount prefilled to what remains refundable, a reason,
 * and a confirm button that states the amount. Each opening starts a new draft, one refund the merchant means
 * to make, with one idempotency key. The draft is kept by the list (RefundDraftsProvider), so a redraw of the
 * list's rows keeps the dialog open with what was typed (docs/decisions.md #296).
 */
export function RefundButton({ payment }: { payment: RefundablePayment }) {
  const { draft, start, edit } = useRefundDraft(payment.paymentId);
  return (
    <FormDialog
      closeLabel={strings.cancel}
      trigger={
        <Button variant="outline">
          <Undo2 aria-hidden="true" />
          {strings.button}
        </Button>
      }
      open={draft?.open ?? false}
      onOpenChange={(open) => (open ? start(newDraft(payment)) : edit({ open: false }))}
    >
      {(close) => (draft ? <RefundForm payment={payment} draft={draft} edit={edit} onDone={close} /> : null)}
    </FormDialog>
  );
}

function newDraft(payment: RefundablePayment): RefundDraft {
  return {
    open: true,
    amountText: centsToInputText(payment.refundableCents),
    reason: 'requested_by_customer',
    idempotencyKey: crypto.randomUUID(),
  };
}

/** The amount typed, as cents, or the words saying why it cannot be refunded. */
function checkAmount(text: string, refundableCents: number, currency: string): number | string {
  const cents = parseMoneyInput(text);
  if (cents === null) return strings.invalidAmount;
  if (cents <= 0) return REFUND_AMOUNT_MESSAGE;
  if (cents > refundableCents) return strings.tooMuch(formatMoney(refundableCents, currency));
  return cents;
}

function RefundForm({
  payment,
  draft,
  edit,
  onDone,
}: {
  payment: RefundablePayment;
  draft: RefundDraft;
  edit: (changes: Partial<RefundDraft>) => void;
  onDone: () => void;
}) {
  const id = useId();
  const { amountText, reason, amountError, idempotencyKey } = draft;
  // The answer is handled by the mutation itself, through the draft, so it lands in whichever form is drawn then.
  const refund = useRefundPayment(payment.paymentId, {
    onRefunded: () => edit({ open: false }),
    onRefused: (error) => {
      const fieldMessage = error instanceof ApiRequestError ? error.fields.amountCents : undefined;
      // A refusal that did arrive (a 4xx) refunded nothing, so the next attempt — perhaps with another amount —
      // is a new request with a new key (Stripe would otherwise answer the same refusal, or an idempotency
      // conflict). An answer that never arrived keeps the key: the retry refunds once.
      if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
        edit({ idempotencyKey: crypto.randomUUID(), ...(fieldMessage ? { amountError: fieldMessage } : {}) });
      }
      // A refusal about the amount shows under the amount field, as the form's own check would.
      if (!fieldMessage) toast.error(strings.failed, { description: error.message });
    },
  });
  // Pending while any refund of this payment is in flight, including one sent before the form was drawn again;
  // a double click's second submit, before the form has drawn itself pending, would toast the refund twice.
  const { inFlight: pending, inFlightNow } = useMutationInFlight(refundMutationKey(payment.paymentId));
  const money = (cents: number) => formatMoney(cents, payment.currency);

  const checked = checkAmount(amountText, payment.refundableCents, payment.currency);
  const amountId = `${id}-amount`;
  const reasonId = `${id}-reason`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (inFlightNow()) return;
    if (typeof checked === 'string') {
      edit({ amountError: checked });
      return;
    }
    edit({ amountError: undefined });
    refund.mutate({ request: { amountCents: checked, reason }, idempotencyKey });
  }

  return (
    <DialogForm
      title={strings.title}
      description={strings.description(money(payment.refundableCents), money(payment.totalCents))}
      onSubmit={submit}
      footer={
        <CancelAndSubmit
          cancelLabel={strings.cancel}
          onCancel={onDone}
          submitLabel={typeof checked === 'number' ? strings.confirm(money(checked)) : strings.confirmPlain}
          pendingLabel={strings.refunding}
          pending={pending}
          destructive
        />
      }
    >
      <FormField
        id={amountId}
        label={strings.amount}
        hint={strings.amountHint(money(payment.refundableCents))}
        error={amountError}
      >
        <Input
          {...fieldControlProps(amountId, {
            error: amountError,
            hint: strings.amountHint(money(payment.refundableCents)),
          })}
          inputMode="decimal"
          autoComplete="off"
          value={amountText}
          onChange={(event) => edit({ amountText: event.target.value, amountError: undefined })}
        />
      </FormField>
      <FormField id={reasonId} label={strings.reason}>
        <NativeSelect
          id={reasonId}
          value={reason}
          onChange={(event) => edit({ reason: event.target.value as RefundReason })}
        >
          {REFUND_REASONS.map((value) => (
            <option key={value} value={value}>
              {strings.reasons[value]}
            </option>
          ))}
        </NativeSelect>
      </FormField>
    </DialogForm>
  );
}
