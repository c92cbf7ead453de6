export { recordAudit, recordAudits, listAuditLog, type AuditEntryInput } from './audit.service.ts';
