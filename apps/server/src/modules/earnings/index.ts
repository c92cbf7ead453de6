export { getMyEarnings } from './earnings.service.ts';
export { getAdvancementChecks, type AdvancementCheck } from './earnings-advancement.service.ts';
