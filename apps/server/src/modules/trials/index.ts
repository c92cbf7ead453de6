export { trialJobHandlers } from './trials.jobs.ts';
export { requireTrialFeature } from './trial-feature-guard.ts';
export { getAccessLevel, markTrialConverted, getTrialOfUser } from './trials.service.ts';
export { accessLevelReaderFor, type AccessLevelAt, type AccessLevelReader } from './access-level-reader.ts';
export { seedTrialsDemo } from './trials.seed.ts';
