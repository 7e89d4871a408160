/**
 * The CommonJS entry of the jscodeshift transform: jscodeshift loads transforms with `require`, and this loads the
 * ES module that holds it.
 */
import type { FileInfo, TransformOptions } from './transform.js';

export = async function transform(file: FileInfo, api: unknown, options: TransformOptions): Promise<string | undefined> {
  const { default: run } = await import('./transform.js');
  return run(file, api, options);
};
