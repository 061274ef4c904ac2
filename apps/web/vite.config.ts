import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

/**
 * Libraries every screen loads and that change rarely get chunks of their own, so a new build of the
 * app leaves their names (content hashes) as they were and browsers keep them cached. Mantine is left
 * to the bundler: one chunk of all of it would make every first visit load the components only some
 * screens use.
 */
const VENDOR_CHUNKS: [chunk: string, packages: RegExp][] = [
  ['preact', /\/node_modules\/preact\//],
  ['router', /\/node_modules\/react-router\//],
  ['query', /\/node_modules\/@tanstack\//],
  ['zod', /\/node_modules\/zod\//],
];

/**
 * Preact's React compatibility layer runs the app in place of react-dom: about 12 KB gzip instead of
 * 60, the largest single saving of the first-load budget. Mantine, React Router and TanStack Query
 * run on it unchanged; the browser tests exercise the built app on it. Unit tests keep React.
 */
const PREACT_FOR_REACT = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/compat/jsx-$1runtime' },
  { find: /^react(-dom)?$/, replacement: 'preact/compat' },
];

export default defineConfig({
  resolve: { alias: PREACT_FOR_REACT },
  plugins: [
    react(),
    // Every file is stored beside its brotli and gzip forms, compressed once at the highest levels;
    // the server sends the one the browser accepts (apps/server/src/plugins/web-app.ts).
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      exclude: [/\.map$/],
      threshold: 1024,
    }),
  ],
  server: {
    port: 5173,
    // The API and the SPA share one origin in production; the proxy keeps it that way in development
    // so the XSRF cookie and relative /api URLs behave the same.
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    rollupOptions: {
      output: {
        manualChunks: (id) => VENDOR_CHUNKS.find(([, packages]) => packages.test(id))?.[0],
      },
    },
  },
});
