export * from './money.ts';
export * from './contract/index.ts';
