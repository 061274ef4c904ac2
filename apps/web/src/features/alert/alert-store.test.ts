import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { clearAlert, onNavigation, showAlert, useAlert } from './alert-store';

afterEach(() => clearAlert());

describe('alert store (spec §8)', () => {
  it('clears on navigation', () => {
    const { result } = renderHook(() => useAlert());
    act(() => showAlert({ type: 'error', text: 'Nope' }));
    expect(result.current).toEqual({ type: 'error', text: 'Nope' });
    act(() => onNavigation());
    expect(result.current).toBeNull();
  });

  it('keeps a kept alert for exactly one navigation', () => {
    const { result } = renderHook(() => useAlert());
    act(() => showAlert({ type: 'success', text: 'Saved', keep: true }));
    act(() => onNavigation());
    expect(result.current?.text).toBe('Saved');
    act(() => onNavigation());
    expect(result.current).toBeNull();
  });
});
