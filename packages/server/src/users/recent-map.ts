/**
 * A map that keeps only the `max` most recently used entries, least recently used out first: what
 * the per-portfolio balance point caches hold (balance-spread-cache.ts, final-points-cache.ts).
 * Relies on a Map keeping insertion order: a read or write moves the key to the end.
 */
export class RecentMap<V> {
  private readonly entries = new Map<string, V>();

  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  /** The entry as it is, without counting as a use. */
  peek(key: string): V | undefined {
    return this.entries.get(key);
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > this.max)
      this.entries.delete(this.entries.keys().next().value as string);
  }

  clear(): void {
    this.entries.clear();
  }
}
