/**
 * The badges a link wears in Manage Links and the QR tab: an expired link takes no payment, so it never
 * reads as Active (docs/decisions.md #53), as the dashboard's active count leaves it out.
 */
import { describe, expect, it } from 'vitest';
import { linkBadges } from '@web/features/payment-links/payment-link-display';

const labels = (link: { isActive: boolean; expired: boolean }) => linkBadges(link).map((badge) => badge.label);

describe('linkBadges', () => {
  it('reads Active only when switched on and not expired', () => {
    expect(labels({ isActive: true, expired: false })).toEqual(['Active']);
    expect(labels({ isActive: true, expired: true })).toEqual(['Expired']);
  });

  it('says Inactive for a switched-off link, and Expired beside it when it has passed too', () => {
    expect(labels({ isActive: false, expired: false })).toEqual(['Inactive']);
    expect(labels({ isActive: false, expired: true })).toEqual(['Inactive', 'Expired']);
  });
});
