import { defineConfig } from 'vitest/config';

// One Vitest run for the unit and API tests of every workspace; browser tests live in e2e/.
export default defineConfig({
  test: {
    // Vitest's default is one file at a time on a 2-core machine (cores - 1); most files wait on
    // PostgreSQL, HTTP or a child process, so three at a time keep both cores busy.
    maxWorkers: 3,
    projects: [
      // Pure functions: nothing a file does can leak into the next, so the files of a worker share one
      // module cache instead of importing zod and the core again for each (23 s of the core's 24 s).
      {
        test: {
          name: 'core',
          root: 'packages/core',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          setupFiles: ['../../scripts/fail-on-console-error.ts'],
          globalSetup: ['test/support/database-templates.ts'],
          // The files of a worker share one module cache: the app and its libraries were imported
          // again for each file, most of the suite's time (the whole unit run: 790 s, then 453 s).
          // It holds because the server keeps no state in modules: what a test starts, it builds
          // (createTestApp) and closes.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['../../scripts/fail-on-console-error.ts'],
          // The files of a worker share one module cache (React, Mantine and the core imported once:
          // 55 s became 26 s); each file cleans up what it renders and undoes the globals it stubs.
          isolate: false,
          // Typing into Mantine forms under jsdom is CPU-bound: on a busy 2-core machine a form's
          // test can pass the 5 s default without anything being wrong.
          testTimeout: 20_000,
        },
      },
      // The year simulation, small (bench/lib/year): real store processes on PostgreSQL.
      {
        test: {
          name: 'year',
          root: 'bench',
          include: ['year.test.ts'],
          environment: 'node',
          testTimeout: 300_000,
        },
      },
    ],
  },
});
