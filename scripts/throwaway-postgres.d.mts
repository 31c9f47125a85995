// Types for the TypeScript callers (the cluster launcher, test and benchmark).
export interface ThrowawayPostgres {
  url: string;
  stop(): void;
}
export function startThrowawayPostgres(): ThrowawayPostgres | null;
