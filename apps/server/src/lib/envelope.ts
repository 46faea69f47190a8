import type { Envelope } from '@app/contract';

export const ok = <T>(data: T, message = 'ok'): Envelope<T> => ({ success: true, data, message });

export const fail = (message: string) => ({ success: false as const, data: null, message });
