import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Removes the temporary folders each test file made (scripts/lib/temp.mjs).
    setupFiles: ['./scripts/test-setup.ts'],
    // CLI and end-to-end tests spawn processes and servers; keep them from starving each other on small machines.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
