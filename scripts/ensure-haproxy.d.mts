export function findHaproxy(): string | null;
export function ensureHaproxy(): string | null;
