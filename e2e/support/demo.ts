// The demo data the server seeds (apps/server/src/seed). demo@example.com has a person in both
// organizations, so signing in with it always asks for the company.
export const DEMO_EMAIL = 'demo@example.com';
export const DEMO_PASSWORD = 'Harbor-Lantern-2026';
export const DEMO_COMPANY = 'Demo Documents Inc.';
export const DEMO_SUB_ACCOUNT = 'Demo Documents Europe';
