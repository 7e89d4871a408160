/**
 * Runs a command a number of times and reports its median wall time, the peak memory of the largest run, and the
 * output of the last run (so that a benchmark can check that the run did the work it names).
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const hasGnuTime = spawnSync('/usr/bin/time', ['-f', '%M', 'true'], { encoding: 'utf8' }).status === 0;

export function measure(label, command, args, { cwd, runs = 3, expectStatus = [0] } = {}) {
  const times = [];
  let peakKb = 0;
  let last;
  for (let i = 0; i < runs; i++) {
    const memFile = join(tmpdir(), `bench-mem-${process.pid}-${i}`);
    const [cmd, argv] = hasGnuTime ? ['/usr/bin/time', ['-o', memFile, '-f', '%M', command, ...args]] : [command, args];
    const start = process.hrtime.bigint();
    const result = spawnSync(cmd, argv, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const ms = Number(process.hrtime.bigint() - start) / 1e6;
    if (!expectStatus.includes(result.status)) throw new Error(`${label} exited ${result.status}:\n${result.stderr}`);
    times.push(ms);
    last = result;
    if (hasGnuTime) {
      peakKb = Math.max(peakKb, Number(readFileSync(memFile, 'utf8').trim().split('\n').pop()));
      rmSync(memFile, { force: true });
    }
  }
  times.sort((a, b) => a - b);
  return {
    label,
    medianMs: times[Math.floor(times.length / 2)],
    peakMb: hasGnuTime ? peakKb / 1024 : undefined,
    stdout: last?.stdout ?? '',
    stderr: last?.stderr ?? '',
  };
}
