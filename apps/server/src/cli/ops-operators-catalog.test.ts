import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Rights } from '@store/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { opsCli } from '../../test/support/ops-cli';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { organizations, persons, pricingPlans } from '../db/schema';
import { demoCatalogFile } from '../paths';
import { OpsError } from './ops-error';

// The operator's tool for operators and the catalogue (docs/operator.md, decision 015), starting
// from an empty database as production does: import, export, availability and price.

let t: TestApp;
const lines: string[] = [];
const dir = mkdtempSync(join(tmpdir(), 'ops-catalog-'));
const ops = opsCli(() => t, lines, { mode: 'production', publicUrl: 'https://store.example.com' });

beforeAll(async () => {
  t = await createTestApp({ seed: false });
});
afterAll(() => t?.close());

describe('operators', () => {
  it('adds an operator in the store organization, mails a password link, removes them', async () => {
    expect(await ops('operator:add', 'Ana@Store.example', '--first', 'Ana', '--last', 'Ops')).toBe(0);
    expect(lines[0]).toContain('ana@store.example is now a store operator.');
    await t.flushMail();
    const mail = t.mailer.sent.at(-1)!;
    expect(mail.to).toBe('ana@store.example');
    expect(mail.text).toContain('https://store.example.com/');
    const [ana] = await t.db
      .select({ rights: persons.rights, isStore: organizations.isStore })
      .from(persons)
      .innerJoin(organizations, eq(organizations.id, persons.organizationId))
      .where(eq(persons.email, 'ana@store.example'));
    expect(ana).toEqual({ rights: Rights.User | Rights.Operator, isStore: true });
    await ops('org:list');
    expect(lines).toEqual(['No organizations yet.']);
    await ops('operator:list');
    expect(lines).toEqual(['ana@store.example  Ana Ops']);
    expect(await ops('operator:remove', 'ana@store.example')).toBe(0);
    await expect(ops('operator:remove', 'ana@store.example')).rejects.toThrow(
      new OpsError('ana@store.example is not a store operator.'),
    );
    await expect(ops('operator:add', 'not-an-address', '--first', 'A', '--last', 'B')).rejects.toThrow(
      OpsError,
    );
  });
});

describe('the catalogue from a file', () => {
  it('starts empty, imports the demo file, exports it back the same, and refuses a bad file', async () => {
    await ops('catalog:list');
    expect(lines[0]).toContain('The catalogue is empty.');
    expect(await ops('catalog:import', demoCatalogFile)).toBe(0);
    expect(lines[0]).toContain('products added 7, updated 0; plans added 18, updated 0.');
    const out = join(dir, 'export.json');
    await ops('catalog:export', out);
    const exported = JSON.parse(readFileSync(out, 'utf8'));
    const original = JSON.parse(readFileSync(demoCatalogFile, 'utf8'));
    expect(exported.products.map((p: { name: string }) => p.name)).toEqual(
      original.products.map((p: { name: string }) => p.name),
    );
    expect(exported.products[0].plans).toEqual(original.products[0].plans);
    // Importing again changes nothing but says it updated.
    await ops('catalog:import', out);
    expect(lines[0]).toContain('products added 0, updated 7; plans added 0, updated 18.');

    const bad = join(dir, 'bad.json');
    writeFileSync(
      bad,
      JSON.stringify({ products: [{ product: 1, name: 'Pro', plans: [{ monthlyFee: -5 }] }] }),
    );
    await expect(ops('catalog:import', bad)).rejects.toThrow(/is not a catalogue file; nothing was imported/);
  });

  it('stops selling a plan, sells it again, changes its price', async () => {
    const [plan] = await t.db.select().from(pricingPlans).where(eq(pricingPlans.planName, 'Pro Standard'));
    await ops('catalog:plan-unavailable', String(plan!.id));
    expect(lines[0]).toBe(
      `Plan ${plan!.id} 'Pro Standard' is no longer sold; its subscribers keep it (shown '(Grandfathered)').`,
    );
    const shop = await t.client().get('/api/product/plans_for_product/Pro');
    expect(shop.body.map((p: { planName: string }) => p.planName)).not.toContain('Pro Standard');
    await ops('catalog:plan-available', String(plan!.id));
    await ops('catalog:plan-price', String(plan!.id), '275.50');
    expect(lines[0]).toBe(
      `Plan ${plan!.id} 'Pro Standard' now costs $275.50 a month for new purchases; 0 subscription(s) take the new price at their next renewal.`,
    );
    const [after] = await t.db.select().from(pricingPlans).where(eq(pricingPlans.id, plan!.id));
    expect(after!.monthlyFeeCents).toBe(27_550);
    await expect(ops('catalog:plan-price', String(plan!.id), 'free')).rejects.toThrow(OpsError);
  });
});
