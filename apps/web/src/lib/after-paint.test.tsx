import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAfterPaint } from './after-paint';

function Probe({ shown }: { shown: boolean }) {
  return <output>{useAfterPaint(shown) ? 'painted' : 'waiting'}</output>;
}

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useAfterPaint', () => {
  it('waits while nothing is shown, then turns true in a task after the next frame', async () => {
    const { rerender } = render(<Probe shown={false} />);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('status').textContent).toBe('waiting');

    rerender(<Probe shown />);
    expect(screen.getByRole('status').textContent).toBe('waiting');
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByRole('status').textContent).toBe('painted');
  });

  it('stays true once painted', async () => {
    const { rerender } = render(<Probe shown />);
    await act(() => vi.advanceTimersByTimeAsync(100));
    rerender(<Probe shown={false} />);
    expect(screen.getByRole('status').textContent).toBe('painted');
  });
});
