import { z } from 'zod';

/** The distributor basics the user menu needs (SPEC §2, DESIGN §4). */

export const distributionCheckSchema = z.object({ is_distribution: z.boolean() });
export type DistributionCheck = z.infer<typeof distributionCheckSchema>;

export const distributionAddSchema = z.object({ is_distribution: z.literal(true) });
export type DistributionAdd = z.infer<typeof distributionAddSchema>;

/** The share link is the site root with the distributor's referral code: `/?code=XXXX`. */
export const distributionUriSchema = z.object({ url: z.string(), code: z.string() });
export type DistributionUri = z.infer<typeof distributionUriSchema>;
