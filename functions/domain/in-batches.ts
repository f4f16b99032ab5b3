/** Runs `work` over `items`, `size` at a time: a bound on calls in flight to Stripe or DynamoDB. */
export async function inBatches<T>(items: readonly T[], size: number, work: (item: T) => Promise<void>) {
  for (let start = 0; start < items.length; start += size)
    await Promise.all(items.slice(start, start + size).map(work));
}
