export { ContactSupport } from './components/contact-support.tsx';
export { AnswerBox, WrittenText } from './components/request-parts.tsx';
export { adminSupportQueryOptions, supportKeys, useAdminSupportRequests, useAnswerSupportRequest, useMySupportRequests, useSupportLiveRefresh } from './api/support-api.ts';
