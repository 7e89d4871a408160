/** undici: its `fetch` export is the Fetch API (the global `fetch` of Node is undici's). */
import { fetchCall } from './fetch.js';
import type { ClientSpec } from './spec.js';

export const undiciClient: ClientSpec = {
  library: 'fetch',
  modules: { undici: ['fetch'] },
  serializesObjects: false,
  call: fetchCall,
};
