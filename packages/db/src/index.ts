export * from './client.ts';
export * from './data-dir-lock.ts';
export * from './backup.ts';
export * as schema from './schema/index.ts';
export * from './schema/index.ts';
export * from './pubsub.ts';
