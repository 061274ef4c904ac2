export * from './bill-status';
export * from './billing-cycle';
export * from './dates';
export * from './input-rounding';
export * from './messages';
export * from './money';
export * from './pricing';
export * from './products';
