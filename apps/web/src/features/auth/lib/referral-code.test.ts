import { afterEach, describe, expect, it } from 'vitest';
import { storage } from '@/lib/storage';
import { captureLinkId, currentReferralCode } from './referral-code';

describe('referral code (linkId)', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('a share link stores its code as linkId, sent with later QR requests', () => {
    captureLinkId('?code=ABCD2345');
    expect(storage.get('linkId')).toBe('ABCD2345');
    expect(localStorage.getItem('jbgf_linkId')).toBe('"ABCD2345"');
    expect(currentReferralCode()).toBe('ABCD2345');
  });

  it("the current page's code wins over the stored one; none at all is empty", () => {
    expect(currentReferralCode()).toBe('');
    captureLinkId('?code=OLDCODE1');
    window.history.replaceState(null, '', '/?code=NEWCODE2');
    expect(currentReferralCode()).toBe('NEWCODE2');
  });

  it('a page without a code leaves the stored one alone', () => {
    captureLinkId('?code=KEEPME22');
    captureLinkId('?redirect=/dashboard');
    expect(storage.get('linkId')).toBe('KEEPME22');
  });
});
