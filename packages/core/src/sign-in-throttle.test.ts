import { describe, expect, it } from 'vitest';
import { signInWaitMs } from './sign-in-throttle';

describe('signInWaitMs', () => {
  it.each([
    [0, 0],
    [19, 0],
    [20, 1_000],
    [21, 2_000],
    [22, 4_000],
    [23, 8_000],
    [24, 10_000],
    [500, 10_000],
  ])('after %i failures of an e-mail, waits %i ms', (failures, wait) => {
    expect(signInWaitMs(failures)).toBe(wait);
  });
});
