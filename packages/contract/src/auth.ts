import { z } from 'zod';
import { text } from './common.ts';

/** QR login (DESIGN §2, §4): states, their status stream, and the dev provider's scan call. */

export const QR_STATUSES = ['waiting', 'scanned', 'complete', 'expired'] as const;
export const qrStatusSchema = z.enum(QR_STATUSES);
export type QrStatus = z.infer<typeof qrStatusSchema>;

/** A state carries at least 128 random bits; it travels in URLs and WeChat scene strings (≤ 64). */
export const qrStateSchema = text({ error: '缺少二维码标识' }).regex(
  /^[A-Za-z0-9_-]{22,64}$/,
  '二维码标识无效，请刷新二维码',
);

/**
 * The referral code of the page the visitor came from (`/?code=XXXX`). Anything odd is ignored by
 * the server rather than refused: a broken share link must never stop someone logging in.
 */
export const referralCodeQuerySchema = text({ error: '推荐码必须是文字' }).max(64, '推荐码过长').optional();

/**
 * GET /user/qrcode serves two things on one path (SPEC §7): with `type=qr` a new QR code, with
 * `state` the status stream of an existing one.
 */
export const qrCodeQuerySchema = z
  .object({
    type: z.literal('qr', { error: '参数 type 只能是 qr' }).optional(),
    state: qrStateSchema.optional(),
    code: referralCodeQuerySchema,
  })
  .strict()
  .refine((q) => q.type === 'qr' || q.state !== undefined, {
    error: '请提供 type=qr 获取二维码，或提供 state 查询扫码状态',
  });
export type QrCodeQuery = z.infer<typeof qrCodeQuerySchema>;

export const qrCodeSchema = z.object({
  /** data:image/png;base64,… */
  pic: z.string(),
  state: z.string(),
  /** When the QR stops working (ISO-8601); the stream also says `expired` then. */
  expiresAt: z.string(),
});
export type QrCode = z.infer<typeof qrCodeSchema>;

/** One event of the status stream. The token appears once, on `complete`, to one stream only. */
export const qrStatusEventSchema = z.object({
  qrcode: z.string(),
  status: qrStatusSchema,
  token: z.string().optional(),
  /** Set when the stream cannot deliver a login, e.g. the token was already handed out. */
  message: z.string().optional(),
});
export type QrStatusEvent = z.infer<typeof qrStatusEventSchema>;

export const DEV_NICKNAME_MAX = 20;

/** POST /dev/wechat/scan: the dev provider's stand-in for scanning with WeChat. */
export const devScanInputSchema = z
  .object({
    state: qrStateSchema,
    nickname: text({ error: '昵称必须是文字' })
      .trim()
      .max(DEV_NICKNAME_MAX, `昵称最多 ${DEV_NICKNAME_MAX} 个字`)
      .optional(),
  })
  .strict();
export type DevScanInput = z.infer<typeof devScanInputSchema>;

export const devScanResultSchema = z.object({ status: qrStatusSchema });
export type DevScanResult = z.infer<typeof devScanResultSchema>;

export const logoutResultSchema = z.object({ loggedOut: z.literal(true) });
export type LogoutResult = z.infer<typeof logoutResultSchema>;
