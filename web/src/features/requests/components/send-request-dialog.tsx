import { useId, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import type { PaymentLink } from '@shared/contracts/payment-links';
import {
  REMINDER_DAYS_MAX,
  REMINDER_DAYS_MIN,
  REQUEST_NOTE_MAX,
  sendPaymentRequestSchema,
  type SendPaymentRequestInput,
} from '@shared/contracts/payment-requests';
import { parseMoneyInput } from '@shared/money';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { CancelAndSubmit, DialogForm, FormDialog } from '@web/components/form-dialog';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { ApiRequestError } from '@web/lib/api-request-error';
import { formatMoney } from '@web/lib/format-money';
import { useSendRequest } from '../api/requests-api';
import { requestsStrings } from '../requests-strings';

const strings = requestsStrings.send;

type FieldName = 'title' | 'amountCents' | 'payerEmail' | 'payerName' | 'note' | 'reminderDays';
type Errors = Partial<Record<FieldName, string>>;

/**
 * "Send to a customer" (docs/decisions.md #79): for one of the merchant's links (`link`), or a one-off amount
 * when there is none. The server checks everything again; its words land on the fields they name.
 */
export function SendRequestDialog({
  link,
  open,
  onOpenChange,
}: {
  link: PaymentLink | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <FormDialog closeLabel={strings.cancel} open={open} onOpenChange={onOpenChange}>
      {(close) => <SendRequestForm link={link} onDone={close} />}
    </FormDialog>
  );
}

function SendRequestForm({ link, onDone }: { link: PaymentLink | null; onDone: () => void }) {
  const id = useId();
  const [title, setTitle] = useState('');
  const [amountText, setAmountText] = useState('');
  const [payerEmail, setPayerEmail] = useState('');
  const [payerName, setPayerName] = useState('');
  const [note, setNote] = useState('');
  const [remind, setRemind] = useState(false);
  const [reminderDays, setReminderDays] = useState('3');
  const [errors, setErrors] = useState<Errors>({});
  const send = useSendRequest();
  const asksAmount = !link || link.isOpenAmount;
  // A field's message goes once the merchant changes it, so a corrected field never reads as still wrong.
  const edited = (field: FieldName) => setErrors((current) => ({ ...current, [field]: undefined }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (send.isPending) return;
    const amountCents = amountText.trim() === '' ? null : parseMoneyInput(amountText);
    if (asksAmount && amountText.trim() !== '' && amountCents === null) {
      setErrors({ amountCents: strings.invalidAmount });
      return;
    }
    const input: SendPaymentRequestInput = {
      ...(link ? { linkId: link.linkId } : { title }),
      ...(asksAmount && { amountCents }),
      payerEmail,
      payerName,
      note,
      reminderDays: remind ? Number(reminderDays) : null,
    };
    const parsed = sendPaymentRequestSchema.safeParse(input);
    if (!parsed.success) {
      const found: Errors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as FieldName] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    send.mutate(input, {
      onSuccess: (request) => {
        toast.success(strings.sent(request.payerEmail));
        onDone();
      },
      onError: (error) => {
        const fields = error instanceof ApiRequestError ? error.fields : {};
        if (Object.keys(fields).length > 0) setErrors(fields as Errors);
        else toast.error(strings.failed, { description: error.message });
      },
    });
  }

  const ids = {
    title: `${id}-title`,
    amount: `${id}-amount`,
    email: `${id}-email`,
    name: `${id}-name`,
    note: `${id}-note`,
    remind: `${id}-remind`,
    days: `${id}-days`,
  };
  const amountHint = link ? strings.amountOptionalHint : undefined;
  return (
    <DialogForm
      title={strings.title}
      description={link ? strings.descriptionForLink(link.title) : strings.descriptionOneOff}
      onSubmit={submit}
      footer={
        <CancelAndSubmit
          cancelLabel={strings.cancel}
          onCancel={onDone}
          submitLabel={strings.submit}
          pendingLabel={strings.sending}
          pending={send.isPending}
        />
      }
    >
      {link ? null : (
        <FormField id={ids.title} label={strings.titleLabel} hint={strings.titleHint} error={errors.title}>
          <Input
            {...fieldControlProps(ids.title, { error: errors.title, hint: strings.titleHint })}
            value={title}
            maxLength={100}
            onChange={(event) => {
              setTitle(event.target.value);
              edited('title');
            }}
          />
        </FormField>
      )}
      {asksAmount ? (
        <FormField id={ids.amount} label={strings.amountLabel} hint={amountHint} error={errors.amountCents}>
          <Input
            {...fieldControlProps(ids.amount, { error: errors.amountCents, hint: amountHint })}
            inputMode="decimal"
            placeholder="0.00"
            value={amountText}
            onChange={(event) => {
              setAmountText(event.target.value);
              edited('amountCents');
            }}
          />
        </FormField>
      ) : (
        <p className="text-sm font-medium">
          {strings.amountFixed(formatMoney(link!.amountCents ?? 0, link!.currency))}
        </p>
      )}
      <FormField id={ids.email} label={strings.emailLabel} error={errors.payerEmail}>
        <Input
          {...fieldControlProps(ids.email, { error: errors.payerEmail })}
          type="email"
          autoComplete="off"
          value={payerEmail}
          onChange={(event) => {
            setPayerEmail(event.target.value);
            edited('payerEmail');
          }}
        />
      </FormField>
      <FormField id={ids.name} label={strings.nameLabel} error={errors.payerName}>
        <Input
          {...fieldControlProps(ids.name, { error: errors.payerName })}
          autoComplete="off"
          maxLength={100}
          value={payerName}
          onChange={(event) => {
            setPayerName(event.target.value);
            edited('payerName');
          }}
        />
      </FormField>
      <FormField id={ids.note} label={strings.noteLabel} hint={strings.noteHint} error={errors.note}>
        <Textarea
          {...fieldControlProps(ids.note, { error: errors.note, hint: strings.noteHint })}
          rows={3}
          maxLength={REQUEST_NOTE_MAX}
          value={note}
          onChange={(event) => {
            setNote(event.target.value);
            edited('note');
          }}
        />
      </FormField>
      <div className="flex items-center gap-3">
        <input
          id={ids.remind}
          type="checkbox"
          className="size-5 shrink-0 accent-primary"
          checked={remind}
          onChange={(event) => setRemind(event.target.checked)}
        />
        <Label htmlFor={ids.remind}>{strings.reminderLabel}</Label>
      </div>
      {remind ? (
        <FormField
          id={ids.days}
          label={strings.reminderDaysLabel}
          hint={strings.reminderHint}
          error={errors.reminderDays}
        >
          <Input
            {...fieldControlProps(ids.days, { error: errors.reminderDays, hint: strings.reminderHint })}
            type="number"
            inputMode="numeric"
            min={REMINDER_DAYS_MIN}
            max={REMINDER_DAYS_MAX}
            className="w-32"
            value={reminderDays}
            onChange={(event) => {
              setReminderDays(event.target.value);
              edited('reminderDays');
            }}
          />
        </FormField>
      ) : null}
    </DialogForm>
  );
}
