export * from './billing-runs';
export * from './bills';
export * from './catalog';
export * from './common';
export * from './dashboard';
export * from './disputes';
export * from './messages';
export * from './organizations';
