/** The marketplace's hard-coded sample products, in its 5 categories. */
export const MARKETPLACE_CATEGORIES = ['Food & Drink', 'Groceries', 'Fashion', 'Electronics', 'Books'] as const;
export type MarketplaceCategory = (typeof MARKETPLACE_CATEGORIES)[number];

export interface MarketplaceProduct {
  id: string;
  name: string;
  store: string;
  category: MarketplaceCategory;
  priceCents: number;
}

export const MARKETPLACE_PRODUCTS: MarketplaceProduct[] = [
  { id: 'flat-white', name: 'Flat white', store: 'Harbour Coffee Co.', category: 'Food & Drink', priceCents: 550 },
  { id: 'ramen', name: 'Tonkotsu ramen', store: 'Noodle Bar', category: 'Food & Drink', priceCents: 1_850 },
  { id: 'veg-box', name: 'Weekly vegetable box', store: 'Green Grocer', category: 'Groceries', priceCents: 3_500 },
  { id: 'sourdough', name: 'Sourdough loaf', store: 'Sunday Market', category: 'Groceries', priceCents: 900 },
  { id: 'merino', name: 'Merino crew jumper', store: 'Fresh Threads', category: 'Fashion', priceCents: 12_900 },
  { id: 'cap', name: 'Canvas cap', store: 'Fresh Threads', category: 'Fashion', priceCents: 3_200 },
  { id: 'earbuds', name: 'Wireless earbuds', store: 'Techtonic', category: 'Electronics', priceCents: 8_999 },
  { id: 'charger', name: 'USB-C fast charger', store: 'Techtonic', category: 'Electronics', priceCents: 2_999 },
  { id: 'novel', name: 'The Luminaries (paperback)', store: 'City Books', category: 'Books', priceCents: 2_499 },
  { id: 'cookbook', name: 'Pacific kitchen cookbook', store: 'City Books', category: 'Books', priceCents: 4_500 },
];
