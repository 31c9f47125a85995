/** Splits long lists so no statement comes near a parameter limit (SQLite 32,766, PostgreSQL 65,535). */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
