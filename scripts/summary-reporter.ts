/**
 * Ends a test run with one plain line, `N passed, N failed, N skipped`, that any CI can read without knowing vitest.
 */
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: readonly TestModule[]): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const module of testModules) {
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failed++;
        else skipped++;
      }
      // A file that failed to load counts as a failure even though it ran no test.
      if (module.state() === 'failed' && [...module.children.allTests()].length === 0) failed++;
    }
    // Where the time goes: the slowest test files, so that a suite that grows slow says which file to look at.
    const slowest = testModules.map((module) => ({ id: module.moduleId, ms: module.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms).slice(0, 8)
      .map(({ id, ms }) => `  ${(ms / 1000).toFixed(1).padStart(6)} s  ${relative(process.cwd(), id)}`);
    process.stdout.write(`\nslowest test files:\n${slowest.join('\n')}\n`);
    process.stdout.write(`\n${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
