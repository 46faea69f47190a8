import type { QrCode } from '@app/contract';
import { api } from '@/lib/api-client';

/**
 * GET /user/qrcode?type=qr&code=: a new login QR. `code` is the referral code the visitor came
 * with. Silent: SPEC §8 says a failed QR fetch is only logged to the console.
 */
export function getQrCode(code: string): Promise<QrCode> {
  return api.get<QrCode>('/user/qrcode', { type: 'qr', code }, { silent: true });
}
