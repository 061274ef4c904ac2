import { useSyncExternalStore } from 'react';

export type AlertType = 'success' | 'error';

export interface AlertMessage {
  type: AlertType;
  text: string;
  /** Survive the next navigation (e.g. a success message shown on the screen navigated to). */
  keep?: boolean;
  /**
   * Move keyboard focus to the message: it reports what the person just did, and the control they
   * used is gone or disabled (lib/focus.ts).
   */
  focus?: boolean;
}

let current: AlertMessage | null = null;
const listeners = new Set<() => void>();

function emit(): void {
  for (const listener of listeners) listener();
}

export function showAlert(alert: AlertMessage): void {
  current = { ...alert };
  emit();
}

export function clearAlert(): void {
  if (current === null) return;
  current = null;
  emit();
}

/** Spec §8: alerts clear on navigation unless kept; a kept alert survives exactly one navigation. */
export function onNavigation(): void {
  if (current?.keep) {
    current = { ...current, keep: false };
    return;
  }
  clearAlert();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useAlert(): AlertMessage | null {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => null,
  );
}
