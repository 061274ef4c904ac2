import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { constants } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type Rollup } from 'vite';
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
  // Its locales apart: only the operator's console loads one (packages/core/src/zod-english.ts).
  ['zod-locale', /\/node_modules\/zod\/v4\/locales\//],
  ['zod', /\/node_modules\/zod\//],
  // Only Mantine's popovers (menus, tooltips, dropdowns) need it; left to the bundler it shares a chunk
  // with small hooks every input uses, and each screen with a form loaded it.
  ['floating-ui', /\/node_modules\/@floating-ui\//],
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

/**
 * React Router's package points every bundler at its development build, whose only difference is
 * that it checks the route table and warns while it renders. The build takes the production one.
 */
function reactRouterProductionBuild(): Plugin {
  const pkg = createRequire(import.meta.url).resolve('react-router/package.json');
  const production = join(dirname(pkg), 'dist/production/index.mjs');
  return {
    name: 'react-router-production-build',
    enforce: 'pre',
    apply: 'build',
    resolveId: (source) => (source === 'react-router' ? production : null),
  };
}

/** One import of one Mantine module answered by a file of ours instead (`src/lib/…`). */
function standIn(
  name: string,
  opts: { importer: string; source: string; file: string; buildOnly?: boolean },
): Plugin {
  const replacement = fileURLToPath(new URL(`./src/lib/${opts.file}`, import.meta.url));
  return {
    name,
    enforce: 'pre',
    ...(opts.buildOnly ? { apply: 'build' as const } : {}),
    resolveId(source, importer) {
      const matches = source === opts.source && importer?.includes(opts.importer);
      return matches ? replacement : null;
    },
  };
}

/**
 * Mantine's ScrollArea, under every Table, takes a single hook (useMergeRefs) from @floating-ui/react,
 * and with it the whole positioning library (15 KB gzip) that only popovers need. That one import is
 * answered with Mantine's own equivalent (src/lib/merge-refs.ts).
 */
const scrollAreaWithoutFloatingUi = () =>
  standIn('scroll-area-without-floating-ui', {
    importer: '/@mantine/core/esm/components/ScrollArea/',
    source: '@floating-ui/react',
    file: 'merge-refs.ts',
  });

/**
 * Mantine's Table carries its ScrollContainer, and with it the ScrollArea (5 KB gzip), on every screen
 * with a table, though only Billing History scrolls one. The container's ScrollArea becomes a lazy
 * component, whose chunk loads with the first table that scrolls (src/lib/lazy-scroll-area.ts).
 */
const tableWithLazyScrollArea = () =>
  standIn('table-with-lazy-scroll-area', {
    importer: '/@mantine/core/esm/components/Table/TableScrollContainer',
    source: '../ScrollArea/ScrollArea.mjs',
    file: 'lazy-scroll-area.ts',
    buildOnly: true,
  });

/**
 * Each Mantine component brings its own stylesheet: wherever the build includes a component's class
 * names (its `X.module.css.mjs`), it imports `@mantine/core/styles/X.css` beside them, so a screen
 * loads the styles of exactly the components it renders, in the order of their imports, which is
 * the order Mantine's "CSS files list" asks for (docs/decisions/020). In development Mantine is
 * pre-bundled, so the whole stylesheet is loaded instead (src/app/mantine-styles.ts).
 */
function mantineStylesWithComponents(): Plugin {
  const classNames = /\/@mantine\/core\/esm\/.*\/(\w+)\.module\.css\.mjs$/;
  return {
    name: 'mantine-styles-with-components',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      const component = classNames.exec(id)?.[1];
      // On the first line, so every line stays where it was and the incoming source map still holds
      // (a null map says so to Rollup).
      return component ? { code: `import '@mantine/core/styles/${component}.css';${code}`, map: null } : null;
    },
  };
}

/** The shell's read on every screen (features/config/api/get-config.ts). */
const CONFIG_READ = '/api/misc/config';

/**
 * The screens whose first visit waits on their chunk or on the API, by the address the server answers
 * with index.html. On a phone on slow 4G the login screen's chunk was asked for only once the entry
 * had been downloaded, evaluated and rendered: a second wait on the network, behind the main
 * thread's longest work (Lighthouse's mobile run: LCP 4.2 → 3.0 s). The product page's paint waits
 * on its three answers (app/early-start.ts asks for them as the entry starts): the page asks for them
 * with the document instead, so they have arrived by the time the entry runs. Its chunks are not
 * listed: fetched beside the entry they share slow 4G with it (LCP 4.5 → 5.6 s at first; with its
 * reads listed, LCP 2.3 → 2.2 s but total blocking time 160 → 250 ms, the score 95 → 92). `$1` in a
 * read is the address's first group, as the screen reads it (decoded, then encoded as a URI component).
 */
const FIRST_SCREENS: { path: string; screen?: string; reads: string[] }[] = [
  { path: '^/login/?$', screen: '/src/app/routes/login/index.tsx', reads: [CONFIG_READ] },
  {
    path: '^/Products/([^/]+)/?$',
    // features/catalog/api: get-products, get-plans-for-product, get-billing-cycle-discounts.
    reads: [
      '/api/product/all',
      '/api/product/plans_for_product/$1',
      '/api/misc/billingCycleDiscounts',
      CONFIG_READ,
    ],
  },
];

/**
 * For each first screen, the `<link>`s that fetch its chunk, the chunks it imports and their styles
 * beside the entry (what the entry loads itself left out), and its API reads, written to
 * `first-screens.json`: the server adds them to index.html for an address of that screen
 * (apps/server/src/plugins/web-app.ts). Styles are preloaded, not linked: they apply when the
 * screen's import adds them, as before. A read's answer waits in the browser for the app's own
 * fetch of the same address, which takes it instead of asking again.
 */
function firstScreenPreloads(): Plugin {
  const chunksOf = (bundle: Rollup.OutputBundle) =>
    Object.values(bundle).filter((file): file is Rollup.OutputChunk => file.type === 'chunk');
  /** A chunk and every chunk it imports statically, each once. */
  const closure = (
    bundle: Rollup.OutputBundle,
    from: Rollup.OutputChunk,
    seen = new Set<Rollup.OutputChunk>(),
  ) => {
    if (seen.has(from)) return seen;
    seen.add(from);
    for (const name of from.imports) closure(bundle, bundle[name] as Rollup.OutputChunk, seen);
    return seen;
  };
  const filesOf = (chunks: Set<Rollup.OutputChunk>) =>
    [...chunks].flatMap((c) => [c.fileName, ...(c.viteMetadata?.importedCss ?? [])]);
  return {
    name: 'first-screen-preloads',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const entry = chunks.find((c) => c.isEntry);
      if (!entry) throw new Error('the build has no entry chunk');
      const loaded = new Set(filesOf(closure(bundle, entry)));
      const screens = FIRST_SCREENS.map(({ path, screen, reads }) => {
        let files: string[] = [];
        if (screen) {
          const chunk = chunks.find((c) => c.facadeModuleId?.endsWith(screen));
          if (!chunk) throw new Error(`no chunk for the first screen ${screen}`);
          files = filesOf(closure(bundle, chunk)).filter((file) => !loaded.has(file));
        }
        const head = [
          ...reads.map((read) => `<link rel="preload" as="fetch" crossorigin href="${read}">`),
          ...files.map((file) =>
            file.endsWith('.css')
              ? `<link rel="preload" as="style" crossorigin href="/${file}">`
              : `<link rel="modulepreload" crossorigin href="/${file}">`,
          ),
        ].join('');
        return { path, head };
      });
      this.emitFile({ type: 'asset', fileName: 'first-screens.json', source: JSON.stringify(screens) });
    },
  };
}

export default defineConfig({
  resolve: { alias: PREACT_FOR_REACT },
  plugins: [
    reactRouterProductionBuild(),
    scrollAreaWithoutFloatingUi(),
    tableWithLazyScrollArea(),
    mantineStylesWithComponents(),
    react(),
    firstScreenPreloads(),
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
