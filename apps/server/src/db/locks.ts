/**
 * Every PostgreSQL advisory lock the server takes, in one place so two never share a key by
 * accident. All are 7_301_xxx, easy to spot in pg_locks. A two-key lock (class, hash) lives in a
 * different key space from a one-key lock, so a class never collides with a single key.
 */
export const advisoryLocks = {
  /** Session lock around migrate(): instances starting together take turns migrating. */
  migrations: 7_301_004,
  /** Class of the per-user persona lock (second key: hashtext(user id)): choosing the default reads then writes. */
  personaUser: 7_301_101,
  /** Topic writers (seed at start, hot-list refresh, on any instance) take turns rewriting ranks. */
  topicWrites: 7_301_107,
  /** Instances starting together take turns seeding inspiration. */
  inspirationSeed: 7_301_108,
} as const;

/**
 * The per-user creation lock is one key, hashtextextended(prefix || user id, 0): it caps one user's
 * simultaneous generations without touching another module's table.
 */
export const CREATION_USER_LOCK_PREFIX = 'creation:';
