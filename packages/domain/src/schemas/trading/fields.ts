import { z } from 'zod';

/** Field shapes shared by the trading schema files; not part of the domain's public exports. */

/** A percentage with one decimal (46.5). */
export const Percent = z.number().min(0).max(100);
export const Timestamp = z.string();

/** A trader's scores, as the admin pool and the trader's own profile show them. */
export const ScoreFields = {
  accuracy: Percent.nullable(),
  consistency: Percent.nullable(),
  engagement: Percent.nullable(),
  avg_confidence: Percent.nullable(),
  votes_cast: z.number().int(),
  scored_votes: z.number().int(),
  /** "Agreement with confirmed consensus (no price feed)". */
  accuracy_label: z.string(),
};
