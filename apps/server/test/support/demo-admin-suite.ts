import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

export type DemoAdmin = Awaited<ReturnType<TestApp['loginDemo']>>;

/**
 * A suite's app with the demo's admin signed in: started before the suite's tests, closed after them.
 * Its fields are set when the suite starts, so tests read them as they run (`suite.t`, `suite.admin`).
 */
export function demoAdminSuite() {
  const suite = {} as { t: TestApp; admin: DemoAdmin };
  beforeAll(async () => {
    suite.t = await createTestApp();
    suite.admin = await suite.t.loginDemo();
  });
  afterAll(() => suite.t.close());
  return suite;
}
