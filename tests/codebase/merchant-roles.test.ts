/**
 * Every merchant route has its least role in the catalogue (functions/catalog/merchant-roles.ts), and the
 * table names no route the catalogue has not: a new route without a role would be refused by every
 * handler's wrapper (functions/http/http-handler.ts), a stale row would hide a renamed route's gap.
 */
import { describe, expect, it } from 'vitest';
import { catalog, httpRoutes } from '@functions/catalog';
import { MERCHANT_ROUTE_ROLES } from '@functions/catalog/merchant-roles';
import { DASHBOARD_HOME_READ_PATHS } from '@web/features/dashboard/api/home-read-paths';

describe('merchant route roles', () => {
  const merchantRoutes = httpRoutes().filter((route) => route.auth === 'merchant');
  const keys = merchantRoutes.map((route) => `${route.method} ${route.path}`);

  it('gives every merchant route a role', () => {
    expect(keys.filter((key) => !MERCHANT_ROUTE_ROLES[key])).toEqual([]);
  });

  it('names only merchant routes the catalogue has', () => {
    expect(Object.keys(MERCHANT_ROUTE_ROLES).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('lets every function behind a merchant route read the members table, for its membership check', () => {
    const withMerchantRoutes = catalog.filter((spec) => spec.routes?.some((route) => route.auth === 'merchant'));
    expect(withMerchantRoutes.filter((spec) => !spec.tables?.members).map((spec) => spec.name)).toEqual([]);
  });

  // The entry asks for the home's reads before anyone knows the role (web/src/lib/early-reads.ts), so each must
  // be one every role may read: else a Staff member's home would be refused (docs/decisions.md #282).
  it('keeps every read of the dashboard home open to Staff', () => {
    const homeReads = DASHBOARD_HOME_READ_PATHS.map((path) => `GET ${path.split('?')[0]}`);
    expect(homeReads.filter((key) => !['staff', 'signed-in'].includes(MERCHANT_ROUTE_ROLES[key] ?? ''))).toEqual([]);
  });
});
