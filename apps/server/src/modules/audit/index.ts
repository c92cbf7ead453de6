export { recordAudit, listAuditLog, type AuditEntryInput } from './audit.service.ts';
