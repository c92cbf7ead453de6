export { ReadCache, type Loaded, type ReadCacheOptions } from './read-cache.ts';
export { sendJsonBody, validatedJsonBody } from './json-body.ts';
export { TableCache, type TableCacheOptions } from './table-cache.ts';
export { USER_CHANGES_CHANNEL, userChangeFeedFor, type UserChangeFeed } from './user-change-feed.ts';
export { registerUserChanges } from './user-changes.plugin.ts';
