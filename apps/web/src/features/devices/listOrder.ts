import type { Device, Position } from '@rastro/api';
import { changedKeys } from '../../api/shardedMap.ts';
import { isSoftDeleted } from '../../api/devices.ts';
import { groupRows, isShown, type ListRow, type RowsInput } from './deviceRows.ts';
import { compareKeyed, keyed, type DeviceSort, type Keyed } from './deviceSort.ts';

/** What decides the list besides the live data; any change of these (by identity) sorts afresh. */
export interface ListSettings extends Pick<RowsInput, 'filters' | 'query' | 'statusLabel' | 'sort' | 'groups'> {
  anchored: ReadonlySet<number>;
  nameRank: ReadonlyMap<number, number>;
}

const EMPTY: ReadonlyMap<number, never> = new Map<number, never>();

const sameSettings = (a: ListSettings, b: ListSettings) =>
  (Object.keys(a) as (keyof ListSettings)[]).every((key) => a[key] === b[key]);

/**
 * The devices list's rows kept up to date change by change, equal to `deviceRows` over the
 * listed devices (see the test). A live snapshot touches a few hundred devices: only those are
 * filtered and keyed again; when none of them changes whether it shows, its sort value or its
 * group, the previous rows stand (a name sort with position updates, say); otherwise the touched
 * devices are sorted among themselves and merged into the rest, which are still in order —
 * linear, instead of filtering and sorting the whole fleet.
 *
 * A row may hold an earlier object of its device when nothing that places it changed: rows
 * render the live device by id.
 */
export class ListOrder {
  private devices: ReadonlyMap<number, Device> = EMPTY;
  private positions: ReadonlyMap<number, Position> = EMPTY;
  private settings: ListSettings | null = null;
  /** The shown devices by id, and in list order. */
  private entries = new Map<number, Keyed>();
  private order: Keyed[] = [];
  private rows: ListRow[] = [];
  /** One row object per device object: a new order of the same devices allocates no rows. */
  private rowObjects = new WeakMap<Device, ListRow>();
  private readonly rowOf = (device: Device): ListRow => {
    let row = this.rowObjects.get(device);
    if (!row) this.rowObjects.set(device, (row = { kind: 'device', device }));
    return row;
  };

  rowsOf(devices: ReadonlyMap<number, Device>, positions: ReadonlyMap<number, Position>, settings: ListSettings): ListRow[] {
    if (this.settings && sameSettings(this.settings, settings)) this.apply(devices, positions, settings);
    else this.rebuild(devices, positions, settings);
    this.devices = devices;
    this.positions = positions;
    this.settings = settings;
    return this.rows;
  }

  private entryOf(id: number, devices: ReadonlyMap<number, Device>, positions: ReadonlyMap<number, Position>, settings: ListSettings): Keyed | undefined {
    const device = devices.get(id);
    const position = positions.get(id);
    if (!device || isSoftDeleted(device) || !isShown(device, position, settings)) return undefined;
    return keyed(device, settings.sort.key, { positions, anchored: settings.anchored, nameRank: settings.nameRank });
  }

  private rebuild(devices: ReadonlyMap<number, Device>, positions: ReadonlyMap<number, Position>, settings: ListSettings): void {
    this.entries = new Map();
    for (const id of devices.keys()) {
      const entry = this.entryOf(id, devices, positions, settings);
      if (entry) this.entries.set(id, entry);
    }
    this.order = [...this.entries.values()].sort(compareKeyed(settings.sort));
    this.rows = groupRows(this.order.map((entry) => entry.device), settings.groups, this.rowOf);
  }

  private apply(devices: ReadonlyMap<number, Device>, positions: ReadonlyMap<number, Position>, settings: ListSettings): void {
    const ids = new Set([...changedKeys(this.devices, devices), ...changedKeys(this.positions, positions)]);
    const moved = new Set<number>();
    const placed: Keyed[] = [];
    for (const id of ids) {
      const before = this.entries.get(id);
      const after = this.entryOf(id, devices, positions, settings);
      if (before && after && before.value === after.value && before.rank === after.rank && before.device.groupId === after.device.groupId) {
        // still in its place: the newer object serves the next rebuild of the rows
        before.device = after.device;
        continue;
      }
      if (!before && !after) continue;
      if (before) moved.add(id);
      if (after) {
        this.entries.set(id, after);
        placed.push(after);
      } else this.entries.delete(id);
    }
    if (moved.size === 0 && placed.length === 0) return;
    this.order = merge(moved.size === 0 ? this.order : this.order.filter((entry) => !moved.has(entry.device.id)), placed, settings.sort);
    this.rows = groupRows(this.order.map((entry) => entry.device), settings.groups, this.rowOf);
  }
}

/** `sorted` (in list order) with `added` placed among it. */
function merge(sorted: readonly Keyed[], added: Keyed[], sort: DeviceSort): Keyed[] {
  const compare = compareKeyed(sort);
  added.sort(compare);
  const merged = new Array<Keyed>(sorted.length + added.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < merged.length; k++) {
    merged[k] = j >= added.length || (i < sorted.length && compare(sorted[i], added[j]) <= 0) ? sorted[i++] : added[j++];
  }
  return merged;
}
