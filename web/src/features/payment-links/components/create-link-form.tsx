import { MAX_REPEAT_PAYMENTS, REPEAT_EVERY, REPEAT_LABELS } from '@shared/recurring';
import { NativeSelect } from '@web/components/ui/native-select';
import { useId, useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { toast } from '@web/lib/toast';
import { DEFAULT_TIME_ZONE } from '@shared/brand';
import {
  LINK_DESCRIPTION_MAX,
  LINK_EXPIRED_MESSAGE_MAX,
  LINK_REFERENCE_MAX,
  LINK_THANK_YOU_MAX,
  LINK_TITLE_MAX,
  type CreatePaymentLink,
  type PaymentLink,
} from '@shared/contracts/payment-links';
import { DateTimeInput } from '@web/components/date-time-input';
import { CheckboxField } from '@web/components/checkbox-field';
import { FormCard } from '@web/components/form-card';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { Input } from '@web/components/ui/input';
import { Textarea } from '@web/components/ui/textarea';
import { useMerchantProfile } from '@web/lib/merchant-profile';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useCreatePaymentLink } from '@web/lib/payment-links-api';
import { paymentLinksStrings } from '../payment-links-strings';
import { LinkCreatedDialog } from './link-created-dialog';
import {
  EMPTY_FORM,
  createLinkResolver,
  formFieldOf,
  plannedPayments,
  type CreateLinkFormValues,
} from './create-link-form-model';
import { GstTreatmentField, useOffersGstChoice } from './gst-treatment-field';
import { LinkQuestionsFields } from './link-questions-fields';
import { LinkTipFields } from './link-tip-fields';

const strings = paymentLinksStrings.create;

/**
 * Create Link: title, description, open amount or a fixed amount in NZD, up to three tip presets (#205).
 * On success the form is cleared and the 'Payment Link Created!' dialog opens; the list refreshes itself.
 */
export function CreateLinkForm({ onShowCreateTab }: { onShowCreateTab: () => void }) {
  const ids = {
    title: useId(),
    description: useId(),
    amount: useId(),
    repeat: useId(),
    repeatPayments: useId(),
    reference: useId(),
    expires: useId(),
    expiredMessage: useId(),
    thankYou: useId(),
    redirect: useId(),
    limit: useId(),
    gst: useId(),
  };
  const offersGstChoice = useOffersGstChoice();
  const timeZone = useMerchantProfile().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const create = useCreatePaymentLink();
  const [createdLink, setCreatedLink] = useState<PaymentLink | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const form = useForm<CreateLinkFormValues, unknown, CreatePaymentLink>({
    resolver: createLinkResolver,
    defaultValues: EMPTY_FORM,
  });
  const isOpenAmount = useWatch({ control: form.control, name: 'isOpenAmount' });
  const repeatEvery = useWatch({ control: form.control, name: 'repeatEvery' });
  const repeatHint = strings.repeatHint(plannedPayments(useWatch({ control: form.control, name: 'repeatPayments' })));
  const limitHint = repeatEvery ? strings.repeatLimitHint : strings.limitHint;
  const [title, description] = useWatch({ control: form.control, name: ['title', 'description'] });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (input) => {
    try {
      const link = await create.mutateAsync(input);
      form.reset(EMPTY_FORM);
      setCreatedLink(link);
      setDialogOpen(true);
    } catch (error) {
      toast.error(paymentLinksStrings.errorTitle, {
        description: error instanceof Error && error.message ? error.message : strings.failed,
      });
      showServerFieldErrors(error, form.setError, (apiField) => formFieldOf(apiField.split('.')));
    }
  });

  const optional = <span className="font-normal text-muted-foreground">{strings.optional}</span>;

  return (
    <>
      <FormCard
        title={strings.title}
        description={strings.description}
        onSubmit={submit}
        pending={create.isPending}
        submitLabel={strings.submit}
        pendingLabel={strings.submitting}
        submitSize="lg"
      >
        <FormField
          id={ids.title}
          label={strings.titleLabel}
          error={errors.title?.message}
          counter={{ length: title?.length ?? 0, max: LINK_TITLE_MAX, atLimit: strings.atLimit(LINK_TITLE_MAX) }}
          className="sm:col-span-2"
        >
          <Input
            {...fieldControlProps(ids.title, { error: errors.title?.message })}
            aria-required="true"
            maxLength={LINK_TITLE_MAX}
            placeholder={strings.titlePlaceholder}
            {...form.register('title')}
          />
        </FormField>

        <FormField
          id={ids.description}
          label={strings.descriptionLabel}
          optional={strings.optional}
          error={errors.description?.message}
          counter={{
            length: description?.length ?? 0,
            max: LINK_DESCRIPTION_MAX,
            atLimit: strings.atLimit(LINK_DESCRIPTION_MAX),
          }}
          className="sm:col-span-2"
        >
          <Textarea
            {...fieldControlProps(ids.description, { error: errors.description?.message })}
            rows={3}
            maxLength={LINK_DESCRIPTION_MAX}
            placeholder={strings.descriptionPlaceholder}
            {...form.register('description')}
          />
        </FormField>

        <CheckboxField
          className="sm:col-span-2"
          label={strings.openAmount}
          hint={strings.openAmountHint}
          {...form.register('isOpenAmount')}
        />

        {isOpenAmount ? null : (
          <FormField id={ids.amount} label={strings.amountLabel} error={errors.amount?.message}>
            <Input
              {...fieldControlProps(ids.amount, { error: errors.amount?.message })}
              aria-required="true"
              inputMode="decimal"
              autoComplete="off"
              placeholder={strings.amountPlaceholder}
              {...form.register('amount')}
            />
          </FormField>
        )}

        <LinkTipFields control={form.control} register={form.register} errors={errors} />

        <FormField id={ids.repeat} label={strings.repeatLabel} hint={repeatHint} error={errors.repeatEvery?.message}>
          <NativeSelect
            {...fieldControlProps(ids.repeat, { error: errors.repeatEvery?.message, hint: repeatHint })}
            {...form.register('repeatEvery')}
          >
            <option value="">{strings.repeatNever}</option>
            {REPEAT_EVERY.map((every) => (
              <option key={every} value={every}>
                {REPEAT_LABELS[every]}
              </option>
            ))}
          </NativeSelect>
        </FormField>

        {repeatEvery ? (
          <FormField
            id={ids.repeatPayments}
            label={
              <>
                {strings.repeatPaymentsLabel} {optional}
              </>
            }
            hint={strings.repeatPaymentsHint}
            error={errors.repeatPayments?.message}
          >
            <Input
              {...fieldControlProps(ids.repeatPayments, {
                error: errors.repeatPayments?.message,
                hint: strings.repeatPaymentsHint,
              })}
              type="number"
              inputMode="numeric"
              min={2}
              max={MAX_REPEAT_PAYMENTS}
              step={1}
              placeholder={strings.repeatPaymentsPlaceholder}
              {...form.register('repeatPayments')}
            />
          </FormField>
        ) : null}

        <h3 className="text-base font-semibold sm:col-span-2">{strings.settingsHeading}</h3>
        {repeatEvery ? (
          <p className="text-sm text-muted-foreground sm:col-span-2">{strings.repeatSettingsHint}</p>
        ) : null}

        <FormField
          id={ids.reference}
          label={
            <>
              {strings.referenceLabel} {optional}
            </>
          }
          hint={strings.referenceHint}
          error={errors.reference?.message}
        >
          <Input
            {...fieldControlProps(ids.reference, { error: errors.reference?.message, hint: strings.referenceHint })}
            maxLength={LINK_REFERENCE_MAX}
            autoComplete="off"
            placeholder={strings.referencePlaceholder}
            {...form.register('reference')}
          />
        </FormField>

        <FormField
          id={ids.expires}
          label={
            <>
              {strings.expiresLabel} {optional}
            </>
          }
          hint={strings.expiresHint(timeZone)}
          error={errors.expiresAtLocal?.message}
        >
          <Controller
            control={form.control}
            name="expiresAtLocal"
            render={({ field }) => (
              <DateTimeInput
                {...fieldControlProps(ids.expires, {
                  error: errors.expiresAtLocal?.message,
                  hint: strings.expiresHint(timeZone),
                })}
                ref={field.ref}
                name={field.name}
                onBlur={field.onBlur}
                labels={paymentLinksStrings.expiry.picker}
                value={field.value}
                onChange={field.onChange}
                earliestDay={new Date()}
              />
            )}
          />
        </FormField>

        <FormField
          id={ids.expiredMessage}
          label={
            <>
              {strings.expiredMessageLabel} {optional}
            </>
          }
          error={errors.expiredMessage?.message}
          className="sm:col-span-2"
        >
          <Textarea
            {...fieldControlProps(ids.expiredMessage, { error: errors.expiredMessage?.message })}
            rows={2}
            maxLength={LINK_EXPIRED_MESSAGE_MAX}
            placeholder={strings.expiredMessagePlaceholder}
            {...form.register('expiredMessage')}
          />
        </FormField>

        <FormField
          id={ids.thankYou}
          label={
            <>
              {strings.thankYouLabel} {optional}
            </>
          }
          error={errors.thankYouMessage?.message}
          className="sm:col-span-2"
        >
          <Textarea
            {...fieldControlProps(ids.thankYou, { error: errors.thankYouMessage?.message })}
            rows={3}
            maxLength={LINK_THANK_YOU_MAX}
            placeholder={strings.thankYouPlaceholder}
            {...form.register('thankYouMessage')}
          />
        </FormField>

        <FormField
          id={ids.redirect}
          label={
            <>
              {strings.redirectLabel} {optional}
            </>
          }
          hint={strings.redirectHint}
          error={errors.redirectUrl?.message}
          className="sm:col-span-2"
        >
          <Input
            {...fieldControlProps(ids.redirect, { error: errors.redirectUrl?.message, hint: strings.redirectHint })}
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder={strings.redirectPlaceholder}
            {...form.register('redirectUrl')}
          />
        </FormField>

        <FormField
          id={ids.limit}
          label={
            <>
              {strings.limitLabel} {optional}
            </>
          }
          hint={limitHint}
          error={errors.maxPayments?.message}
        >
          <Input
            {...fieldControlProps(ids.limit, { error: errors.maxPayments?.message, hint: limitHint })}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            placeholder={strings.limitPlaceholder}
            {...form.register('maxPayments')}
          />
        </FormField>

        {offersGstChoice ? <GstTreatmentField id={ids.gst} {...form.register('gstTreatment')} /> : null}

        <LinkQuestionsFields control={form.control} register={form.register} errors={errors} />
      </FormCard>

      {createdLink ? (
        <LinkCreatedDialog
          link={createdLink}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          onCreateAnother={() => {
            setDialogOpen(false);
            onShowCreateTab();
          }}
          onClosed={() => form.setFocus('title')}
        />
      ) : null}
    </>
  );
}
