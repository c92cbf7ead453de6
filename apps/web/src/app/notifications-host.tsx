import { lazy, Suspense, useState } from 'react';
import { useNotifications } from 'virtual:mantine-notifications-store';

const Notifications = lazy(async () => ({ default: (await import('@mantine/notifications')).Notifications }));

/**
 * The toasts' host (Mantine's Notifications, with its transitions and portal), downloaded when the
 * first toast is shown rather than on every first load: a visitor of the landing page who never
 * sees one does not download it. A toast shown before the host arrives waits in
 * @mantine/notifications' store and appears when the host mounts; after that the host stays.
 */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications();
  const [isNeeded, setIsNeeded] = useState(false);
  if (!isNeeded && notifications.length + queue.length > 0) setIsNeeded(true);
  if (!isNeeded) return null;
  return (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  );
}
