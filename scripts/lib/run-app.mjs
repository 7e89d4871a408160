/**
 * A built app's `node <main> <args>`, run in a worker thread of this process rather than in a process of its own: the
 * app gets its own module graph, globals, `process.argv` and `process.env`, as a process would, without starting node
 * again for every step of the proofs (each step of each app before and after a migration is one run).
 */
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/**
 * Runs `main` with `args` and `env` and resolves with what it printed to stdout; rejects, with what it printed to
 * stderr, when it throws or exits with another code than 0.
 */
export async function runApp(main, args, env = process.env) {
  // No flags of this process (a test runner's loader or conditions): `node <main>` has none.
  const worker = new Worker(main, { argv: args, env, execArgv: [], stdout: true, stderr: true });
  const out = [];
  const err = [];
  worker.stdout.on('data', (chunk) => out.push(chunk));
  worker.stderr.on('data', (chunk) => err.push(chunk));
  let failure;
  worker.on('error', (error) => {
    failure = error;
  });
  const code = await new Promise((resolve) => worker.on('exit', resolve));
  // What the app printed before it ended is all read before its result is.
  await Promise.all([worker.stdout, worker.stderr].map((stream) => (stream.readableEnded ? undefined : once(stream, 'end'))));
  const stderr = Buffer.concat(err).toString('utf8');
  if (failure !== undefined || code !== 0) {
    throw new Error(`node ${main} ${args.join(' ')} exited ${code}${failure === undefined ? '' : ` (${failure.stack ?? failure})`}:\n${stderr}`);
  }
  return Buffer.concat(out).toString('utf8');
}
