export { SESSION_ENDED_CLOSE_CODE } from './live-hub.ts';
export { announceSessionEnded, publishLiveEvent, publishLiveEvents, publishRoleEvents, type RoleEventInput } from './live-events.service.ts';
