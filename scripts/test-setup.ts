/**
 * Loaded before every test file (vitest `setupFiles`): the temporary folders the file made through
 * `scripts/lib/temp.mjs` (the test helpers, the proofs, the packed installs) are removed after it.
 */
import { afterAll } from 'vitest';
import { removeTempDirs } from './lib/temp.mjs';

afterAll(removeTempDirs);
