import { storage } from '@/lib/storage';
import { tokenCookie } from '@/lib/token-cookie';
import { createResettableStore } from './create-resettable-store';

/** The stored profile (SPEC §3): each field defaults to empty text. */
export interface StoredProfile {
  avatar: string;
  nickname: string;
  userId: string;
  role: string;
}

const emptyProfile = (): StoredProfile => ({ avatar: '', nickname: '', userId: '', role: '' });

export function readStoredProfile(): StoredProfile {
  return { ...emptyProfile(), ...(storage.get<Partial<StoredProfile>>('userInfo') ?? {}) };
}

export function readToken(): string {
  return storage.get<string>('token') ?? '';
}

interface AuthState {
  token: string;
  userInfo: StoredProfile;
  isLogin: boolean;
  loginModalVisible: boolean;
}

interface AuthActions {
  openLoginModal(): void;
  closeLoginModal(): void;
  /** Stores a verified session (token + profile) and marks the user logged in. */
  acceptLogin(token: string, profile: StoredProfile): void;
  /** Forgets the session everywhere: cookie, storage, state. */
  clearSession(): void;
}

const initialAuth = (): AuthState => {
  const token = readToken();
  return { token, userInfo: readStoredProfile(), isLogin: Boolean(token), loginModalVisible: false };
};

export const useAuthStore = createResettableStore<AuthState, AuthActions>(initialAuth, (set) => ({
  openLoginModal: () => set({ loginModalVisible: true }),
  closeLoginModal: () => set({ loginModalVisible: false }),
  acceptLogin(token, profile) {
    tokenCookie.set(token);
    storage.set('token', token);
    storage.set('userInfo', profile);
    set({ token, userInfo: profile, isLogin: true });
  },
  clearSession() {
    tokenCookie.remove();
    storage.remove('token');
    storage.remove('userInfo');
    storage.remove('linkId');
    set({ token: '', userInfo: emptyProfile(), isLogin: false });
  },
}));

/** SPEC §4: resetting auth is a logout. */
export function resetAuth(): void {
  useAuthStore.getState().clearSession();
  useAuthStore.getState().reset();
}
