import { describe, expect, it } from 'vitest';
import { DomainError, notFound } from './domain-error';

const frames = (error: Error) =>
  (error.stack ?? '').split('\n').filter((line) => line.trimStart().startsWith('at '));

describe('DomainError', () => {
  it('captures no stack for a refusal (a 4xx is an answer), and leaves the limit as it was', () => {
    const before = Error.stackTraceLimit;
    const refusal = notFound('No such session.');
    expect(refusal.statusCode).toBe(404);
    expect(refusal.message).toBe('No such session.');
    expect(frames(refusal)).toEqual([]);
    expect(Error.stackTraceLimit).toBe(before);
    expect(frames(new Error('a fault'))).not.toEqual([]);
  });

  it('keeps the stack of a server error', () => {
    const fault = new DomainError('INTERNAL', 'Something went wrong.');
    expect(fault.statusCode).toBe(500);
    expect(frames(fault)).not.toEqual([]);
  });
});
