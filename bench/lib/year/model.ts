/** One parameterized statement against the store's database (node-postgres' shape). */
export type Query = <T = Record<string, unknown>>(text: string, values?: unknown[]) => Promise<T[]>;

// What the simulation knows of its store, to act as its customers and to judge the outcome.

export type OrgKind = 'card' | 'invoice' | 'sub-account' | 'perpetual';

export interface SimOrg {
  id: number;
  kind: OrgKind;
  adminPersonId: number;
  adminEmail: string;
  /** The bank refuses this organization's card from now on (until its admin saves another). */
  declining: boolean;
}

export interface PlanInfo {
  id: number;
  name: string;
  productName: string;
  product: number;
  baseRtus: number;
  overagePerRtuMicros: number;
  monthlyFeeCents: number;
  allowXtraAutoTag: boolean;
}

export interface SimSub {
  id: number;
  orgId: number;
  licenseKey: string;
  /** Reports usage every day (a Flex or Artist plan billed monthly, never cancelled). */
  metered: boolean;
  cancelled: boolean;
  /** The plan in force from each moment on (upgrades at once, decreases at the renewal). */
  planHistory: { from: number; planId: number }[];
  /** For a metered subscription: the end of its first month of usage in the year, and its anchor day. */
  firstOverageEnd?: number;
  anchorDay?: number;
}

export interface SimModel {
  orgs: SimOrg[];
  subs: SimSub[];
  plans: PlanInfo[];
}

/** A seeded random number generator (mulberry32), so a run can be repeated. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: () => number, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)]!;
