import { Filter, X } from 'lucide-react';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { DateInput } from '@web/components/date-input';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { NativeSelect } from '@web/components/ui/native-select';
import type { TransactionFilters } from '../hooks/use-transaction-filters';
import type { FilterKey } from '../transaction-filters';
import { transactionsStrings } from '../transactions-strings';

const strings = transactionsStrings.filters;
const STATUS_OPTIONS = Object.entries(strings.statusOptions) as [string, string][];
/** From 768 px up the panel starts open; on a phone it starts folded so the payments come first. */
const OPEN_BY_DEFAULT_QUERY = '(min-width: 48rem)';

/**
 * The filter panel: dates, status, transaction id, customer email and an amount range in NZD,
 * with Clear All and Hide/Show Filters; folded with a filter on, its toggle carries a dot.
 */
export function TransactionFilterPanel({ filters }: { filters: TransactionFilters }) {
  const [open, setOpen] = useState(() => window.matchMedia(OPEN_BY_DEFAULT_QUERY).matches);
  const panelId = useId();
  const fieldId = useId();
  const { draft, errors, setField, applyNow } = filters;
  const id = (key: FilterKey) => `${fieldId}-${key}`;
  const control = (key: FilterKey) => ({
    ...fieldControlProps(id(key), { error: errors[key] }),
    value: draft[key],
    onBlur: applyNow,
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key === 'Enter') applyNow();
    },
  });
  const dateLabels = (field: string) => ({
    open: transactionsStrings.datePicker.open(field),
    title: transactionsStrings.datePicker.title(field),
    previousMonth: transactionsStrings.datePicker.previousMonth,
    nextMonth: transactionsStrings.datePicker.nextMonth,
    close: transactionsStrings.datePicker.close,
  });

  return (
    <Card className="flex flex-col">
      <div className="flex flex-wrap items-center justify-between gap-2 p-4 sm:px-6">
        <h2 className="flex items-center gap-2 font-semibold">
          <Filter aria-hidden="true" className="size-4 text-muted-foreground" />
          {strings.title}
        </h2>
        <div className="flex flex-wrap items-center gap-2">
          <Button variant="ghost" size="sm" onClick={filters.clearAll}>
            <X aria-hidden="true" />
            {strings.clearAll}
          </Button>
          <Button
            variant="outline"
            size="sm"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen(!open)}
            className="relative"
          >
            {open ? strings.hide : strings.show}
            {!open && filters.active ? (
              <>
                <span
                  aria-hidden="true"
                  data-testid="active-filter-dot"
                  className="absolute -top-1 -right-1 size-2.5 rounded-full bg-primary ring-2 ring-background"
                />
                <span className="sr-only"> {strings.active}</span>
              </>
            ) : null}
          </Button>
        </div>
      </div>

      <div id={panelId} hidden={!open} className="border-t border-border p-4 sm:p-6">
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <FormField id={id('dateFrom')} label={strings.dateFrom} error={errors.dateFrom}>
            <DateInput
              {...control('dateFrom')}
              placeholder={strings.datePlaceholder}
              labels={dateLabels(strings.dateFrom)}
              onChange={(text) => setField('dateFrom', text)}
              onPick={(text) => setField('dateFrom', text, { immediate: true })}
            />
          </FormField>
          <FormField id={id('dateTo')} label={strings.dateTo} error={errors.dateTo}>
            <DateInput
              {...control('dateTo')}
              placeholder={strings.datePlaceholder}
              labels={dateLabels(strings.dateTo)}
              onChange={(text) => setField('dateTo', text)}
              onPick={(text) => setField('dateTo', text, { immediate: true })}
            />
          </FormField>
          <FormField id={id('status')} label={strings.status} error={errors.status}>
            <NativeSelect
              {...fieldControlProps(id('status'), { error: errors.status })}
              value={draft.status}
              onChange={(event) => setField('status', event.target.value, { immediate: true })}
            >
              <option value="">{strings.allStatuses}</option>
              {STATUS_OPTIONS.map(([value, label]) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField id={id('transactionId')} label={strings.transactionId} error={errors.transactionId}>
            <Input
              {...control('transactionId')}
              placeholder={strings.transactionIdPlaceholder}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setField('transactionId', event.target.value)}
            />
          </FormField>
          <FormField id={id('customerEmail')} label={strings.customerEmail} error={errors.customerEmail}>
            <Input
              {...control('customerEmail')}
              type="search"
              inputMode="email"
              placeholder={strings.customerEmailPlaceholder}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setField('customerEmail', event.target.value)}
            />
          </FormField>
          <FormField id={id('reference')} label={strings.reference} error={errors.reference}>
            <Input
              {...control('reference')}
              type="search"
              placeholder={strings.referencePlaceholder}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setField('reference', event.target.value)}
            />
          </FormField>
          <fieldset className="flex min-w-0 flex-col gap-2">
            <legend className="mb-2 text-sm leading-none font-medium">{strings.amountRange}</legend>
            <div className="grid grid-cols-2 gap-2">
              <AmountField
                id={id('amountMin')}
                label={strings.amountMin}
                error={errors.amountMin}
                input={
                  <Input
                    {...control('amountMin')}
                    inputMode="decimal"
                    placeholder={strings.amountPlaceholder}
                    autoComplete="off"
                    onChange={(event) => setField('amountMin', event.target.value)}
                  />
                }
              />
              <AmountField
                id={id('amountMax')}
                label={strings.amountMax}
                error={errors.amountMax}
                input={
                  <Input
                    {...control('amountMax')}
                    inputMode="decimal"
                    placeholder={strings.amountPlaceholder}
                    autoComplete="off"
                    onChange={(event) => setField('amountMax', event.target.value)}
                  />
                }
              />
            </div>
          </fieldset>
        </div>
      </div>
    </Card>
  );
}

function AmountField({
  id,
  label,
  error,
  input,
}: {
  id: string;
  label: string;
  error: string | undefined;
  input: ReactNode;
}) {
  return (
    <FormField id={id} label={<span className="font-normal text-muted-foreground">{label}</span>} error={error}>
      {input}
    </FormField>
  );
}
