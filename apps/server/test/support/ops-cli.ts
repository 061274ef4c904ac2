import { runOps } from '../../src/cli/ops-commands';
import type { TestApp } from './test-app';

/**
 * The operator's tool run in-process against a test app, as `npm run ops --` runs it; `lines` holds
 * what the last command printed.
 */
export function opsCli(
  app: () => TestApp,
  lines: string[],
  where: { mode: 'demo' | 'production'; publicUrl: string },
) {
  return (...argv: string[]) => {
    lines.length = 0;
    const t = app();
    return runOps(argv, {
      db: t.db,
      clock: t.clock,
      gateway: async () => t.gateway,
      signingKeys: t.signingKeys,
      ...where,
      out: (l) => lines.push(l),
    });
  };
}
