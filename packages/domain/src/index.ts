export * from './money.ts';
export * from './contract/index.ts';
export * from './constants.ts';
export * from './format.ts';
export * from './trade-math.ts';
export * from './portfolio.ts';
export * from './history.ts';
export * from './invariants.ts';
