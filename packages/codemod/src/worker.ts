/** A worker process of `app-assignment migrate --jobs N`: migrates the texts it is sent and sends each result back. */
import type { AnalysisOptions } from '@app-assignment/core';
import { migrateFile } from './run.js';

process.on('message', (message: { files: { path: string; text: string }[]; analysis: AnalysisOptions }) => {
  for (const { path, text } of message.files) process.send?.(migrateFile(path, text, message.analysis));
});
