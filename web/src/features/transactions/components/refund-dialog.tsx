import { Undo2 } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
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
import { useRefundPayment } from '../api/transactions-api';
import { transactionsStrings } from '../transactions-strings';

const strings = transactionsStrings.refund;

type RefundablePayment = Pick<PaymentDetail, 'paymentId' | 'currency' | 'totalCents' | 'refundableCents'>;

/**
 * 'Refund' and its dialog (docs/decisions.md #19): the amount prefilled to what remains refundable, a reason,
 * and a confirm button that states the amount. The form mounts each time the dialog opens, so every
 * opening is one refund the merchant means to make, with one idempotency key.
 */
export function RefundButton({ payment }: { payment: RefundablePayment }) {
  return (
    <FormDialog
      closeLabel={strings.cancel}
      trigger={
        <Button variant="outline">
          <Undo2 aria-hidden="true" />
          {strings.button}
        </Button>
      }
    >
      {(close) => <RefundForm payment={payment} onDone={close} />}
    </FormDialog>
  );
}

/** The amount typed, as cents, or the words saying why it cannot be refunded. */
function checkAmount(text: string, refundableCents: number, currency: string): number | string {
  const cents = parseMoneyInput(text);
  if (cents === null) return strings.invalidAmount;
  if (cents <= 0) return REFUND_AMOUNT_MESSAGE;
  if (cents > refundableCents) return strings.tooMuch(formatMoney(refundableCents, currency));
  return cents;
}

function RefundForm({ payment, onDone }: { payment: RefundablePayment; onDone: () => void }) {
  const id = useId();
  // Made once per opening and sent with every attempt from it: a double click, or a retry after an
  // answer that never arrived, refunds once (the server and Stripe both key the refund on it). A refusal
  // that did arrive (a 4xx) refunded nothing, so the next attempt — perhaps with another amount — is a new
  // request with a new key (Stripe would otherwise answer the same refusal, or an idempotency conflict).
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [amountText, setAmountText] = useState(() => centsToInputText(payment.refundableCents));
  const [reason, setReason] = useState<RefundReason>('requested_by_customer');
  const [amountError, setAmountError] = useState<string | undefined>();
  const refund = useRefundPayment(payment.paymentId);
  // Taken as the submit is, not at the next render: a double click's second submit can come before the form
  // has drawn itself pending (react-query tells the form a task later), and would toast the refund twice.
  const submitting = useRef(false);
  const money = (cents: number) => formatMoney(cents, payment.currency);

  const checked = checkAmount(amountText, payment.refundableCents, payment.currency);
  const amountId = `${id}-amount`;
  const reasonId = `${id}-reason`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (submitting.current) return;
    if (typeof checked === 'string') {
      setAmountError(checked);
      return;
    }
    setAmountError(undefined);
    submitting.current = true;
    refund.mutate(
      { request: { amountCents: checked, reason }, idempotencyKey },
      {
        onSettled: () => {
          submitting.current = false;
        },
        // The toast is the mutation's own (it outlives this form); a partial refund leaves the button, so close.
        onSuccess: onDone,
        onError: (error) => {
          if (error instanceof ApiRequestError && error.status >= 400 && error.status < 500) {
            setIdempotencyKey(crypto.randomUUID());
          }
          // A refusal about the amount shows under the amount field, as the form's own check would.
          const fieldMessage = error instanceof ApiRequestError ? error.fields.amountCents : undefined;
          if (fieldMessage) setAmountError(fieldMessage);
          else toast.error(strings.failed, { description: error.message });
        },
      },
    );
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
          pending={refund.isPending}
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
          onChange={(event) => {
            setAmountText(event.target.value);
            setAmountError(undefined);
          }}
        />
      </FormField>
      <FormField id={reasonId} label={strings.reason}>
        <NativeSelect id={reasonId} value={reason} onChange={(event) => setReason(event.target.value as RefundReason)}>
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
