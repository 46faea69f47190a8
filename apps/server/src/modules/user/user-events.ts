import type { EventBus } from '../../db/event-bus.ts';

const CHANNEL = 'user_changed';
const ALL = '*';

/**
 * "Something about this user changed" (role, distributor, internal member), told to every
 * instance so their short-lived caches of the user drop it at once.
 */
export function createUserEvents(bus: EventBus | undefined) {
  const listeners = new Set<(userId: string) => void>();
  const ready = bus?.subscribe(CHANNEL, ALL, (userId) => {
    for (const listener of listeners) listener(String(userId));
  });
  ready?.catch(() => undefined);
  return {
    onChanged(listener: (userId: string) => void): void {
      listeners.add(listener);
    },
    async changed(userId: string): Promise<void> {
      // Locally at once, even before the notification comes back round.
      for (const listener of listeners) listener(userId);
      await ready;
      await bus?.publish(CHANNEL, ALL, userId);
    },
  };
}
export type UserEvents = ReturnType<typeof createUserEvents>;
