import type { JobHandler } from '../jobs/index.ts';
import { PASSWORD_RESET_JOB, sendPasswordResetLink } from './password-reset.service.ts';

export { answerExistingRegistration, sendVerificationLink } from './email-verification.service.ts';

export const accountJobHandlers: Record<string, JobHandler> = { [PASSWORD_RESET_JOB]: sendPasswordResetLink };
