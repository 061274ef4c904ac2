import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { argNumber, type BenchRow, fmt, median, report } from './lib/report';
import { CHROMIUM, CHROMIUM_ARGS, PAGES, startWebStore } from './lib/web-pages';

// Lighthouse on the budgeted pages, each run in a fresh browser profile: the performance and
// accessibility scores and the metrics behind performance (FCP, LCP, TBT, CLS). Two presets:
// desktop on the three pages, and Lighthouse's default mobile run (a mid-range phone, slow 4G,
// simulated) on the two public pages the phone budget names. The signed-in page gets the session in
// local storage from a page of the same origin that loads no asset, so its scripts and stylesheets
// still come from the network.
//
//   npx tsx bench/lighthouse.ts [--runs 3] [--preset desktop|mobile] [--page product]
//   (median of the runs; both presets without --preset; --page keeps the pages whose name contains it)

const RUNS = argNumber('runs', 3);
const presetArg = process.argv.includes('--preset')
  ? process.argv[process.argv.indexOf('--preset') + 1]
  : null;
if (presetArg !== null && presetArg !== 'desktop' && presetArg !== 'mobile')
  throw new Error('--preset is desktop or mobile');
const pageArg = process.argv.includes('--page') ? process.argv[process.argv.indexOf('--page') + 1] : null;

const PRESETS = [
  { name: 'desktop', config: desktopConfig, pages: PAGES, goal: '≥ 95' },
  // No config: Lighthouse's default is the mobile run (Moto G Power class CPU, slow 4G, simulated).
  { name: 'mobile', config: undefined, pages: PAGES.filter((p) => !p.signedIn), goal: '≥ 90' },
] as const;

interface Run {
  performance: number;
  accessibility: number;
  fcp: number;
  lcp: number;
  tbt: number;
  cls: number;
}

const web = await startWebStore();
const rows: BenchRow[] = [];
try {
  for (const preset of PRESETS) {
    if (presetArg !== null && presetArg !== preset.name) continue;
    for (const page of preset.pages) {
      if (pageArg != null && !page.name.includes(pageArg)) continue;
      const runs: Run[] = [];
      for (let run = 0; run < RUNS; run++) {
        const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
        try {
          const tab = await browser.newPage();
          await tab.goto(`${web.url}/api/health`);
          if (page.signedIn) {
            await tab.evaluate((user) => localStorage.setItem('currentUser', user), web.currentUser);
          }
          const result = await lighthouse(
            web.url + page.path,
            {
              logLevel: 'error',
              disableStorageReset: true,
              onlyCategories: ['performance', 'accessibility'],
            },
            preset.config,
            tab,
          );
          if (!result) throw new Error(`lighthouse gave no result for ${page.path}`);
          // A run Lighthouse could not finish (NO_FCP, NO_NAVSTART on a busy machine) has no metrics:
          // counted as a zero it would drag the median down, so it is reported and left out.
          if (result.lhr.runtimeError) {
            console.log(
              `${preset.name} ${page.name}: run ${run + 1} failed (${result.lhr.runtimeError.code}), not counted`,
            );
            continue;
          }
          const { categories, audits } = result.lhr;
          runs.push({
            performance: Math.round((categories.performance?.score ?? 0) * 100),
            accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
            fcp: audits['first-contentful-paint']?.numericValue ?? 0,
            lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
            tbt: audits['total-blocking-time']?.numericValue ?? 0,
            cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
          });
        } finally {
          await browser.close();
        }
      }
      if (runs.length === 0) throw new Error(`no run of ${page.name} (${preset.name}) finished`);
      const m = (key: keyof Run) => median(runs.map((s) => s[key]));
      const each = (key: keyof Run, digits = 0) => runs.map((s) => fmt(s[key], digits)).join(', ');
      console.log(
        `${preset.name} ${page.name}: performance ${each('performance')}; accessibility ${each('accessibility')}; ` +
          `LCP ${each('lcp')} ms; TBT ${each('tbt')} ms; CLS ${each('cls', 3)}; ` +
          `median FCP ${fmt(m('fcp'))} ms, LCP ${fmt(m('lcp'))} ms, TBT ${fmt(m('tbt'))} ms, CLS ${fmt(m('cls'), 3)}`,
      );
      const bench = `lighthouse ${preset.name}`;
      rows.push(
        { bench, figure: `${page.name}: performance`, value: fmt(m('performance')), goal: preset.goal },
        { bench, figure: `${page.name}: accessibility`, value: fmt(m('accessibility')), goal: '100' },
        { bench, figure: `${page.name}: LCP (ms)`, value: fmt(m('lcp')) },
        { bench, figure: `${page.name}: TBT (ms)`, value: fmt(m('tbt')) },
        { bench, figure: `${page.name}: CLS`, value: fmt(m('cls'), 3) },
      );
    }
  }
} finally {
  await web.stop();
}
report(rows);
