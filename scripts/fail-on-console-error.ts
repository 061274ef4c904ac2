import { afterEach } from 'vitest';

// docs/conventions.md: a test fails on any unexpected console.error.
const errors: unknown[][] = [];
const original = console.error;
console.error = (...args: unknown[]) => {
  errors.push(args);
  original(...args);
};
afterEach(() => {
  if (errors.length > 0) {
    const first = errors.map((e) => e.map(String).join(' ')).join('\n');
    errors.length = 0;
    throw new Error(`console.error was called:\n${first}`);
  }
});
