import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/** Runs axe-core (WCAG 2.0, 2.1 and 2.2, A and AA) on the page and fails with a readable list of violations. */
export async function expectNoAxeViolations(page: Page, options: { exclude?: string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags([
    'wcag2a',
    'wcag2aa',
    'wcag21a',
    'wcag21aa',
    'wcag22aa',
    'best-practice',
  ]);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  // axe.run in the page itself, into its same-origin frames (the store embeds no other origin's):
  // the default opens a second page to merge the frames' results, and loads axe there again.
  builder = builder.setLegacyMode(true);
  // Only violations are judged: axe then keeps one example of each passing or inapplicable rule
  // instead of every node it checked, which halved its time on a full screen.
  builder = builder.options({ resultTypes: ['violations'] });
  // Judge the page at rest: mid-transition (the cookie notice's 1000 ms slide, a fading alert) colours
  // are blended with what is behind them, and axe would measure a contrast nobody reads.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        // Spinners loop forever; only transitions that end are waited for.
        .filter((a) => a.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY)
        .every((a) => a.playState !== 'running'),
    undefined,
    { timeout: 5_000 },
  );
  const { violations } = await builder.analyze();
  const readable = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`,
  );
  expect(readable, 'axe-core accessibility violations').toEqual([]);
}
