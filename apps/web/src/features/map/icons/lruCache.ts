/**
 * Keys kept in least-recently-used order with a fixed capacity: adding past it evicts the oldest
 * and reports it, so the owner can free what the key stood for (a map image).
 */
export class LruKeys {
  private readonly keys = new Set<string>();

  constructor(
    private readonly capacity: number,
    private readonly onEvict: (key: string) => void,
  ) {}

  has(key: string): boolean {
    return this.keys.has(key);
  }

  /** Marks a key as just used; a new key may evict the least recently used one. */
  touch(key: string): void {
    if (this.keys.delete(key)) {
      this.keys.add(key);
      return;
    }
    this.keys.add(key);
    if (this.keys.size > this.capacity) {
      const oldest = this.keys.values().next().value as string;
      this.keys.delete(oldest);
      this.onEvict(oldest);
    }
  }

  clear(): void {
    this.keys.clear();
  }

  get size(): number {
    return this.keys.size;
  }
}
