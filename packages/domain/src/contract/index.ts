export * from './primitives.ts';
export * from './shapes.ts';
export * from './requests.ts';
export * from './live.ts';
export * from './social.ts';
export * from './insight.ts';
export * from './alerts.ts';
export * from './contests.ts';
