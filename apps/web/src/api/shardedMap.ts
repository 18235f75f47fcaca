/** Entries are spread over this many shards by key; a change copies one shard, not the whole map. */
const SHARDS = 256;

let serials = 0;

const shardOf = (key: number) => ((key % SHARDS) + SHARDS) % SHARDS;

/**
 * An immutable map of numeric keys (device ids) whose updated copies share every shard they do not
 * touch. The live store publishes a new snapshot per animation frame; copying ten thousand entries
 * each time costs milliseconds and a stream of garbage, copying the few touched shards does not.
 */
export class ShardedMap<V> implements ReadonlyMap<number, V> {
  private flat: Map<number, V> | null = null;
  /** Tells snapshots apart without holding them (a reference would chain every earlier snapshot). */
  private readonly serial = ++serials;
  /** The last answer of `changedKeys`: views refreshing together (counts, list order) ask the same. */
  private lastDiff: { previous: number; keys: readonly number[] } | null = null;

  private constructor(
    private readonly shards: readonly ReadonlyMap<number, V>[],
    readonly size: number,
  ) {}

  static from<V>(entries: Iterable<readonly [number, V]>): ShardedMap<V> {
    const shards = Array.from({ length: SHARDS }, () => new Map<number, V>());
    let size = 0;
    for (const [key, value] of entries) {
      const shard = shards[shardOf(key)];
      if (!shard.has(key)) size++;
      shard.set(key, value);
    }
    return new ShardedMap(shards, size);
  }

  /** A copy with the changes applied; shards without a change are shared with this one. */
  with(changes: ReadonlyMap<number, V>): ShardedMap<V> {
    if (changes.size === 0) return this;
    const shards = [...this.shards];
    const copied = new Set<number>();
    let size = this.size;
    for (const [key, value] of changes) {
      const index = shardOf(key);
      if (!copied.has(index)) {
        shards[index] = new Map(shards[index]);
        copied.add(index);
      }
      const shard = shards[index] as Map<number, V>;
      if (!shard.has(key)) size++;
      shard.set(key, value);
    }
    return new ShardedMap(shards, size);
  }

  /** Keys whose value differs (by identity) from `previous`, looking only into shards that changed. */
  changedKeys(previous: ShardedMap<V>): number[] {
    // a copy: the caller may sort or extend its answer
    if (this.lastDiff?.previous === previous.serial) return [...this.lastDiff.keys];
    const keys: number[] = [];
    this.shards.forEach((shard, index) => {
      const before = previous.shards[index];
      if (shard === before) return;
      for (const [key, value] of shard) if (before.get(key) !== value) keys.push(key);
      for (const key of before.keys()) if (!shard.has(key)) keys.push(key);
    });
    this.lastDiff = { previous: previous.serial, keys: [...keys] };
    return keys;
  }

  get(key: number): V | undefined {
    return this.shards[shardOf(key)].get(key);
  }

  has(key: number): boolean {
    return this.shards[shardOf(key)].has(key);
  }

  /** Iteration goes through one plain map, built the first time a snapshot is iterated. */
  private all(): Map<number, V> {
    this.flat ??= new Map(this.shards.flatMap((shard) => [...shard]));
    return this.flat;
  }

  forEach(callback: (value: V, key: number, map: ReadonlyMap<number, V>) => void): void {
    this.all().forEach((value, key) => callback(value, key, this));
  }

  entries(): MapIterator<[number, V]> {
    return this.all().entries();
  }

  keys(): MapIterator<number> {
    return this.all().keys();
  }

  values(): MapIterator<V> {
    return this.all().values();
  }

  [Symbol.iterator](): MapIterator<[number, V]> {
    return this.all().entries();
  }
}

/** Keys whose value changed between two snapshots: only the touched shards when both are sharded. */
export function changedKeys<V>(previous: ReadonlyMap<number, V>, next: ReadonlyMap<number, V>): number[] {
  if (previous === next) return [];
  if (previous instanceof ShardedMap && next instanceof ShardedMap) return next.changedKeys(previous);
  const keys: number[] = [];
  for (const [key, value] of next) if (previous.get(key) !== value) keys.push(key);
  for (const key of previous.keys()) if (!next.has(key)) keys.push(key);
  return keys;
}
