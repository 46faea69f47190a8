import { z } from 'zod';

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const userInfoSchema = z.object({
  userId: z.string(),
  nickname: z.string(),
  avatar: z.string(),
  role: roleSchema,
  isDistribution: z.boolean(),
  isInternal: z.boolean(),
});
export type UserInfo = z.infer<typeof userInfoSchema>;
