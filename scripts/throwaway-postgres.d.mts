// Types for the TypeScript callers (the cluster launcher, test and benchmark).
export interface ThrowawayPostgres {
  url: string;
  /** The same server over its Unix socket, as an app on the database's own machine connects. */
  socketUrl: string;
  stop(): void;
}
export function startThrowawayPostgres(): ThrowawayPostgres | null;
