import { useQuery } from '@tanstack/react-query';
import { LandingContentResponseSchema } from '@myeai/domain';
import { apiRequest } from '../../lib/api-client.ts';

export function useLandingContent() {
  return useQuery({ queryKey: ['landing'], queryFn: () => apiRequest('/api/landing', { schema: LandingContentResponseSchema }) });
}
