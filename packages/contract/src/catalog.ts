import { z } from 'zod';

/** A product on sale: a pack of generation credits paid once (DESIGN §4, §5). */
export const productSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  priceCents: z.number().int(),
  credits: z.number().int(),
  badge: z.string().optional(),
});
export type Product = z.infer<typeof productSchema>;

export const productListSchema = z.array(productSchema);
