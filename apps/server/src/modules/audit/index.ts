export { recordAudit, listAuditLog, type AuditEntryInput } from './audit.service.ts';
export { auditRoutes } from './audit.routes.ts';
