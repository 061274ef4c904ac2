import { describe, expect, it } from 'vitest';
import { ProductFlag } from './products';
import { Rights } from './schemas/entities';
import { SubscriptionMessages, subscriptionActions, usageDateRanges } from './subscriptions';

const base = {
  organizationId: 1,
  isActive: true,
  deactivateDate: null,
  isPerpetualLicense: false,
  isOfflineEnabled: false,
  offlineVolume: false,
  allowOffline: true,
  plan: { product: ProductFlag.ATE },
};
const admin = { organizationId: 1, rights: Rights.User | Rights.Admin };

describe('subscriptionActions', () => {
  it('offers everything to an admin of the owning organization for an active Pro subscription', () => {
    expect(subscriptionActions(base, admin)).toEqual({
      owned: true,
      canEdit: true,
      canEditNameOnly: false,
      showCancel: true,
      showFlushKeys: true,
      showDeactivateMachine: true,
      showOfflineForm: true,
      showOfflineDownload: false,
      showManagerWarning: false,
      showUsageButton: true,
      showUsageFigures: true,
    });
  });

  it("makes a sub-account's subscription read-only, without usage button", () => {
    const a = subscriptionActions(base, { organizationId: 9, rights: Rights.User | Rights.Admin });
    expect(a).toMatchObject({
      owned: false,
      canEdit: false,
      showCancel: false,
      showFlushKeys: false,
      showDeactivateMachine: false,
      showOfflineForm: false,
      showUsageButton: false,
    });
  });

  it('lets plain users look only', () => {
    expect(subscriptionActions(base, { organizationId: 1, rights: Rights.User })).toMatchObject({
      canEdit: false,
      showCancel: false,
      showFlushKeys: false,
      showDeactivateMachine: false,
      showOfflineForm: false,
      showUsageButton: true,
    });
    expect(
      subscriptionActions({ ...base, isOfflineEnabled: true }, { organizationId: 1, rights: Rights.User })
        .showOfflineDownload,
    ).toBe(false);
  });

  it('gives the Licenses role the editor and the keys, the Billing role the cancel', () => {
    const licenses = { organizationId: 1, rights: Rights.User | Rights.Licenses };
    expect(subscriptionActions(base, licenses)).toMatchObject({
      canEdit: true,
      showCancel: false,
      showFlushKeys: true,
      showDeactivateMachine: true,
      showOfflineForm: true,
    });
    expect(subscriptionActions({ ...base, isOfflineEnabled: true }, licenses).showOfflineDownload).toBe(true);
    expect(
      subscriptionActions(base, { organizationId: 1, rights: Rights.User | Rights.Billing }),
    ).toMatchObject({
      canEdit: false,
      showCancel: true,
      showFlushKeys: false,
      showDeactivateMachine: false,
      showOfflineForm: false,
    });
  });

  it('freezes cancelled and offline subscriptions; offline offers the download', () => {
    expect(subscriptionActions({ ...base, deactivateDate: '2026-12-01T00:00:00Z' }, admin)).toMatchObject({
      canEdit: false,
      showCancel: false,
      showFlushKeys: false,
      showDeactivateMachine: false,
      showOfflineForm: false,
    });
    expect(subscriptionActions({ ...base, isOfflineEnabled: true }, admin)).toMatchObject({
      canEdit: false,
      showCancel: true,
      showFlushKeys: false,
      showOfflineForm: false,
      showOfflineDownload: true,
      showUsageButton: true,
    });
    expect(
      subscriptionActions({ ...base, isOfflineEnabled: true, offlineVolume: true }, admin),
    ).toMatchObject({ showUsageButton: false, showUsageFigures: false });
  });

  it('Flush Keys for Pro only, the Manager warning for server plans, perpetual: name only and no cancel', () => {
    expect(subscriptionActions({ ...base, plan: { product: ProductFlag.SCOUT } }, admin).showFlushKeys).toBe(
      false,
    );
    const manager = subscriptionActions({ ...base, plan: { product: ProductFlag.JAVELIN } }, admin);
    expect(manager).toMatchObject({
      showFlushKeys: false,
      showManagerWarning: true,
      showDeactivateMachine: true,
    });
    expect(subscriptionActions({ ...base, isPerpetualLicense: true }, admin)).toMatchObject({
      canEdit: false,
      canEditNameOnly: true,
      showCancel: false,
      showUsageButton: false,
    });
  });
});

describe('usageDateRanges', () => {
  it('gives the last 12 usage cycles ending at the reset date, labelled MM-dd-yy', () => {
    const ranges = usageDateRanges('2026-11-16T12:00:00Z', new Date('2026-11-02T12:00:00Z'));
    expect(ranges).toHaveLength(12);
    expect(ranges[11]!.label).toBe('10-16-26 - 11-15-26');
    expect(ranges[0]!.label).toBe('11-16-25 - 12-15-25');
    expect(ranges[11]!.end.toISOString()).toBe('2026-11-16T00:00:00.000Z');
  });

  it('keeps the anchor day through short months', () => {
    const ranges = usageDateRanges('2027-03-31T00:00:00Z', new Date('2027-03-10T00:00:00Z'));
    expect(ranges.slice(-2).map((r) => r.label)).toEqual(['01-31-27 - 02-27-27', '02-28-27 - 03-30-27']);
  });

  it('moves on when the reset date has passed, and uses calendar months without one', () => {
    const passed = usageDateRanges('2026-10-16T00:00:00Z', new Date('2026-11-02T00:00:00Z'));
    expect(passed[11]!.label).toBe('10-16-26 - 11-15-26');
    const calendar = usageDateRanges(null, new Date('2026-11-02T00:00:00Z'));
    expect(calendar[11]!.label).toBe('11-01-26 - 11-30-26');
    expect(calendar[0]!.label).toBe('12-01-25 - 12-31-25');
  });
});

describe('subscription messages', () => {
  it('formats the end of access as MMMM dd, yyyy', () => {
    expect(SubscriptionMessages.accessUntil('2026-12-05T12:00:00Z')).toBe(
      'You keep access until December 05, 2026.',
    );
  });
});
