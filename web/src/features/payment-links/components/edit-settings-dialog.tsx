import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { toast } from '@web/lib/toast';
import {
  LINK_REDIRECT_URL_MAX,
  LINK_REFERENCE_MAX,
  LINK_THANK_YOU_MAX,
  updateLinkSettingsSchema,
  type PaymentLink,
} from '@shared/contracts/payment-links';
import { LINK_SETTINGS_FIELDS, type LinkSettingsField } from '@shared/payment-link-record';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { CancelAndSubmit, DialogForm, FormDialog } from '@web/components/form-dialog';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { ApiRequestError } from '@web/lib/api-request-error';
import { useSetPaymentLinkSettings } from '@web/lib/payment-links-api';
import { GstTreatmentField, useOffersGstChoice } from './gst-treatment-field';
import { paymentLinksStrings } from '../payment-links-strings';
import { linkSettingsInput, linkSettingsText } from './link-settings-text';

const strings = paymentLinksStrings.settings;

type SettingsErrors = Partial<Record<LinkSettingsField, string>>;

/**
 * Edit link settings (docs/decisions.md #83), opened from the link's menu: the payment limit, the merchant's
 * reference and the thank-you or redirect, checked by the same schema as creation and by the server.
 */
export function EditSettingsDialog({
  link,
  open,
  onOpenChange,
  onClosed,
}: {
  link: PaymentLink;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the focus goes when it closes: the menu it was opened from is gone by then. */
  onClosed: () => void;
}) {
  return (
    <FormDialog closeLabel={strings.cancel} open={open} onOpenChange={onOpenChange} onClosed={onClosed}>
      {(close) => <EditSettingsForm link={link} onDone={close} />}
    </FormDialog>
  );
}

function EditSettingsForm({ link, onDone }: { link: PaymentLink; onDone: () => void }) {
  const id = useId();
  const [values, setValues] = useState(() => linkSettingsText(link));
  const [errors, setErrors] = useState<SettingsErrors>({});
  const save = useSetPaymentLinkSettings();
  const offersGstChoice = useOffersGstChoice();
  const change = (field: LinkSettingsField) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const parsed = updateLinkSettingsSchema.safeParse(linkSettingsInput(values));
    if (!parsed.success) {
      const found: SettingsErrors = {};
      for (const issue of parsed.error.issues) found[String(issue.path[0]) as LinkSettingsField] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(
      { linkId: link.linkId, settings: parsed.data },
      {
        onSuccess: () => {
          toast.success(strings.saved);
          onDone();
        },
        onError: (error) => {
          const fields = (error instanceof ApiRequestError ? error.fields : {}) as SettingsErrors;
          if (LINK_SETTINGS_FIELDS.some((field) => fields[field])) {
            setErrors(fields);
          } else {
            toast.error(strings.failed, { description: error.message });
          }
        },
      },
    );
  }

  const ids = {
    limit: `${id}-limit`,
    reference: `${id}-reference`,
    thankYou: `${id}-thank-you`,
    redirect: `${id}-redirect`,
    gst: `${id}-gst`,
  };
  const optional = <span className="font-normal text-muted-foreground">{strings.optional}</span>;
  const label = (text: string): ReactNode => (
    <>
      {text} {optional}
    </>
  );
  // A recurring link's places are its subscribers, never its renewals (docs/decisions.md #154).
  const limitHint = (link.repeat ? strings.subscriberLimitHint : strings.limitHint)(link.soldCount);
  return (
    <DialogForm
      title={strings.title}
      description={strings.description(link.title)}
      onSubmit={submit}
      footer={
        <CancelAndSubmit
          cancelLabel={strings.cancel}
          onCancel={onDone}
          submitLabel={strings.save}
          pendingLabel={strings.saving}
          pending={save.isPending}
        />
      }
    >
      <FormField id={ids.limit} label={label(strings.limitLabel)} hint={limitHint} error={errors.maxPayments}>
        <Input
          {...fieldControlProps(ids.limit, { error: errors.maxPayments, hint: limitHint })}
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          placeholder={strings.limitPlaceholder}
          value={values.maxPayments}
          onChange={change('maxPayments')}
        />
      </FormField>
      <FormField
        id={ids.reference}
        label={label(strings.referenceLabel)}
        hint={strings.referenceHint}
        error={errors.reference}
      >
        <Input
          {...fieldControlProps(ids.reference, { error: errors.reference, hint: strings.referenceHint })}
          maxLength={LINK_REFERENCE_MAX}
          value={values.reference}
          onChange={change('reference')}
        />
      </FormField>
      <FormField id={ids.thankYou} label={label(strings.thankYouLabel)} error={errors.thankYouMessage}>
        <Textarea
          {...fieldControlProps(ids.thankYou, { error: errors.thankYouMessage })}
          rows={3}
          maxLength={LINK_THANK_YOU_MAX}
          value={values.thankYouMessage}
          onChange={change('thankYouMessage')}
        />
      </FormField>
      <FormField
        id={ids.redirect}
        label={label(strings.redirectLabel)}
        hint={strings.redirectHint}
        error={errors.redirectUrl}
      >
        <Input
          {...fieldControlProps(ids.redirect, { error: errors.redirectUrl, hint: strings.redirectHint })}
          type="url"
          inputMode="url"
          maxLength={LINK_REDIRECT_URL_MAX}
          placeholder="https://example.co.nz/thanks"
          value={values.redirectUrl}
          onChange={change('redirectUrl')}
        />
      </FormField>
      {/* Shown only to a registered merchant; the link's treatment is sent back unchanged otherwise. */}
      {offersGstChoice ? (
        <GstTreatmentField id={ids.gst} value={values.gstTreatment} onChange={change('gstTreatment')} />
      ) : null}
    </DialogForm>
  );
}
