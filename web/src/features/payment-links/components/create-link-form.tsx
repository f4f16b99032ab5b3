import { useId, useState } from 'react';
import { useForm, useWatch, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { toNestErrors } from '@hookform/resolvers';
import { toast } from 'sonner';
import { DEFAULT_TIME_ZONE } from '@shared/brand';
import {
  LINK_DESCRIPTION_MAX,
  LINK_EXPIRED_MESSAGE_MAX,
  LINK_REFERENCE_MAX,
  LINK_THANK_YOU_MAX,
  LINK_TITLE_MAX,
  createPaymentLinkSchema,
  type CreatePaymentLink,
  type CreatePaymentLinkInput,
  type PaymentLink,
} from '@shared/contracts/payment-links';
import { MAX_TIP_PERCENT, parseMoneyInput } from '@shared/money';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { Textarea } from '@web/components/ui/textarea';
import { useMerchantProfile } from '@web/lib/merchant-profile';
import { showServerFieldErrors } from '@web/lib/server-field-errors';
import { useCreatePaymentLink } from '../api/payment-links-api';
import { paymentLinksStrings } from '../payment-links-strings';
import { LinkCreatedDialog } from './link-created-dialog';
import { LinkQuestionsFields, toCustomFieldInputs, type WithQuestions } from './link-questions-fields';

const strings = paymentLinksStrings.create;

/** What the person types: money and percentages stay text until the shared schema checks them. */
interface CreateLinkFormValues extends WithQuestions {
  title: string;
  description: string;
  isOpenAmount: boolean;
  amount: string;
  tipPercent: string;
  reference: string;
  /** The merchant's clock, `yyyy-MM-ddTHH:mm` (docs/decisions.md #53); empty for no expiry. */
  expiresAtLocal: string;
  expiredMessage: string;
  thankYouMessage: string;
  redirectUrl: string;
  maxPayments: string;
}

const EMPTY_FORM: CreateLinkFormValues = {
  title: '',
  description: '',
  isOpenAmount: false,
  amount: '',
  tipPercent: '',
  reference: '',
  expiresAtLocal: '',
  expiredMessage: '',
  thankYouMessage: '',
  redirectUrl: '',
  maxPayments: '',
  questions: [],
  collectPhone: false,
};

/** The contract's field names (as the schema and the server's 400 `fields` use them) → this form's fields. */
const FORM_FIELD_OF: Record<string, keyof CreateLinkFormValues> = {
  title: 'title',
  description: 'description',
  isOpenAmount: 'isOpenAmount',
  amountCents: 'amount',
  tipPercent: 'tipPercent',
  reference: 'reference',
  expiresAtLocal: 'expiresAtLocal',
  expiredMessage: 'expiredMessage',
  thankYouMessage: 'thankYouMessage',
  redirectUrl: 'redirectUrl',
  maxPayments: 'maxPayments',
  collectPhone: 'collectPhone',
};

/**
 * A refusal's field in the form: a question's (`customFields.1.label`, `customFields.0.options.3`) lands
 * on that question's input, the list's own (too many) under the questions.
 */
function formFieldOf(path: readonly PropertyKey[]): Path<CreateLinkFormValues> | undefined {
  if (path[0] !== 'customFields') return FORM_FIELD_OF[String(path[0])];
  const [, index, part] = path;
  if (typeof index !== 'number' && !/^\d+$/.test(String(index ?? '')))
    return 'questions.root' as Path<CreateLinkFormValues>;
  const field = part === 'type' || part === 'options' ? part : 'label';
  return `questions.${Number(index)}.${field}`;
}

/** The body of POST /api/me/links from the form: dollars become cents; text that is no number stays NaN, and fails. */
function toCreateInput(values: CreateLinkFormValues): CreatePaymentLinkInput {
  const amountText = values.amount.trim();
  const tipText = values.tipPercent.trim();
  const limitText = values.maxPayments.trim();
  return {
    title: values.title,
    description: values.description,
    isOpenAmount: values.isOpenAmount,
    amountCents: values.isOpenAmount || amountText === '' ? null : (parseMoneyInput(amountText) ?? Number.NaN),
    tipPercent: tipText === '' ? null : Number(tipText),
    reference: values.reference,
    expiresAtLocal: values.expiresAtLocal || null,
    expiredMessage: values.expiredMessage,
    thankYouMessage: values.thankYouMessage,
    redirectUrl: values.redirectUrl,
    maxPayments: limitText === '' ? null : Number(limitText),
    customFields: toCustomFieldInputs(values.questions),
    collectPhone: values.collectPhone,
  };
}

/** The shared createPaymentLinkSchema decides, exactly as the server will; its messages land on their fields. */
const createLinkResolver: Resolver<CreateLinkFormValues, unknown, CreatePaymentLink> = (values, _context, options) => {
  const parsed = createPaymentLinkSchema.safeParse(toCreateInput(values));
  if (parsed.success) return { values: parsed.data, errors: {} };
  const errors: Record<string, { type: string; message: string }> = {};
  for (const issue of parsed.error.issues) {
    const field = formFieldOf(issue.path);
    if (field && !errors[field]) errors[field] = { type: issue.code, message: issue.message };
  }
  // react-hook-form's nested shape (`questions.0.label` → questions[0].label).
  return { values: {}, errors: toNestErrors(errors as FieldErrors, options) };
};

/**
 * Create Link: title, description, open amount or a fixed amount in NZD, tip 0–50.
 * On success the form is cleared and the 'Payment Link Created!' dialog opens; the list refreshes itself.
 */
export function CreateLinkForm({ onShowCreateTab }: { onShowCreateTab: () => void }) {
  const ids = {
    title: useId(),
    description: useId(),
    openAmount: useId(),
    amount: useId(),
    tip: useId(),
    reference: useId(),
    expires: useId(),
    expiredMessage: useId(),
    thankYou: useId(),
    redirect: useId(),
    limit: useId(),
  };
  const timeZone = useMerchantProfile().data?.timeZone ?? DEFAULT_TIME_ZONE;
  const create = useCreatePaymentLink();
  const [createdLink, setCreatedLink] = useState<PaymentLink | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const form = useForm<CreateLinkFormValues, unknown, CreatePaymentLink>({
    resolver: createLinkResolver,
    defaultValues: EMPTY_FORM,
  });
  const isOpenAmount = useWatch({ control: form.control, name: 'isOpenAmount' });
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
      <Card>
        <CardHeader>
          <CardTitle as="h2">{strings.title}</CardTitle>
          <CardDescription>{strings.description}</CardDescription>
        </CardHeader>
        <form noValidate onSubmit={(event) => void submit(event)}>
          <CardContent className="grid gap-6 sm:grid-cols-2">
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

            <div className="flex items-start gap-3 sm:col-span-2">
              <input
                id={ids.openAmount}
                type="checkbox"
                aria-describedby={`${ids.openAmount}-hint`}
                className="mt-0.5 size-5 shrink-0 accent-primary"
                {...form.register('isOpenAmount')}
              />
              <div className="flex flex-col gap-1">
                <Label htmlFor={ids.openAmount} className="leading-snug">
                  {strings.openAmount}
                </Label>
                <p id={`${ids.openAmount}-hint`} className="text-sm text-muted-foreground">
                  {strings.openAmountHint}
                </p>
              </div>
            </div>

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

            <FormField
              id={ids.tip}
              label={
                <>
                  {strings.tipLabel} {optional}
                </>
              }
              hint={strings.tipHint}
              error={errors.tipPercent?.message}
            >
              <Input
                {...fieldControlProps(ids.tip, { error: errors.tipPercent?.message, hint: strings.tipHint })}
                type="number"
                inputMode="numeric"
                min={0}
                max={MAX_TIP_PERCENT}
                step={1}
                placeholder={strings.tipPlaceholder}
                {...form.register('tipPercent')}
              />
            </FormField>

            <h3 className="text-base font-semibold sm:col-span-2">{strings.settingsHeading}</h3>

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
              <Input
                {...fieldControlProps(ids.expires, {
                  error: errors.expiresAtLocal?.message,
                  hint: strings.expiresHint(timeZone),
                })}
                type="datetime-local"
                {...form.register('expiresAtLocal')}
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
              hint={strings.limitHint}
              error={errors.maxPayments?.message}
            >
              <Input
                {...fieldControlProps(ids.limit, { error: errors.maxPayments?.message, hint: strings.limitHint })}
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder={strings.limitPlaceholder}
                {...form.register('maxPayments')}
              />
            </FormField>

            <LinkQuestionsFields control={form.control} register={form.register} errors={errors} />
          </CardContent>
          <CardFooter className="justify-end border-t border-border pt-6">
            <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={create.isPending}>
              {create.isPending ? strings.submitting : strings.submit}
            </Button>
          </CardFooter>
        </form>
      </Card>

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
