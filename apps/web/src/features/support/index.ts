export { ContactSupport } from './components/contact-support.tsx';
export { adminSupportQueryOptions, supportKeys, useAdminSupportRequests, useAnswerSupportRequest, useSupportLiveRefresh } from './api/support-api.ts';
