export * from './users.ts';
export * from './sessions.ts';
export * from './content.ts';
export * from './audit.ts';
export * from './notifications.ts';
export * from './jobs.ts';
export * from './mail.ts';
export * from './leads.ts';
