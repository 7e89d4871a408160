/** A worker process of `app-assignment migrate --jobs N`: migrates the files it is sent and sends each result back. */
import { readFileSync } from 'node:fs';
import type { AnalysisOptions } from '@app-assignment/core';
import { migrateFile } from './run.js';

process.on('message', (message: { files: string[]; analysis: AnalysisOptions }) => {
  for (const file of message.files) {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      process.send?.({ path: file, error: `${file}:1:1 ${(error as Error).message}` });
      continue;
    }
    process.send?.(migrateFile(file, text, message.analysis));
  }
});
