import { useCallback, useState } from 'react';

export type DesktopAlertPermission = NotificationPermission | 'unsupported';

const readPermission = (): DesktopAlertPermission => (typeof Notification === 'undefined' ? 'unsupported' : Notification.permission);

/**
 * Browser notifications for the trader desk. Permission is only ever asked from a user's click
 * (`request`), never on page load; `notify` does nothing unless it was granted.
 */
export function useDesktopAlerts() {
  const [permission, setPermission] = useState<DesktopAlertPermission>(readPermission);

  const request = useCallback(async () => {
    if (typeof Notification === 'undefined') return;
    setPermission(await Notification.requestPermission());
  }, []);

  const notify = useCallback((title: string, body: string, tag: string) => {
    if (readPermission() !== 'granted') return;
    try {
      // The tag makes a repeated event (a replay after a reconnect) replace its alert, not add one.
      new Notification(title, { body, tag });
    } catch (error) {
      console.warn('desktop notification failed', error);
    }
  }, []);

  return { permission, request, notify };
}
