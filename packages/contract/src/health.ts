import { z } from 'zod';

/** A channel served by an offline dev provider: anyone can log in / "pay" (a demo). */
export const devChannelSchema = z.enum(['login', 'pay']);
export type DevChannel = z.infer<typeof devChannelSchema>;

export const healthSchema = z.object({
  status: z.literal('ok'),
  /** True while login or payment runs on a dev provider: every page shows a 演示模式 banner. */
  demo: z.boolean(),
  devChannels: z.array(devChannelSchema),
  uptimeSec: z.number(),
  /** Only for a signed-in admin: the build and the database kind are nobody else's business. */
  version: z.string().optional(),
  database: z.enum(['pglite', 'postgres']).optional(),
});
export type Health = z.infer<typeof healthSchema>;

/**
 * GET /health/ready: whether this instance should be sent traffic (load balancers, orchestrators).
 * 200 with ready=true, or 503 with ready=false and the checks that failed, in machine terms.
 */
export const readinessSchema = z.object({
  ready: z.boolean(),
  checks: z.object({
    /** `select 1` answered within the probe's timeout ('timeout'), or failed ('down'). */
    database: z.enum(['up', 'down', 'timeout']),
    /** Every migration this build ships is recorded in the database. */
    migrations: z.enum(['done', 'pending', 'unknown']),
    /** 'draining' after SIGTERM: still answering, but taking itself out of rotation. */
    lifecycle: z.enum(['serving', 'draining']),
  }),
});
export type Readiness = z.infer<typeof readinessSchema>;
