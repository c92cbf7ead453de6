import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Writes x.br and x.gz beside every text file of the build; the server sends them to browsers
 * that accept them (@fastify/static preCompressed), so the first load moves about a third of the bytes.
 */
function precompress(): Plugin {
  return {
    name: 'myeai-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const path = join(options.dir!, fileName);
        const data = readFileSync(path);
        if (data.length < 1024) continue;
        writeFileSync(`${path}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
      }
    },
  };
}

/**
 * Names the build in index.html (<meta name="myeai-build">), from the names of its files (which
 * carry their content hashes): the same sources give the same id. The server sends the id of the
 * build it serves on every answer, and a tab of an older build offers a reload (src/lib/app-version.ts).
 */
function buildId(): Plugin {
  return {
    name: 'myeai-build-id',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        const names = Object.keys(context.bundle).filter((name) => name !== 'index.html').sort();
        const id = createHash('sha256').update(names.join('\n')).digest('hex').slice(0, 16);
        return [{ tag: 'meta', attrs: { name: 'myeai-build', content: id }, injectTo: 'head-prepend' }];
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), buildId()],
  resolve: {
    alias: {
      // The store module of @mantine/notifications (the same module instance the package's entry
      // re-exports), for the toasts' host: src/mantine-notifications-store.d.ts says why.
      'virtual:mantine-notifications-store': resolve(import.meta.dirname, '../../node_modules/@mantine/notifications/esm/notifications.store.mjs'),
    },
  },
  // Writes <meta property="csp-nonce" nonce="..."> and that placeholder as the nonce of every
  // script and link tag; the server replaces it with each response's nonce (plugins/web-app.ts).
  html: { cspNonce: 'MYEAI_CSP_NONCE' },
  server: {
    port: 5173,
    // The server also answers the short links /r/CODE and the tracked product links /go/ID.
    proxy: {
      '/api': 'http://localhost:3000',
      '/ws': { target: 'ws://localhost:3000', ws: true },
      '/r/': 'http://localhost:3000',
      '/go/': 'http://localhost:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // Pages are split by route (app/screens.tsx lazyPage). Vendor code every page needs gets
        // its own long-cached chunks. No single Mantine chunk: one chunk of every Mantine component
        // used anywhere would make the landing page download the signed-in pages' components too.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 4 },
            // With zod, its jitless setting (src/lib/zod-without-eval.ts): a chunk runs before those
            // that import it, so the setting is made before any page chunk defines a schema.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]|src[\\/]lib[\\/]zod-without-eval\.ts$/, priority: 3 },
            // The form library (and its two helpers), one chunk for the pages with a form: merged into the
            // entries-aware vendor sets it made two of them import each other, and the one evaluated
            // second called a not yet defined function (login page "S is not a function").
            { name: 'mantine-form', test: /node_modules[\\/](@mantine[\\/]form|klona|fast-deep-equal)[\\/]/, priority: 3 },
            // The rest of the first load's libraries, in one chunk.
            { name: 'vendor-initial', test: /node_modules/, tags: ['$initial'], priority: 2 },
            // The libraries only lazy chunks use, one chunk per set of pages that share them, the
            // small sets merged into a neighbour: without this every Mantine component and icon
            // shared by two pages is a chunk of its own, and the dashboard with the app shell
            // needed some 50 requests, queued six at a time on an HTTP/1.1 connection pool.
            { name: 'vendor', test: /node_modules/, entriesAware: true, entriesAwareMergeThreshold: 48 * 1024, priority: 1 },
          ],
        },
        // entriesAware names each chunk after the pages that share it, which gets long.
        chunkFileNames: (chunk) => (chunk.name.startsWith('vendor~') ? 'assets/vendor-[hash].js' : 'assets/[name]-[hash].js'),
      },
    },
  },
});
