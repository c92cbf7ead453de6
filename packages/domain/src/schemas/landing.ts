import { z } from 'zod';

/** Marketing figures are editable content, labelled as such on the page (DESIGN.md section 3, item 9). */
export const LandingFigureSchema = z.object({
  label: z.string().trim().min(1).max(60),
  value: z.string().trim().min(1).max(20),
});

export const LandingContentSchema = z.object({
  figures: z.array(LandingFigureSchema).min(1).max(6),
  community_url: z.url().nullable(),
  community_name: z.string().trim().min(1).max(60),
});
export type LandingContent = z.infer<typeof LandingContentSchema>;

export const LandingContentResponseSchema = LandingContentSchema.extend({
  updated_at: z.string().nullable(),
});

export const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
