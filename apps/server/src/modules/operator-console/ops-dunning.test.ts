import { DEFAULT_DUNNING_SETTINGS } from '@store/core';
import { describe, expect, it } from 'vitest';
import { useConsoleApp } from '../../../test/support/console-app';

// The console's Dunning screen (docs/decisions/042): the operator reads and sets the retry schedule
// and the reminders; a day outside the 14-day grace is refused with a message and nothing changes.

const app = useConsoleApp();

describe('dunning settings in the console', () => {
  it('are the defaults until the operator sets them: days 1, 3, 5, 7, 10, 13; at the decline, 7 and 2 days before', async () => {
    const res = await app.op.get('/api/ops/dunning');
    expect(res.status).toBe(200);
    expect(res.body).toEqual(DEFAULT_DUNNING_SETTINGS);
  });

  it('are saved as a set of days in order and read back so', async () => {
    const res = await app.op.put('/api/ops/dunning', {
      retryDays: [9, 2, 2],
      remindAtDecline: false,
      remindDaysBefore: [3],
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ retryDays: [2, 9], remindAtDecline: false, remindDaysBefore: [3] });
    expect((await app.op.get('/api/ops/dunning')).body).toEqual(res.body);
    // The audit log says what changed, in the Dunning screen's words.
    const audit = await app.op.get('/api/ops/audit?kind=dunning.updated');
    expect(audit.body.items[0]).toMatchObject({
      organizationId: null,
      actor: { kind: 'operator' },
      subject: 'Dunning settings changed',
      summary:
        "Dunning settings changed: Retry Days '1, 3, 5, 7, 10, 13' → '2, 9'; Reminder At The Decline 'Yes' → 'No'; Reminder Days Before Deactivation '7, 2' → '3'",
    });
  });

  it('refuses a day outside the grace with a readable message and keeps what was saved', async () => {
    const before = (await app.op.get('/api/ops/dunning')).body;
    for (const body of [
      { ...before, retryDays: [14] },
      { ...before, retryDays: [0] },
      { ...before, remindDaysBefore: [1.5] },
      { retryDays: [1] },
    ]) {
      const res = await app.op.put('/api/ops/dunning', body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(typeof res.body.message).toBe('string');
      expect(res.body.message.length).toBeGreaterThan(0);
    }
    expect((await app.op.get('/api/ops/dunning')).body).toEqual(before);
    await app.op.put('/api/ops/dunning', DEFAULT_DUNNING_SETTINGS);
  });

  it('are the operator’s alone: a customer’s admin does not find them', async () => {
    const admin = await app.t.loginDemo();
    expect((await admin.get('/api/ops/dunning')).status).toBe(404);
    expect((await admin.put('/api/ops/dunning', DEFAULT_DUNNING_SETTINGS)).status).toBe(404);
  });
});
