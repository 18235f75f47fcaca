import type { Device, Position } from '@rastro/api';
import { changedKeys } from '../../api/shardedMap.ts';
import { isSoftDeleted } from '../../api/devices.ts';
import { deviceCategory, type StatusCounts } from './deviceFilter.ts';
import { deviceStatus, isMoving } from './deviceStatus.ts';
import { nameRanks } from './deviceSort.ts';

export interface FleetSummary {
  /** Per status and in motion, over the listed (not soft-deleted) devices. */
  counts: StatusCounts;
  /** Devices per category, categories in alphabetical order. */
  categories: ReadonlyMap<string, number>;
  /** Each listed device's place in name order; a new map only when a name or the fleet changes. */
  nameRank: ReadonlyMap<number, number>;
}

const EMPTY: ReadonlyMap<number, never> = new Map<number, never>();

/**
 * The list's fleet-wide figures kept up to date change by change: a live snapshot touches a few
 * hundred of ten thousand devices, so counting them all again (and comparing every name to learn
 * whether the name order moved) each refresh is the bulk of the work. Equal to `countByStatus`,
 * the category count and `nameRanks` over the visible devices (see the test).
 */
export class FleetSummaryIndex {
  private devices: ReadonlyMap<number, Device> = EMPTY;
  private positions: ReadonlyMap<number, Position> = EMPTY;
  private counts: StatusCounts = { all: 0, online: 0, offline: 0, unknown: 0, moving: 0 };
  private categoryCounts = new Map<string, number>();
  private summary: FleetSummary = { counts: this.counts, categories: new Map(), nameRank: new Map() };

  /** The summary of these snapshots; the same object as last time when nothing it shows changed. */
  update(devices: ReadonlyMap<number, Device>, positions: ReadonlyMap<number, Position>): FleetSummary {
    const ids = new Set([...changedKeys(this.devices, devices), ...changedKeys(this.positions, positions)]);
    if (ids.size === 0) {
      this.devices = devices;
      this.positions = positions;
      return this.summary;
    }
    const counts = { ...this.counts };
    let categoriesChanged = false;
    let namesChanged = false;
    for (const id of ids) {
      const before = this.devices.get(id);
      const after = devices.get(id);
      const wasListed = before !== undefined && !isSoftDeleted(before);
      const isListed = after !== undefined && !isSoftDeleted(after);
      if (wasListed) this.tally(counts, before, this.positions.get(id), -1);
      if (isListed) this.tally(counts, after, positions.get(id), 1);
      if (wasListed !== isListed) categoriesChanged = namesChanged = true;
      else if (wasListed && isListed) {
        if (deviceCategory(before) !== deviceCategory(after)) categoriesChanged = true;
        if (before.name !== after.name) namesChanged = true;
      }
    }
    this.devices = devices;
    this.positions = positions;
    this.counts = counts;
    const same = (Object.keys(counts) as (keyof StatusCounts)[]).every((key) => counts[key] === this.summary.counts[key]);
    this.summary = {
      counts: same ? this.summary.counts : counts,
      categories: categoriesChanged ? sortedCategories(this.categoryCounts) : this.summary.categories,
      nameRank: namesChanged ? nameRanks(listed(devices.values())) : this.summary.nameRank,
    };
    return this.summary;
  }

  /** Adds (`sign` 1) or removes (-1) one device's share of the counts. */
  private tally(counts: StatusCounts, device: Device, position: Position | undefined, sign: 1 | -1): void {
    counts.all += sign;
    counts[deviceStatus(device)] += sign;
    if (isMoving(position)) counts.moving += sign;
    const category = deviceCategory(device);
    const count = (this.categoryCounts.get(category) ?? 0) + sign;
    if (count === 0) this.categoryCounts.delete(category);
    else this.categoryCounts.set(category, count);
  }
}

function* listed(devices: Iterable<Device>): Iterable<Device> {
  for (const device of devices) if (!isSoftDeleted(device)) yield device;
}

function sortedCategories(counts: ReadonlyMap<string, number>): Map<string, number> {
  return new Map([...counts].sort(([a], [b]) => a.localeCompare(b)));
}
