import type { MerchantProfile } from '../../shared/contracts/merchant';
import { HttpError } from './http-error';

/** A merchant as stored: the profile plus what only the server needs. */
export interface MerchantRecord extends MerchantProfile {
  updatedAt: string;
}

export interface MerchantRepository {
  get(merchantId: string): Promise<MerchantRecord | undefined>;
}

/** The profile of the merchant behind a verified token; a token with no merchant row is a 404. */
export async function getMerchantProfile(repo: MerchantRepository, merchantId: string): Promise<MerchantProfile> {
  const merchant = await repo.get(merchantId);
  if (!merchant) throw new HttpError(404, 'profile_not_found', 'User profile not found');
  return {
    merchantId: merchant.merchantId,
    email: merchant.email,
    fullName: merchant.fullName,
    companyName: merchant.companyName ?? null,
    plan: merchant.plan,
    currency: merchant.currency,
    timeZone: merchant.timeZone,
    trialEndsAt: merchant.trialEndsAt,
    createdAt: merchant.createdAt,
  };
}
