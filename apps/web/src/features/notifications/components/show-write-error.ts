import { notifications } from '@mantine/notifications';

/** A write the server refused or that never reached it: say so; nothing changed locally. */
export function showWriteError(title: string, error: Error) {
  notifications.show({ color: 'red', title, message: error.message });
}
