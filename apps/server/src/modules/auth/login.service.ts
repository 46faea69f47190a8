import { randomBytes } from 'node:crypto';
import type { QrCode, QrStatus } from '@app/contract';
import QRCode from 'qrcode';
import type { Db } from '../../db/database.ts';
import type { EventBus } from '../../db/event-bus.ts';
import { AppError, forbidden, notFound, unprocessable } from '../../lib/errors.ts';
import type { LoginProvider, WechatProfile } from '../../providers/login/login-provider.ts';
import type { OnboardingService } from '../onboarding/onboarding.service.ts';
import { ACCOUNT_DISABLED_MESSAGE, type UserService } from '../user/user.service.ts';
import type { LoginStateRepository } from './login-state.repository.ts';
import type { SessionService } from './session.service.ts';

/**
 * One pixel per module, scaled up crisply by the browser (image-rendering: pixelated), and a
 * fixed mask (any of the eight is valid): ≈1 ms of CPU instead of ≈18 ms for a 320 px image with
 * the eight masks scored, on the call every login modal makes.
 */
export const LOGIN_QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 1, scale: 1, maskPattern: 3 } as const;

/** NOTIFY channel of status changes; the key is the state, so one LISTEN serves every stream. */
export const QR_CHANNEL = 'qr_login';

export interface QrStatusChange {
  status: QrStatus;
}

/** Where a referral code leads: the distribution module answers, we never read its table. */
export interface ReferralLookup {
  distributorIdByCode(code: string): Promise<string | undefined>;
}

const REFERRAL_CODE = /^[A-Za-z0-9]{4,32}$/;
/** One purge of old states per this many QR codes made by this instance. */
const PURGE_EVERY = 200;

export const qrErrors = {
  unknown: () => notFound('二维码不存在或已失效，请刷新二维码后重新扫码'),
  expired: () => unprocessable('二维码已过期，请刷新二维码后重新扫码', 'qr_expired'),
  disabled: () => forbidden(ACCOUNT_DISABLED_MESSAGE, 'account_disabled'),
};

/**
 * QR login: states in the database, status changes announced over LISTEN/NOTIFY, the user found
 * or created at the scan (with their welcome credits and referral binding on first login), and the
 * session token created only when one stream claims the completed state.
 */
export function createLoginService(deps: {
  db: Db;
  states: LoginStateRepository;
  users: Pick<UserService, 'findOrCreateByOpenid' | 'bindReferrer' | 'isDisabled'>;
  sessions: Pick<SessionService, 'create'>;
  onboarding: Pick<OnboardingService, 'welcomeIn'>;
  referrals: ReferralLookup;
  bus: EventBus;
  provider: LoginProvider;
  qrTtlSec: number;
}) {
  const { db, states, bus } = deps;
  let created = 0;

  const announce = (state: string, status: QrStatus) =>
    bus.publish(QR_CHANNEL, state, { status } satisfies QrStatusChange);

  return {
    async createQr(code: string | undefined): Promise<QrCode> {
      // 192 random bits, URL-safe, 32 characters: fits WeChat's 64-character scene_str.
      const state = randomBytes(24).toString('base64url');
      const referralCode = code && REFERRAL_CODE.test(code) ? code.toUpperCase() : null;
      let content: string;
      try {
        content = await deps.provider.qrContent(state, deps.qrTtlSec);
      } catch (cause) {
        // WeChat down or misconfigured: say so plainly; the details go to the log.
        throw Object.assign(
          new AppError(502, '微信登录服务暂时不可用，请稍后刷新二维码重试', 'wechat_unavailable'),
          {
            cause,
          },
        );
      }
      const row = await states.insert(db, { state, referralCode, ttlSec: deps.qrTtlSec });
      const pic = await QRCode.toDataURL(content, LOGIN_QR_OPTIONS);
      if (++created % PURGE_EVERY === 0) void states.purgeOlderThan(db, 24).catch(() => {});
      return { pic, state, expiresAt: row.expiresAt.toISOString() };
    },

    async find(state: string) {
      return states.find(db, state);
    },

    subscribe(state: string, onChange: (change: QrStatusChange) => void) {
      return bus.subscribe(QR_CHANNEL, state, (data) => onChange(data as QrStatusChange));
    },

    /** The phone opened the QR's page (dev): the browser can say "scanned, confirm on your phone". */
    async markScanned(state: string): Promise<QrStatus> {
      if (await states.markScanned(db, state)) {
        await announce(state, 'scanned');
        return 'scanned';
      }
      const row = await states.find(db, state);
      if (!row) throw qrErrors.unknown();
      if (row.status === 'expired' || (row.status !== 'complete' && row.expiresAt <= new Date())) {
        throw qrErrors.expired();
      }
      return row.status;
    },

    /**
     * A confirmed scan. Idempotent: WeChat retries a callback it did not hear back from, so a
     * state already completed answers complete again without doing anything.
     */
    async complete(state: string, profile: WechatProfile): Promise<QrStatus> {
      const row = await states.find(db, state);
      if (!row) throw qrErrors.unknown();
      if (row.status === 'complete') return 'complete';
      if (row.status === 'expired' || row.expiresAt <= new Date()) {
        if (await states.expire(db, state)) await announce(state, 'expired');
        throw qrErrors.expired();
      }
      // First login only (DESIGN §5): the welcome credits, in the transaction creating the user.
      const { user, created: isNew } = await deps.users.findOrCreateByOpenid(profile, {
        onCreated: (tx, created) => deps.onboarding.welcomeIn(tx, created.id),
      });
      if (isNew) {
        // And the referral binding, once.
        if (row.referralCode) {
          const distributorId = await deps.referrals.distributorIdByCode(row.referralCode);
          if (distributorId) await deps.users.bindReferrer(user.id, distributorId);
        }
      }
      if (!(await states.complete(db, state, user.id))) {
        const now = await states.find(db, state);
        if (now?.status === 'complete') return 'complete';
        throw qrErrors.expired();
      }
      await announce(state, 'complete');
      // A disabled account: the state is spent (its stream tells the browser why, see claimToken)
      // and the phone is told too.
      if (user.disabledAt) throw qrErrors.disabled();
      return 'complete';
    },

    /** Expires the state if its time has come; answers the status it has afterwards. */
    async expire(state: string): Promise<QrStatus | undefined> {
      if (await states.expire(db, state)) {
        await announce(state, 'expired');
        return 'expired';
      }
      return (await states.find(db, state))?.status;
    },

    /**
     * The session token of a completed state, to exactly one caller: the claim is one conditional
     * UPDATE, so two streams (even on two instances) can never both get it.
     */
    async claimToken(state: string): Promise<string | undefined> {
      const userId = await states.claimToken(db, state, deps.qrTtlSec);
      if (!userId) return undefined;
      // Asked again here: the account may have been disabled after the scan.
      if (await deps.users.isDisabled(userId)) throw qrErrors.disabled();
      return deps.sessions.create(userId);
    },
  };
}
export type LoginService = ReturnType<typeof createLoginService>;
