import { createHash, timingSafeEqual } from 'node:crypto';

/** WeChat's callback signature: sha1 of token, timestamp and nonce sorted and joined. */
export function mpSignature(token: string, timestamp: string, nonce: string): string {
  return createHash('sha1').update([token, timestamp, nonce].sort().join('')).digest('hex');
}

export function verifyMpSignature(
  token: string,
  query: { signature?: string; timestamp?: string; nonce?: string },
): boolean {
  const { signature, timestamp, nonce } = query;
  if (!signature || !timestamp || !nonce) return false;
  const expected = Buffer.from(mpSignature(token, timestamp, nonce));
  const given = Buffer.from(signature.toLowerCase());
  return given.length === expected.length && timingSafeEqual(given, expected);
}
