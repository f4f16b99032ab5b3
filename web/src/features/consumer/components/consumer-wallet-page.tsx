import * as Tabs from '@radix-ui/react-tabs';
import { useId, useState, type FormEvent } from 'react';
import { toast } from '@web/lib/toast';
import { FormField, fieldControlProps } from '@web/components/form-field';
import { Button } from '@web/components/ui/button';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { consumerStrings, formatUsd } from '../consumer-strings';
import { TransactionList } from './transaction-list';
import { WithWallet } from './wallet-load-state';
import { PageTitle } from '@web/components/page-title';

const strings = consumerStrings.wallet;
const TABS = ['transactions', 'crypto', 'cashback'] as const;

const tabTrigger =
  'inline-flex h-10 items-center justify-center rounded-md px-2 text-sm font-medium text-muted-foreground ' +
  'hover:text-foreground data-[state=active]:bg-background data-[state=active]:text-foreground data-[state=active]:shadow-sm';

/** /consumer/wallet: fiat (USD), crypto and cashback; tabs Transactions, Crypto, Cashback; withdraw. */
export function ConsumerWalletPage() {
  return (
    <>
      <PageTitle>{consumerStrings.pageTitle(strings.title)}</PageTitle>
      <WithWallet>
        {(wallet) => {
          const cryptoCents = wallet.crypto.reduce((sum, holding) => sum + holding.valueCents, 0);
          return (
            <div className="flex flex-col gap-6">
              <h1 className="text-2xl font-semibold">{strings.title}</h1>
              <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
                <Balance label={strings.fiat} cents={wallet.fiatBalanceCents} />
                <Balance label={strings.crypto} cents={cryptoCents} note={strings.cryptoNote} />
                <Balance label={strings.cashback} cents={wallet.availableCashbackCents} />
              </div>
              <Tabs.Root defaultValue="transactions" className="flex flex-col gap-4">
                <Tabs.List
                  aria-label={strings.tabsLabel}
                  className="grid grid-cols-3 gap-1 rounded-lg border border-border bg-muted p-1"
                >
                  {TABS.map((tab) => (
                    <Tabs.Trigger key={tab} value={tab} className={tabTrigger}>
                      {strings.tabs[tab]}
                    </Tabs.Trigger>
                  ))}
                </Tabs.List>
                <Tabs.Content value="transactions">
                  <Card className="px-4">
                    <TransactionList transactions={wallet.transactions} emptyText={consumerStrings.dashboard.none} />
                  </Card>
                </Tabs.Content>
                <Tabs.Content value="crypto">
                  <Card className="px-4">
                    <ul className="divide-y divide-border">
                      {wallet.crypto.map((holding) => (
                        <li key={holding.symbol} className="flex items-center justify-between gap-4 py-3">
                          <div className="flex flex-col">
                            <span className="font-medium">{holding.name}</span>
                            <span className="text-sm text-muted-foreground">
                              {strings.units(holding.units, holding.symbol)}
                            </span>
                          </div>
                          <span className="font-medium tabular-nums">{formatUsd(holding.valueCents)}</span>
                        </li>
                      ))}
                    </ul>
                  </Card>
                </Tabs.Content>
                <Tabs.Content value="cashback">
                  <Card className="flex flex-col gap-4 p-4">
                    <dl className="grid grid-cols-2 gap-4">
                      <div>
                        <dt className="text-sm text-muted-foreground">{consumerStrings.dashboard.cashbackEarned}</dt>
                        <dd className="text-lg font-semibold tabular-nums">
                          {formatUsd(wallet.totalCashbackEarnedCents)}
                        </dd>
                      </div>
                      <div>
                        <dt className="text-sm text-muted-foreground">{consumerStrings.dashboard.availableCashback}</dt>
                        <dd className="text-lg font-semibold tabular-nums">
                          {formatUsd(wallet.availableCashbackCents)}
                        </dd>
                      </div>
                    </dl>
                    <WithdrawForm />
                  </Card>
                </Tabs.Content>
              </Tabs.Root>
            </div>
          );
        }}
      </WithWallet>
    </>
  );
}

function Balance({ label, cents, note }: { label: string; cents: number; note?: string }) {
  return (
    <Card className="p-4">
      <h2 className="text-sm text-muted-foreground">{label}</h2>
      <p className="mt-1 text-xl font-semibold tabular-nums">{formatUsd(cents)}</p>
      {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
    </Card>
  );
}

/** The withdraw field with its hint; the minimum is not enforced and nothing moves (a demo). */
function WithdrawForm() {
  const id = useId();
  const [amount, setAmount] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    toast.info(strings.withdrawDemo);
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
      <FormField id={id} label={strings.withdrawLabel} hint={strings.withdrawHint} className="flex-1">
        <Input
          {...fieldControlProps(id, { hint: strings.withdrawHint })}
          inputMode="decimal"
          placeholder="0.00"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
        />
      </FormField>
      <Button type="submit" className="sm:mb-7">
        {strings.withdraw}
      </Button>
    </form>
  );
}
