import { eq } from 'drizzle-orm';
import { afterAll, beforeAll } from 'vitest';
import { organizations } from '../../src/db/schema';
import { DEMO_COMPANY } from '../../src/seed/organizations';
import { loginOperator } from './operator';
import { createTestApp, type TestApp } from './test-app';

/**
 * A test file's demo store with the operator signed in, and the demo organization's id: started
 * before the file's tests, stopped after them.
 */
export function useConsoleApp() {
  let t: TestApp;
  let op: Awaited<ReturnType<typeof loginOperator>>;
  let demoId: number;
  beforeAll(async () => {
    t = await createTestApp();
    op = await loginOperator(t);
    const [demo] = await t.db.select().from(organizations).where(eq(organizations.companyName, DEMO_COMPANY));
    demoId = demo!.id;
  });
  afterAll(() => t?.close());
  return {
    get t() {
      return t;
    },
    get op() {
      return op;
    },
    get demoId() {
      return demoId;
    },
  };
}
