import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { argNumber, type BenchRow, fmt, median, report } from './lib/report';
import { CHROMIUM, CHROMIUM_ARGS, PAGES, startWebStore } from './lib/web-pages';

// Lighthouse (desktop preset) on the three budgeted pages, each in a fresh browser profile: the
// performance and accessibility scores, and the metrics behind performance. The signed-in page gets
// the session in local storage from a page of the same origin that loads no asset, so its scripts
// and stylesheets still come from the network.
//
//   npx tsx bench/lighthouse.ts [--runs 3]   (median of the runs)

const RUNS = argNumber('runs', 3);

const web = await startWebStore();
const rows: BenchRow[] = [];
try {
  for (const page of PAGES) {
    const scores: { performance: number; accessibility: number; fcp: number; lcp: number; tbt: number }[] =
      [];
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
          { logLevel: 'error', disableStorageReset: true, onlyCategories: ['performance', 'accessibility'] },
          desktopConfig,
          tab,
        );
        if (!result) throw new Error(`lighthouse gave no result for ${page.path}`);
        const { categories, audits } = result.lhr;
        scores.push({
          performance: Math.round((categories.performance?.score ?? 0) * 100),
          accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
          fcp: audits['first-contentful-paint']?.numericValue ?? 0,
          lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
          tbt: audits['total-blocking-time']?.numericValue ?? 0,
        });
      } finally {
        await browser.close();
      }
    }
    const m = (key: keyof (typeof scores)[number]) => median(scores.map((s) => s[key]));
    console.log(
      `${page.name}: performance ${scores.map((s) => s.performance).join(', ')}; accessibility ${scores.map((s) => s.accessibility).join(', ')}; median FCP ${fmt(m('fcp'))} ms, LCP ${fmt(m('lcp'))} ms, TBT ${fmt(m('tbt'))} ms`,
    );
    rows.push(
      {
        bench: 'lighthouse desktop',
        figure: `${page.name}: performance`,
        value: fmt(m('performance')),
        goal: '≥ 95',
      },
      {
        bench: 'lighthouse desktop',
        figure: `${page.name}: accessibility`,
        value: fmt(m('accessibility')),
        goal: '100',
      },
    );
  }
} finally {
  await web.stop();
}
report(rows);
