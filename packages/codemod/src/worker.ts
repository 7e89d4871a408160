/** A worker process of `app-assignment migrate --jobs N`: migrates the texts it is sent and sends each result back. */
import type { AnalysisOptions } from '@app-assignment/core';
import type { MockElsewhere } from './file-mode-mocks.js';
import { migrateFile } from './run.js';

process.on('message', (message: { files: { path: string; text: string; elsewhere?: MockElsewhere[] }[]; analysis: AnalysisOptions }) => {
  for (const { path, text, elsewhere } of message.files) process.send?.(migrateFile(path, text, message.analysis, elsewhere));
});
