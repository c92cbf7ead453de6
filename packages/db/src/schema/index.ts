export * from './users.ts';
export * from './sessions.ts';
export * from './content.ts';
export * from './audit.ts';
