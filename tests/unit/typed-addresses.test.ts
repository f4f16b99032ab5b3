/**
 * What people type or paste: a website without its scheme, and a payment-link id that a chat app shared
 * with a space or the sentence's punctuation (docs/decisions.md #67, #68).
 */
import { describe, expect, it } from 'vitest';
import { publicLinkIdSchema } from '@shared/contracts/payment-links';
import { normaliseLinkId } from '@shared/payer-link-params';
import { websiteUrlSchema } from '@shared/contracts/signup';

describe('websiteUrlSchema', () => {
  it('takes a bare domain as https, trims spaces, and keeps a full address as typed', () => {
    expect(websiteUrlSchema.parse('kowhaicafe.co.nz')).toBe('https://kowhaicafe.co.nz');
    expect(websiteUrlSchema.parse('  https://kowhaicafe.co.nz/menu ')).toBe('https://kowhaicafe.co.nz/menu');
    expect(websiteUrlSchema.parse('http://kowhaicafe.co.nz')).toBe('http://kowhaicafe.co.nz');
    expect(websiteUrlSchema.parse('   ')).toBeUndefined();
    expect(websiteUrlSchema.parse(undefined)).toBeUndefined();
  });

  it('refuses what is not a website, in words', () => {
    for (const typed of ['kowhai cafe', 'ftp://kowhaicafe.co.nz', 'mailto:kia@ora.nz', 'localhost']) {
      const result = websiteUrlSchema.safeParse(typed);
      expect(result.success, typed).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Please enter a website address, like kowhaicafe.co.nz');
    }
  });
});

describe('normaliseLinkId', () => {
  it('drops a shared link’s stray space and punctuation around the id, never inside it', () => {
    for (const shared of ['9TePz8WjKqzW%20', '9TePz8WjKqzW ', '9TePz8WjKqzW.', '9TePz8WjKqzW),', '(9TePz8WjKqzW)']) {
      expect(normaliseLinkId(shared), shared).toBe('9TePz8WjKqzW');
    }
    expect(publicLinkIdSchema.safeParse('9TePz8.WjKqzW').success).toBe(false);
    expect(publicLinkIdSchema.safeParse('%E0%A4%A').success).toBe(false);
  });
});
