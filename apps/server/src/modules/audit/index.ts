export { recordAudit, recordAudits, listAuditLog, type AuditEntryInput } from './audit.service.ts';
export { selectAuditPage, type AuditRow } from './audit.queries.ts';
