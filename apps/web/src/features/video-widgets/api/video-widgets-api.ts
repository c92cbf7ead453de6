import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  apiPath,
  UpdateVideoWidgetResponseSchema,
  VideoWidgetListSchema,
  videoWidgetsPath,
  type VideoWidgetInputValues,
  videoWidgetsPaths,
} from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';

export const videoWidgetKeys = {
  all: ['video-widgets'] as const,
  list: (scope: 'active' | 'all') => ['video-widgets', scope] as const,
};

/** Admins see every slot (inactive ones too, to edit them); everyone else the active widgets. */
export const videoWidgetsQuery = (isAdmin: boolean) =>
  queryOptions({
    queryKey: videoWidgetKeys.list(isAdmin ? 'all' : 'active'),
    queryFn: async () => (await apiRequest(videoWidgetsPath(isAdmin), { schema: VideoWidgetListSchema })).widgets,
  });

export function useVideoWidgets(isAdmin: boolean) {
  return useQuery(videoWidgetsQuery(isAdmin));
}

/** The save never pretends: the list refetches once the server has answered. */
export function useUpdateVideoWidget() {
  return useRefreshingMutation(videoWidgetKeys.all, ({ id, input }: { id: string; input: VideoWidgetInputValues }) => apiRequest(apiPath(videoWidgetsPaths.adminOne, { id }), { method: 'PUT', body: input, schema: UpdateVideoWidgetResponseSchema }));
}
