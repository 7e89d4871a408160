import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/test/**/*.test.ts'],
    reporters: ['default', './scripts/summary-reporter.ts'],
    // Removes the temporary folders each test file made (scripts/lib/temp.mjs).
    setupFiles: ['./scripts/test-setup.ts'],
    // One test file per core. Vitest's own default leaves a core free (one worker on a two-core machine), which this
    // suite does not need: its files spend much of their time waiting for the compilers, servers and processes they
    // start.
    maxWorkers: availableParallelism(),
    // CLI and end-to-end tests spawn processes and servers; keep them from starving each other on small machines.
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
