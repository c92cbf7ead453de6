import { config } from 'zod';

/**
 * zod compiles its object parsers with `new Function` once it finds eval allowed, and finds out by
 * trying: under the server's content security policy (no 'unsafe-eval') that try is a reported
 * violation. Jitless, zod neither tries nor compiles. A schema reads the setting when it is made:
 * the build puts this module in zod's own chunk (vite.config.ts), which runs before any chunk
 * that defines a schema, and main.tsx imports it first for the development server.
 */
config({ jitless: true });
