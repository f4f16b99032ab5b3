import { CalendarClock } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { DEFAULT_TIME_ZONE } from '@shared/brand';
import { LINK_EXPIRED_MESSAGE_MAX, updateLinkExpirySchema, type PaymentLink } from '@shared/contracts/payment-links';
import { wallClockOf } from '@shared/wall-clock';
import { DateTimeInput } from '@web/components/date-time-input';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { CancelAndSubmit, DialogForm, FormDialog } from '@web/components/form-dialog';
import { Button } from '@web/components/ui/button';
import { Textarea } from '@web/components/ui/textarea';
import { ApiRequestError } from '@web/lib/api-request-error';
import { useMerchantProfile } from '@web/lib/merchant-profile';
import { useSetPaymentLinkExpiry } from '../api/payment-links-api';
import { paymentLinksStrings } from '../payment-links-strings';

const strings = paymentLinksStrings.expiry;

/** Edit expiry on one link (docs/decisions.md #53): the time on the merchant's own clock, and the words after it. */
export function EditExpiryButton({ link }: { link: PaymentLink }) {
  return (
    <FormDialog
      closeLabel={strings.cancel}
      trigger={
        <Button variant="outline" size="sm" aria-label={`${paymentLinksStrings.manage.editExpiry}: ${link.title}`}>
          <CalendarClock aria-hidden="true" />
          {paymentLinksStrings.manage.editExpiry}
        </Button>
      }
    >
      {(close) => <EditExpiryForm link={link} onDone={close} />}
    </FormDialog>
  );
}

function EditExpiryForm({ link, onDone }: { link: PaymentLink; onDone: () => void }) {
  const id = useId();
  const timeZone = useMerchantProfile().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const [expiresAtLocal, setExpiresAtLocal] = useState(() =>
    link.expiresAt ? wallClockOf(link.expiresAt, timeZone) : '',
  );
  const [message, setMessage] = useState(link.expiredMessage ?? '');
  const [errors, setErrors] = useState<{ expiresAtLocal?: string; expiredMessage?: string }>({});
  const save = useSetPaymentLinkExpiry();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = updateLinkExpirySchema.safeParse({
      expiresAtLocal: expiresAtLocal || null,
      expiredMessage: message,
    });
    if (!parsed.success) {
      const found: typeof errors = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as keyof typeof errors;
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { linkId: link.linkId, expiry: parsed.data },
      {
        onSuccess: () => {
          toast.success(strings.saved);
          onDone();
        },
        onError: (error) => {
          const fields = error instanceof ApiRequestError ? error.fields : {};
          if (fields.expiresAtLocal || fields.expiredMessage) {
            setErrors({ expiresAtLocal: fields.expiresAtLocal, expiredMessage: fields.expiredMessage });
          } else {
            toast.error(strings.failed, { description: error.message });
          }
        },
      },
    );
  }

  const whenId = `${id}-when`;
  const messageId = `${id}-message`;
  return (
    <DialogForm
      title={strings.title}
      description={strings.description(link.title)}
      onSubmit={submit}
      footer={
        <>
          {expiresAtLocal ? (
            <Button type="button" variant="ghost" onClick={() => setExpiresAtLocal('')} disabled={save.isPending}>
              {strings.clear}
            </Button>
          ) : null}
          <CancelAndSubmit
            cancelLabel={strings.cancel}
            onCancel={onDone}
            submitLabel={strings.save}
            pendingLabel={strings.saving}
            pending={save.isPending}
          />
        </>
      }
    >
      <FormField
        id={whenId}
        label={strings.expiresLabel}
        hint={strings.expiresHint(timeZone)}
        error={errors.expiresAtLocal}
      >
        <DateTimeInput
          {...fieldControlProps(whenId, { error: errors.expiresAtLocal, hint: strings.expiresHint(timeZone) })}
          labels={strings.picker}
          value={expiresAtLocal}
          onChange={setExpiresAtLocal}
          earliestDay={new Date()}
        />
      </FormField>
      <FormField id={messageId} label={strings.messageLabel} hint={strings.messageHint} error={errors.expiredMessage}>
        <Textarea
          {...fieldControlProps(messageId, { error: errors.expiredMessage, hint: strings.messageHint })}
          rows={3}
          maxLength={LINK_EXPIRED_MESSAGE_MAX}
          value={message}
          onChange={(event) => setMessage(event.target.value)}
        />
      </FormField>
    </DialogForm>
  );
}
