/** The embedded database backup download (admin, or the backup token; docs/decisions on backups). */
export const backupPaths = {
  download: '/api/admin/backup',
} as const;
