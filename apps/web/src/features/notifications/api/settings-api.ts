import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPath, NotificationSettingsSchema, type NotificationSettings, notificationsPaths } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationKeys } from './query-keys.ts';

/** Fetched afresh each time the settings modal opens. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: notificationKeys.settings,
    queryFn: () => apiRequest(apiPath(notificationsPaths.settings), { schema: NotificationSettingsSchema }),
    refetchOnMount: 'always',
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: NotificationSettings) =>
      apiRequest(apiPath(notificationsPaths.settings), { method: 'PUT', body: settings, schema: NotificationSettingsSchema }),
    onSuccess: async (saved) => {
      queryClient.setQueryData(notificationKeys.settings, saved);
      // A category switched off is no longer shown: the lists may change.
      await queryClient.invalidateQueries({ queryKey: notificationKeys.feed });
    },
  });
}
