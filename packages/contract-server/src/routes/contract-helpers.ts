/**
 * Routes that are not part of the API: they let a test that runs the server in another process read what it
 * holds and start over. They live under `/__contract/`, a prefix no API route uses.
 */
import type { Route } from '../router.js';

export const CONTRACT_HELPER_PATHS = {
  assignments: '/__contract/assignments',
  reset: '/__contract/reset',
} as const;

export const assignmentsRoute: Route = {
  method: 'GET',
  path: CONTRACT_HELPER_PATHS.assignments,
  handle: ({ state }) => ({ status: 200, body: state.assignments() }),
};

export const resetRoute: Route = {
  method: 'POST',
  path: CONTRACT_HELPER_PATHS.reset,
  handle: ({ state }) => {
    state.reset();
    return { status: 204 };
  },
};
