/** node-fetch: the Fetch API as a module (its default export, or the namespace called directly in CommonJS). */
import { fetchCall } from './fetch.js';
import type { ClientSpec } from './spec.js';

export const nodeFetchClient: ClientSpec = {
  library: 'fetch',
  modules: { 'node-fetch': ['default', '*'] },
  serializesObjects: false,
  call: fetchCall,
};
