import { useQuery } from '@tanstack/react-query';
import { apiPath, trackRecordPaths, TraderTrackRecordSchema } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** A trader's record against the market (decision 062): the trader's own, or any trader's for an admin. */
export function useTraderTrackRecord(traderId: string | null) {
  return useQuery({
    queryKey: ['trader-track-record', traderId] as const,
    enabled: traderId !== null,
    queryFn: () => apiRequest(apiPath(trackRecordPaths.trader, { id: traderId! }), { schema: TraderTrackRecordSchema }),
  });
}
