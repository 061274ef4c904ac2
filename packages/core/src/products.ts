// Product bit flags of docs/spec.md section 3. The engine variants and Manager carry the ATE bit,
// which is why they price and license as pro plans (docs/design.md section 2).
export const ProductFlag = {
  ATE: 1,
  SCOUT: 2,
  ARTIST: 4,
  JAVA: 16,
  DOT_NET: 32,
  RESTFUL: 64,
  SERVER: 128,
  JAVA_ENGINE: 17,
  DOT_NET_ENGINE: 33,
  RESTFUL_ENGINE: 65,
  JAVELIN: 129,
} as const;
export type ProductFlag = (typeof ProductFlag)[keyof typeof ProductFlag];

type HasProduct = { product: number };

const hasBit = (product: number, bit: number) => (product & bit) === bit;

export const isArtistPlan = (plan: HasProduct): boolean => plan.product === ProductFlag.ARTIST;

export const isProPlan = (plan: HasProduct): boolean => hasBit(plan.product, ProductFlag.ATE);

export const isManagerPlan = (plan: HasProduct): boolean => hasBit(plan.product, ProductFlag.SERVER);

// Manager keys are not used by servers (docs/spec.md section 6), so flushing them would do nothing.
export const canFlushKeys = (plan: HasProduct): boolean => isProPlan(plan) && !isManagerPlan(plan);

const PRODUCT_LABELS: Record<number, string> = {
  [ProductFlag.ATE]: 'Pro',
  [ProductFlag.SCOUT]: 'Flex',
  [ProductFlag.ARTIST]: 'Artist',
  [ProductFlag.JAVELIN]: 'Manager',
  [ProductFlag.SERVER]: 'Manager',
  [ProductFlag.JAVA_ENGINE]: 'Java Engine',
  [ProductFlag.DOT_NET_ENGINE]: '.NET Engine',
  [ProductFlag.RESTFUL_ENGINE]: 'RESTful Engine',
  [ProductFlag.JAVA]: 'Java Engine',
  [ProductFlag.DOT_NET]: '.NET Engine',
  [ProductFlag.RESTFUL]: 'RESTful Engine',
};

export const productLabel = (product: number): string => PRODUCT_LABELS[product] ?? 'Unknown';
