export * from './catalog';
export * from './orders';
export * from './organizations';
export * from './persons';
export * from './rows';
export * from './subscriptions';
export * from './system';
export * from './usage';
