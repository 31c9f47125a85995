/**
 * Whether this instance is on its way out. Set at the first SIGTERM, before anything closes,
 * so /ready answers 503 at once and the load balancer stops sending new work here.
 */
export interface DrainState {
  readonly draining: boolean;
  start(): void;
}

export function createDrainState(): DrainState {
  let draining = false;
  return {
    get draining() {
      return draining;
    },
    start() {
      draining = true;
    },
  };
}
