import type { Attributes } from '@rastro/api';
import type { Db } from '../db/connection.ts';
import { attrs } from '../db/mappers.ts';
import { groupNodes } from '../db/repositories/groups.ts';

interface GroupNode {
  parent: number | null;
  attributes: Attributes;
}

/**
 * Every group's parent and attributes, read once (one query for the whole table) and then kept
 * up to date by group changes, each re-reading only the changed groups. Device contexts take
 * their group chain from it instead of reading the groups table for each device.
 */
export class GroupTree {
  private nodes: Map<number, GroupNode> | null = null;
  /** Loads and refreshes, one after another: a refresh never overtakes the load or another refresh. */
  private queue: Promise<unknown> = Promise.resolve();
  private pendingCount = 0;

  constructor(private readonly db: Db) {}

  /** The device's groups, nearest first, stopping at a missing group or a cycle. */
  async chain(groupId: number | null): Promise<number[]> {
    const nodes = await this.loaded();
    const chain: number[] = [];
    for (let id = groupId; id !== null && nodes.has(id) && !chain.includes(id); id = nodes.get(id)!.parent) chain.push(id);
    return chain;
  }

  /** A group's attributes as last read (empty for a group not known). */
  attributes(id: number): Attributes {
    return this.nodes?.get(id)?.attributes ?? {};
  }

  /** Resolves once every refresh asked for so far is done; null when none is running. */
  settled(): Promise<void> | null {
    return this.pendingCount ? this.queue.then(() => undefined, () => undefined) : null;
  }

  /**
   * Re-reads these groups. Answers those whose place in the tree changed (moved, created or
   * deleted): the chains through them are no longer right. Attribute changes need nothing more,
   * chains read the attributes from here.
   */
  refresh(ids: readonly number[]): Promise<number[]> {
    return this.enqueue(async () => {
      if (!this.nodes) return [];
      const fresh = new Map((await groupNodes(this.db, ids)).map((g) => [g.id, g]));
      const moved: number[] = [];
      for (const id of ids) {
        const before = this.nodes.get(id);
        const after = fresh.get(id);
        if (!after) {
          if (before) moved.push(id);
          this.nodes.delete(id);
          continue;
        }
        if (!before || before.parent !== after.groupId) moved.push(id);
        this.nodes.set(id, { parent: after.groupId, attributes: attrs(after.attributes) });
      }
      return moved;
    });
  }

  /** How many groups are held; null before the first read (GET /api/server/cache). */
  get size(): number | null {
    return this.nodes?.size ?? null;
  }

  /** Forgets everything (read again on next use). */
  reset(): void {
    this.nodes = null;
  }

  private loaded(): Promise<Map<number, GroupNode>> {
    if (this.nodes && !this.pendingCount) return Promise.resolve(this.nodes);
    return this.enqueue(async () => {
      this.nodes ??= new Map((await groupNodes(this.db, 'all')).map((g) => [g.id, { parent: g.groupId, attributes: attrs(g.attributes) }]));
      return this.nodes;
    });
  }

  private enqueue<T>(step: () => Promise<T>): Promise<T> {
    this.pendingCount++;
    const run = this.queue.then(step, step);
    this.queue = run.finally(() => this.pendingCount--).catch(() => undefined);
    return run;
  }
}
