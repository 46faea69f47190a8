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
