import { defineConfig } from 'vitest/config';

// `pnpm test:browser`: the tests that open pages in a real Chromium (Debian's `chromium` package).
export default defineConfig({
  test: {
    include: ['packages/*/test-browser/**/*.test.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Removes the temporary folders each test file made (scripts/lib/temp.mjs).
    setupFiles: ['./scripts/test-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
