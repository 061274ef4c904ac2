import { describe, expect, it } from 'vitest';
import { KeyRateLimit } from './key-rate';

// The license keys' limit on a clock the test moves: 20 a second, then a reserve of 80 per 20 seconds.

function limitAt(start = 1_000_000) {
  const clock = { at: start };
  const limit = new KeyRateLimit({ rate: 20, rateMs: 1000, burst: 80, burstMs: 20_000 }, () => clock.at);
  const takeMany = (key: string, n: number) => Array.from({ length: n }, () => limit.take(key));
  return { clock, limit, takeMany };
}

describe('KeyRateLimit', () => {
  it('admits 20 calls and the reserve of 80 at once, then refuses until the second ends', () => {
    const { clock, limit, takeMany } = limitAt();
    expect(takeMany('k', 100).every((wait) => wait === 0)).toBe(true);
    clock.at += 250;
    expect(limit.take('k')).toBe(750);
    expect(limit.take('other')).toBe(0);
    clock.at += 750;
    expect(takeMany('k', 20).every((wait) => wait === 0)).toBe(true);
    expect(limit.take('k')).toBe(1000);
  });

  it('refills the reserve 20 seconds after its first use, not after the key was first seen', () => {
    const { clock, limit, takeMany } = limitAt();
    takeMany('k', 20);
    clock.at += 5000;
    takeMany('k', 100); // 20 of the new second, then the whole reserve
    clock.at += 1000;
    takeMany('k', 20);
    expect(limit.take('k')).toBe(1000); // the second ends before the reserve's window (at +20 s)
    clock.at += 14_000; // 20 s after the key was first seen: the reserve is still spent
    takeMany('k', 20);
    expect(limit.take('k')).toBe(1000);
    clock.at += 5000; // 20 s after the reserve was first drawn on
    expect(takeMany('k', 100).every((wait) => wait === 0)).toBe(true);
  });

  it('answers the sooner end of the two windows when both are spent', () => {
    const { clock, limit, takeMany } = limitAt();
    takeMany('k', 100);
    clock.at += 999;
    expect(limit.take('k')).toBe(1);
  });

  it('gives a new second its 20 calls while the reserve stays spent, refused calls counted', () => {
    const { clock, limit, takeMany } = limitAt();
    takeMany('k', 100);
    takeMany('k', 50);
    clock.at += 1000;
    expect(takeMany('k', 20).every((wait) => wait === 0)).toBe(true);
    expect(limit.take('k')).toBeGreaterThan(0);
  });

  it('forgets keys whose windows have ended, as calls go on', () => {
    const { clock, limit, takeMany } = limitAt();
    for (let i = 0; i < 50; i++) limit.take(`key-${i}`);
    takeMany('busy', 30);
    expect(limit.size).toBe(51);
    clock.at += 20_000;
    limit.take('busy');
    expect(limit.size).toBe(1);
  });
});
