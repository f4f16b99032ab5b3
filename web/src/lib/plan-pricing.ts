/**
 * The Business plan's price and Paylink's fee as every screen words them ("NZD $29", "0.5%"), made from
 * shared/brand.ts so no page can quote a different price (docs/decisions.md #4). Functions, written when called:
 * a module that imports them makes no Intl formatter as it is evaluated (the first one a page makes loads the
 * browser's locale data, docs/decisions.md #291), so the dashboard's strings can quote them too.
 */
import { BUSINESS_PLAN_PRICE_CENTS, DEFAULT_CURRENCY, PRODUCT_FEE_BASIS_POINTS } from '@shared/brand';
import { formatBasisPoints, formatMoney } from './format-money';

export const businessPlanPrice = () =>
  `${DEFAULT_CURRENCY.toUpperCase()} ${formatMoney(BUSINESS_PLAN_PRICE_CENTS, DEFAULT_CURRENCY, { wholeUnits: true })}`;
export const productFeeText = () => formatBasisPoints(PRODUCT_FEE_BASIS_POINTS);
