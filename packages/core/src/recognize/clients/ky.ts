/** ky: `ky(url, options)`, `ky.post(url, { json })`, and instances made with `ky.create`/`ky.extend({ prefixUrl })`. */
import { jsonOptionCall, jsonOptionMethod } from './got.js';
import type { ClientSpec } from './spec.js';

export const kyClient: ClientSpec = {
  library: 'ky',
  modules: { ky: ['default', '*'] },
  factory: { methods: ['create', 'extend'], base: 'prefixUrl' },
  serializesObjects: false,
  call: jsonOptionCall,
  method: jsonOptionMethod,
};
