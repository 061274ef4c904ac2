export * from './billing-runs';
export * from './bills';
export * from './catalog';
export * from './common';
export * from './messages';
export * from './organizations';
