import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { CONSUMER_CASHBACK_BASIS_POINTS } from '@shared/contracts/consumer';
import { shareOfCents } from '@shared/money';
import { Card } from '@web/components/ui/card';
import { Input } from '@web/components/ui/input';
import { Label } from '@web/components/ui/label';
import { cn } from '@web/lib/cn';
import { consumerStrings, formatUsd } from '../consumer-strings';
import { MARKETPLACE_CATEGORIES, MARKETPLACE_PRODUCTS, type MarketplaceCategory } from '../marketplace-products';
import { PageTitle } from '@web/components/page-title';

const strings = consumerStrings.marketplace;

/** /consumer/marketplace: search, 5 categories, hard-coded sample products. */
export function ConsumerMarketplacePage() {
  const searchId = useId();
  const [query, setQuery] = useState('');
  const [category, setCategory] = useState<MarketplaceCategory | null>(null);
  const words = query.trim().toLowerCase();
  const products = MARKETPLACE_PRODUCTS.filter(
    (product) =>
      (!category || product.category === category) &&
      (!words || `${product.name} ${product.store}`.toLowerCase().includes(words)),
  );
  const chip = (active: boolean) =>
    cn(
      'h-9 rounded-full border px-4 text-sm font-medium whitespace-nowrap',
      'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
      active ? 'border-primary bg-primary text-primary-foreground' : 'border-border bg-background hover:bg-muted',
    );

  return (
    <div className="flex flex-col gap-6">
      <PageTitle>{consumerStrings.pageTitle(strings.title)}</PageTitle>
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{strings.title}</h1>
        <p className="text-muted-foreground">{strings.intro}</p>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={searchId} className="sr-only">
          {strings.searchLabel}
        </Label>
        <div className="relative">
          <Search
            aria-hidden="true"
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            id={searchId}
            type="search"
            className="pl-9"
            placeholder={strings.searchPlaceholder}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
          />
        </div>
      </div>
      <div role="group" aria-label={strings.categoriesLabel} className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1">
        <button
          type="button"
          aria-pressed={category === null}
          className={chip(category === null)}
          onClick={() => setCategory(null)}
        >
          {strings.all}
        </button>
        {MARKETPLACE_CATEGORIES.map((name) => (
          <button
            key={name}
            type="button"
            aria-pressed={category === name}
            className={chip(category === name)}
            onClick={() => setCategory(name)}
          >
            {name}
          </button>
        ))}
      </div>
      {products.length === 0 ? (
        <p className="text-muted-foreground">{strings.none}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
          {products.map((product) => (
            <li key={product.id}>
              <Card className="flex h-full flex-col gap-2 p-4">
                <span className="text-xs font-medium text-muted-foreground">{product.category}</span>
                <h2 className="font-semibold">{product.name}</h2>
                <p className="text-sm text-muted-foreground">{product.store}</p>
                <div className="mt-auto flex items-center justify-between gap-2 pt-2">
                  <span className="font-semibold tabular-nums">{formatUsd(product.priceCents)}</span>
                  <span className="text-sm text-emerald-800">
                    {strings.cashback(formatUsd(shareOfCents(product.priceCents, CONSUMER_CASHBACK_BASIS_POINTS)))}
                  </span>
                </div>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
