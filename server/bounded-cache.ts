/**
 * An in-memory cache with a bound: at most `maxEntries` entries, the least recently used leaving first,
 * each kept at most `ttlMs` (no limit when absent). Every map the server keeps between requests that is
 * keyed by what a request names (a host, a vendor id, a picture) is one of these, so no sender can
 * grow the process's memory by naming new keys.
 */
export class BoundedCache<Key, Value> {
  private readonly entries = new Map<Key, { value: Value; until: number; weight: number }>();
  private weight = 0;

  /**
   * `weight`, when given, bounds the values kept by what they weigh as well (for values of very
   * different sizes, such as pages): at most `max` in all, a value heavier than that never kept.
   */
  constructor(
    readonly maxEntries: number,
    private readonly ttlMs = Number.POSITIVE_INFINITY,
    private readonly now: () => number = Date.now,
    private readonly weighed?: { max: number; of: (value: Value) => number },
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
    this.delete(key);
    const weight = this.weighed?.of(value) ?? 0;
    if (this.weighed && weight > this.weighed.max) return;
    this.entries.set(key, { value, until: this.now() + this.ttlMs, weight });
    this.weight += weight;
    while (this.entries.size > this.maxEntries || (this.weighed && this.weight > this.weighed.max)) {
      this.delete(this.entries.keys().next().value as Key);
    }
  }

  delete(key: Key): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.weight -= entry.weight;
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the values kept weigh together (0 for a cache that does not weigh them). */
  get totalWeight(): number {
    return this.weight;
  }

  private lookup(key: Key): { value: Value; until: number; weight: number } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }
}
