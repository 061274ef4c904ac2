import { RoleMessages } from '@store/core';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { makeOrganization } from '../../../test/support/billing';
import { DAY, licensingTestFile, PASSWORD, USER_EMAIL } from '../../../test/support/licensing';
import { organizations, persons } from '../../db/schema';

// The License section's machines (docs/design.md §5): which machines hold the key's seats, and Deactivate
// for one of them with the rights of Flush Keys (the owning organization's admins, never the parent).

const l = licensingTestFile('each');

const activate = (licenseKey: string, kind: string, hostname: string) =>
  l.activate(licenseKey, kind, hostname);

describe('GET /api/subscription/{id}/machines', () => {
  it('lists every machine with its kind, dates and state, and the seats held against the limits', async () => {
    const sub = await l.subscribe('Pro Business', { numberMachines: 3, xtraAutoTags: 1 });
    await activate(sub.apiKey1, 'engine', 'silent-01');
    l.clock.advanceDays(5);
    await activate(sub.apiKey1, 'engine', 'press-02');
    await activate(sub.apiKey1, 'engine', 'press-01');
    await activate(sub.apiKey1, 'designer', 'studio-01');
    l.clock.advanceDays(3); // silent-01: 8 days without a sign of life
    const now = l.clock.now().getTime();
    l.admin = await l.login();
    const res = await l.admin.get(`/api/subscription/${sub.id}/machines`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      heartbeatWindowDays: 7,
      engines: { used: 2, limit: 3 },
      designers: { used: 1, limit: 3 },
    });
    expect(
      res.body.machines.map((m: { kind: string; hostname: string; alive: boolean }) => [
        m.kind,
        m.hostname,
        m.alive,
      ]),
    ).toEqual([
      ['engine', 'press-01', true],
      ['engine', 'press-02', true],
      ['engine', 'silent-01', false],
      ['designer', 'studio-01', true],
    ]);
    expect(res.body.machines[0]).toMatchObject({
      activatedAt: new Date(now - 3 * DAY).toISOString(),
      lastSeenAt: new Date(now - 3 * DAY).toISOString(),
      heartbeatDeadline: new Date(now + 4 * DAY).toISOString(),
    });
    expect(res.body.machines[0].machineId).toEqual(expect.any(Number));
  });

  it('shows a plain user the machines too', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    await activate(sub.apiKey1, 'engine', 'seen-by-user');
    const user = await l.t.login(USER_EMAIL, PASSWORD, l.org.id);
    const res = await user.get(`/api/subscription/${sub.id}/machines`);
    expect(res.body.machines.map((m: { hostname: string }) => m.hostname)).toEqual(['seen-by-user']);
  });
});

describe('DELETE /api/subscription/{id}/machines/{machineId}', () => {
  it('releases that seat only: the engine stops validating and another machine takes the seat', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 2 });
    await activate(sub.apiKey1, 'engine', 'keep-me');
    await activate(sub.apiKey1, 'engine', 'retire-me');
    expect((await activate(sub.apiKey1, 'engine', 'replacement')).body.code).toBe('TOO_MANY_MACHINES');
    const list = await l.admin.get(`/api/subscription/${sub.id}/machines`);
    const retire = list.body.machines.find((m: { hostname: string }) => m.hostname === 'retire-me');

    const res = await l.admin.delete(`/api/subscription/${sub.id}/machines/${retire.machineId}`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ machineId: retire.machineId, kind: 'engine', hostname: 'retire-me' });

    const validation = (hostname: string) =>
      l.engine('/api/licensing/validate', { licenseKey: sub.apiKey1, kind: 'engine', hostname });
    expect((await validation('retire-me')).body.code).toBe('NO_MACHINE');
    expect((await validation('keep-me')).body.code).toBe('VALID');
    expect((await activate(sub.apiKey1, 'engine', 'replacement')).status).toBe(201);
    const after = await l.admin.get(`/api/subscription/${sub.id}/machines`);
    expect(after.body.machines.map((m: { hostname: string }) => m.hostname)).toEqual([
      'keep-me',
      'replacement',
    ]);

    // Gone is gone: the same id again, and a machine of another subscription, are 404.
    const again = await l.admin.delete(`/api/subscription/${sub.id}/machines/${retire.machineId}`);
    expect(again.status).toBe(404);
    expect(again.body).toEqual({ code: 'NOT_FOUND', message: 'Machine not found.' });
    const other = await l.subscribe('Pro Standard', { numberMachines: 1 });
    const keep = after.body.machines[0].machineId;
    expect((await l.admin.delete(`/api/subscription/${other.id}/machines/${keep}`)).status).toBe(404);
    expect((await validation('keep-me')).body.code).toBe('VALID');
  });

  it('is for the Licenses role: a plain user gets 403 naming it and the machine stays', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    await activate(sub.apiKey1, 'engine', 'guarded');
    const [machine] = (await l.admin.get(`/api/subscription/${sub.id}/machines`)).body.machines;
    const user = await l.t.login(USER_EMAIL, PASSWORD, l.org.id);
    const res = await user.delete(`/api/subscription/${sub.id}/machines/${machine.machineId}`);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: RoleMessages.required('licenses'), code: 'ROLE_REQUIRED' });
    expect((await l.admin.get(`/api/subscription/${sub.id}/machines`)).body.machines).toHaveLength(1);
  });

  it("never from the parent organization: it sees a sub-account's machines read-only; a stranger sees nothing", async () => {
    const subAccount = await makeOrganization(l.t.db, { name: 'Engine Room Europe' });
    await l.t.db
      .update(organizations)
      .set({ parentOrganizationId: l.org.id })
      .where(eq(organizations.id, subAccount.id));
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1, organizationId: subAccount.id });
    await activate(sub.apiKey1, 'engine', 'europe-01');
    const list = await l.admin.get(`/api/subscription/${sub.id}/machines`);
    expect(list.status).toBe(200);
    const [machine] = list.body.machines;
    const res = await l.admin.delete(`/api/subscription/${sub.id}/machines/${machine.machineId}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This subscription belongs to Engine Room Europe');

    const stranger = await makeOrganization(l.t.db, {
      name: 'Stranger Ltd.',
      adminEmail: 'stranger@example.com',
    });
    const [ours] = await l.t.db
      .select()
      .from(persons)
      .where(eq(persons.email, 'licensing-admin@example.com'));
    await l.t.db
      .update(persons)
      .set({ passwordHash: ours!.passwordHash })
      .where(eq(persons.organizationId, stranger.id));
    const outsider = await l.t.login('stranger@example.com', PASSWORD, stranger.id);
    expect((await outsider.get(`/api/subscription/${sub.id}/machines`)).status).toBe(404);
    expect((await outsider.delete(`/api/subscription/${sub.id}/machines/${machine.machineId}`)).status).toBe(
      404,
    );
    expect((await l.admin.get(`/api/subscription/${sub.id}/machines`)).body.machines).toHaveLength(1);
  });

  it('refuses a cancelled subscription (409), as Flush Keys does', async () => {
    const sub = await l.subscribe('Pro Standard', { numberMachines: 1 });
    await activate(sub.apiKey1, 'engine', 'last-one');
    const [machine] = (await l.admin.get(`/api/subscription/${sub.id}/machines`)).body.machines;
    await l.admin.delete(`/api/subscription/${sub.id}`);
    const res = await l.admin.delete(`/api/subscription/${sub.id}/machines/${machine.machineId}`);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CANCELLED');
  });
});

describe('Flush Keys', () => {
  it('still releases every machine at once', async () => {
    const sub = await l.subscribe('Pro Business', { numberMachines: 2 });
    await activate(sub.apiKey1, 'engine', 'flush-a');
    await activate(sub.apiKey1, 'designer', 'flush-b');
    const res = await l.admin.get(`/api/subscription/${sub.id}/flush-keys`);
    expect(res.body).toEqual({ flushed: 2 });
    expect((await l.admin.get(`/api/subscription/${sub.id}/machines`)).body.machines).toEqual([]);
  });
});
