export * from './auth';
export * from './billing-info';
export * from './common';
export * from './entities';
export * from './people';
export * from './product-form';
export * from './purchase';
export * from './responses';
