export { getMyEarnings } from './earnings.service.ts';
