import { existsSync } from 'node:fs';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';

const repoRoot = path.resolve(import.meta.dirname, '..');
// Set once in the main process and inherited by the workers: runs started at the same time in one
// checkout keep their artifacts and server logs apart.
process.env.E2E_RUN_ID ??= `${Date.now()}-${process.pid}`;
// Chromium's headless shell (Debian's chromium-headless-shell, the build Playwright itself runs
// headless) when installed: the same engine without the full browser's windowing and GPU process,
// a fifth less CPU than /usr/bin/chromium over the same specs. CHROMIUM_PATH names another.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const chromium =
  process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // Builds the web app when stale and starts one real server (fresh data dir, demo mode) per run;
  // the function it returns stops the server and removes the data.
  globalSetup: './support/global-setup.ts',
  outputDir: path.join(repoRoot, `test-results/e2e-artifacts-${process.env.E2E_RUN_ID}`),
  // A 2-core machine: one server, two browsers at most (CI included: one browser would take the
  // suite past its time budget).
  workers: 2,
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  retries: 0,
  // Generous: the machine is shared and argon2 sign-ins are CPU-bound.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['json', { outputFile: path.join(repoRoot, 'test-results/e2e.json') }]],
  use: {
    ...devices['Desktop Chrome'],
    // Workers inherit the environment that the global setup wrote (the server's address).
    baseURL: process.env.E2E_BASE_URL,
    headless: true,
    launchOptions: {
      executablePath: chromium,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    },
    // The tests of a worker share one browser context and tab, which Playwright resets between tests
    // (cookies, cache, storage of the origins visited, routes and init scripts; permissions, offline
    // and extra headers are not reset, and no test sets them): a new context per test started a
    // renderer and compiled the app again, a fifth of the browser tests' time. A test that needs a browser
    // of its own opens one with browser.newContext().
    reuseContext: true,
    // No trace: recording one for every test (kept or not) cost Chromium and the runner about a
    // tenth of the browser tests' CPU, the screencast alone once 45 %. A failed test keeps a
    // screenshot of the moment it failed; to see its actions, console and network, run it again
    // with `--trace retain-on-failure`.
    trace: 'off',
    // The browser asks for less motion, as some people's do: the app then opens menus and dialogs
    // without their transitions (theme.ts), and Chromium paints no frames of animations to wait for.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'UTC',
  },
});
