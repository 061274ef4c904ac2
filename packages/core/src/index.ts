export * from './bill-status';
export * from './billing-cycle';
export * from './messages';
export * from './money';
export * from './products';
