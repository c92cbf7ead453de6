import { useMutation } from '@tanstack/react-query';
import { apiPath, notificationsPaths, SendSystemNotificationResponseSchema, type SendSystemNotificationInput } from '@myeai/domain';
import { apiRequest } from '../../../lib/api-client.ts';

/** Admin only: the server queues the fan-out as a job and answers 202. */
export function useSendSystemNotification() {
  return useMutation({
    mutationFn: (input: SendSystemNotificationInput) =>
      apiRequest(apiPath(notificationsPaths.adminSend), { method: 'POST', body: input, schema: SendSystemNotificationResponseSchema }),
  });
}
