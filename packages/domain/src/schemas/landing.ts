import { z } from 'zod';
import { isSafeHttpUrl } from '../products/product-rules.ts';

/** The health check (load balancers, the crash tests). */
export const healthPaths = {
  health: '/api/health',
} as const;

/** The landing page's API paths. */
export const landingPaths = {
  content: '/api/landing',
  admin: '/api/admin/landing',
  communityQr: '/api/landing/community-qr.svg',
} as const;

/** Marketing figures are editable content, labelled as such on the page (DESIGN.md section 3, item 9). */
export const LandingFigureSchema = z.object({
  label: z.string().trim().min(1).max(60),
  value: z.string().trim().min(1).max(20),
});

export const COMMUNITY_URL_MESSAGE = 'The community link must be an http:// or https:// address.';

export const LandingContentSchema = z.object({
  figures: z.array(LandingFigureSchema).min(1).max(6),
  // Shown as a link and drawn into a QR code for every visitor: http(s) only, never javascript: or
  // data: (reliability catalogue T-29); the same rule as product links.
  community_url: z.string(COMMUNITY_URL_MESSAGE).refine(isSafeHttpUrl, COMMUNITY_URL_MESSAGE).nullable(),
  community_name: z.string().trim().min(1).max(60),
});
export type LandingContent = z.infer<typeof LandingContentSchema>;

export const LandingContentResponseSchema = LandingContentSchema.extend({
  updated_at: z.string().nullable(),
});

export const HealthSchema = z.object({ status: z.literal('ok'), database: z.enum(['pglite', 'postgres']) });
