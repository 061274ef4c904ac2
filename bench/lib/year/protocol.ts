import type { ClockState } from './clock';

// What the simulation and its store processes say to each other over the IPC channel of fork().

export type ToStore =
  | { kind: 'clock'; seq: number; state: ClockState }
  /** Run one billing tick of the process's scheduler (what its timer would do) now. */
  | { kind: 'tick'; seq: number };

export type FromStore = { kind: 'ready'; url: string | null } | { kind: 'done'; seq: number; error?: string };

/** The gateway's pace and latency, in the clock's time (the simulation's sandbox). */
export interface GatewayPace {
  latencyMs: number;
  callsPerSecond: number;
}
