import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import puppeteer from 'puppeteer-core';
import { type BenchRow, fmt, report } from './lib/report';
import { CHROMIUM, CHROMIUM_ARGS, PAGES, startWebStore } from './lib/web-pages';

// What a first visit costs: every script and stylesheet Chromium fetches until the page settles (no
// request for 500 ms), lazy route chunks included, counted gzip-compressed (level 9, as served
// pre-compressed), in a fresh browser profile each time. Also reports how the assets were served.
//
//   npx tsx bench/first-load.ts

const SETTLE_MS = 500;

const web = await startWebStore();
const browser = await puppeteer.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
const rows: BenchRow[] = [];
try {
  for (const page of PAGES) {
    const context = await browser.createBrowserContext();
    const tab = await context.newPage();
    if (page.signedIn) {
      await tab.evaluateOnNewDocument((user) => localStorage.setItem('currentUser', user), web.currentUser);
    }
    const assets: { url: string; gzip: number; br: number; raw: number; encoding: string; cache: string }[] =
      [];
    const reading: Promise<void>[] = [];
    tab.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      reading.push(
        response.buffer().then((body) => {
          const headers = response.headers();
          assets.push({
            url: new URL(response.url()).pathname,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
            br: brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
            encoding: headers['content-encoding'] ?? 'none',
            cache: headers['cache-control'] ?? 'none',
          });
        }),
      );
    });
    await tab.goto(web.url + page.path, { waitUntil: 'networkidle0' });
    await new Promise((r) => setTimeout(r, SETTLE_MS));
    await Promise.all(reading);
    const gzip = assets.reduce((n, a) => n + a.gzip, 0);
    const br = assets.reduce((n, a) => n + a.br, 0);
    const js = assets.filter((a) => a.url.endsWith('.js')).reduce((n, a) => n + a.gzip, 0);
    console.log(
      `${page.name}: ${assets.length} files, ${fmt(gzip / 1024, 1)} KB gzip (JS ${fmt(js / 1024, 1)} KB)`,
    );
    for (const a of assets.sort((x, y) => y.gzip - x.gzip)) {
      console.log(
        `  ${fmt(a.gzip / 1024, 1).padStart(6)} KB  ${a.url}  (served ${a.encoding}, cache-control: ${a.cache})`,
      );
    }
    rows.push({
      bench: 'web first load',
      figure: `${page.name}: JS + CSS, gzip`,
      value: `${fmt(gzip / 1024, 1)} KB`,
      goal: '≤ 120 KB',
    });
    rows.push({
      bench: 'web first load',
      figure: `${page.name}: same, brotli`,
      value: `${fmt(br / 1024, 1)} KB`,
    });
    await context.close();
  }
  const index = await fetch(`${web.url}/login`);
  rows.push({
    bench: 'web first load',
    figure: 'index.html cache-control',
    value: index.headers.get('cache-control') ?? 'none',
    goal: 'no-cache',
  });
} finally {
  await browser.close();
  await web.stop();
}
report(rows);
