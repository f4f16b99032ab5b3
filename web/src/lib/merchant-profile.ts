/**
 * The signed-in merchant's profile (GET /api/me). It lives here rather than in one feature because the
 * dashboard shell, the dashboard home and Settings all read it; Settings → Profile changes it.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { merchantProfileSchema, type MerchantProfile } from '@shared/contracts/merchant';
import { authenticatedApiGet } from './api-client';
import { MERCHANT_READ_PATHS } from './merchant-read-paths';

/** Invalidate (or set) this after changing the profile. */
export const merchantProfileQueryKey = ['merchant', 'profile'] as const;

export function getMerchantProfile(): Promise<MerchantProfile> {
  return authenticatedApiGet(MERCHANT_READ_PATHS.profile, merchantProfileSchema);
}

/** The profile's query, for the hook and for the dashboard's loaders (one key, one fetcher). */
export const merchantProfileQuery = queryOptions({ queryKey: merchantProfileQueryKey, queryFn: getMerchantProfile });

export function useMerchantProfile() {
  return useQuery(merchantProfileQuery);
}
