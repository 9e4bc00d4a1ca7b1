/**
 * An in-memory cache with a bound: at most `maxEntries` entries, the least recently used leaving first,
 * each kept at most `ttlMs` (no limit when absent). Every map the server keeps between requests that is
 * keyed by what a request names (a host, a vendor id, a picture) is one of these, so no sender can
 * grow the process's memory by naming new keys.
 */
export class BoundedCache<Key, Value> {
  private readonly entries = new Map<Key, { value: Value; until: number }>();

  constructor(
    readonly maxEntries: number,
    private readonly ttlMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
  ) {
    if (!Number.isInteger(maxEntries) || maxEntries < 1) throw new Error(`maxEntries must be a whole number of 1 or more, not ${maxEntries}`);
  }

  /** Whether `key` is kept (and not past its time). */
  has(key: Key): boolean {
    return this.lookup(key) !== undefined;
  }

  /** The value kept for `key`, undefined when none is or it is past its time; it becomes the most recently used. */
  get(key: Key): Value | undefined {
    return this.lookup(key)?.value;
  }

  set(key: Key, value: Value): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: this.now() + this.ttlMs });
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as Key);
  }

  delete(key: Key): void {
    this.entries.delete(key);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private lookup(key: Key): { value: Value; until: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.until <= this.now()) return undefined;
    this.entries.set(key, entry);
    return entry;
  }
}
