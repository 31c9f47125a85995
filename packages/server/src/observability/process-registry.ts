import { collectDefaultMetrics, Registry } from 'prom-client';

// Process metrics (CPU, memory, event loop, GC) belong to the process, not to an app: collecting
// them once keeps tests that build hundreds of apps from stacking GC observers.
let processRegistry: Registry | undefined;

export function sharedProcessRegistry(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}
