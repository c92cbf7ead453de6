/**
 * @mantine/notifications' store module alone (vite.config.ts aliases it to the package's file): the
 * toasts' host reads the store on the first load without pulling in the Notifications component,
 * which the package's single entry would (app/notifications-host.tsx).
 */
declare module 'virtual:mantine-notifications-store' {
  export { useNotifications } from '@mantine/notifications';
}
