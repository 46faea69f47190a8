import { storage } from '@/lib/storage';

/**
 * The referral code sent with QR requests (SPEC §7): the `code` query of the current page, or the
 * one stored as linkId when the visitor first arrived through a share link (`/?code=XXXX`).
 */
export function currentReferralCode(): string {
  const fromUrl = new URLSearchParams(window.location.search).get('code');
  if (fromUrl) return fromUrl;
  return storage.get<string>('linkId') ?? '';
}

/** Remembers the share link's code, so it survives the visitor wandering around before logging in. */
export function captureLinkId(search: string): void {
  const code = new URLSearchParams(search).get('code')?.trim();
  if (code && code.length <= 64) storage.set('linkId', code);
}
