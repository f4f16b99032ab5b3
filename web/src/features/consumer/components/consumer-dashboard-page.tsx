import { ScanLine, Wallet } from 'lucide-react';
import { Link } from 'react-router-dom';
import { CONSUMER_DASHBOARD_TRANSACTIONS } from '@shared/contracts/consumer';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@web/components/ui/card';
import { consumerStrings, formatUsd } from '../consumer-strings';
import { TransactionList } from './transaction-list';
import { WithWallet } from './wallet-load-state';
import { PageTitle } from '@web/components/page-title';

const strings = consumerStrings.dashboard;

/** /consumer/dashboard: greeting, balances, Scan & Pay, My Wallet, the 3 latest transactions. */
export function ConsumerDashboardPage() {
  return (
    <>
      <PageTitle>{consumerStrings.pageTitle(strings.title)}</PageTitle>
      <WithWallet>
        {(wallet) => (
          <div className="flex flex-col gap-6">
            <div className="flex flex-col gap-1">
              <h1 className="text-2xl font-semibold">{strings.greeting(wallet.displayName)}</h1>
              <p className="text-muted-foreground">{strings.subtitle}</p>
            </div>
            <Card className="bg-primary p-6 text-primary-foreground">
              <h2 className="text-sm font-medium">{strings.totalBalance}</h2>
              <p className="mt-1 text-3xl font-semibold tabular-nums">{formatUsd(wallet.totalBalanceCents)}</p>
            </Card>
            <div className="grid grid-cols-2 gap-4">
              <Card className="p-4">
                <h2 className="text-sm text-muted-foreground">{strings.cashbackEarned}</h2>
                <p className="mt-1 text-xl font-semibold tabular-nums">{formatUsd(wallet.totalCashbackEarnedCents)}</p>
              </Card>
              <Card className="p-4">
                <h2 className="text-sm text-muted-foreground">{strings.availableCashback}</h2>
                <p className="mt-1 text-xl font-semibold tabular-nums">{formatUsd(wallet.availableCashbackCents)}</p>
              </Card>
            </div>
            <div className="grid grid-cols-2 gap-4">
              <Button asChild size="lg">
                <Link to="/consumer/scanner">
                  <ScanLine aria-hidden="true" />
                  {strings.scanAndPay}
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline">
                <Link to="/consumer/wallet">
                  <Wallet aria-hidden="true" />
                  {strings.myWallet}
                </Link>
              </Button>
            </div>
            <Card>
              <CardHeader className="flex-row items-center justify-between pb-2">
                <CardTitle as="h2">{strings.recent}</CardTitle>
                <Link
                  to="/consumer/wallet"
                  className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  {strings.viewAll}
                </Link>
              </CardHeader>
              <CardContent>
                <TransactionList
                  transactions={wallet.transactions.slice(0, CONSUMER_DASHBOARD_TRANSACTIONS)}
                  emptyText={strings.none}
                />
              </CardContent>
            </Card>
          </div>
        )}
      </WithWallet>
    </>
  );
}
