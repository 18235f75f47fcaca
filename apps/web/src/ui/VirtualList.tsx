import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';

interface VirtualListProps<T> {
  items: readonly T[];
  /** Height in pixels of each item; rows of a few kinds may differ. */
  itemHeight: (item: T) => number;
  itemKey: (item: T) => string | number;
  renderItem: (item: T) => ReactNode;
  /** Rows drawn beyond each edge of the view, so a quick scroll shows no blank. */
  overscan?: number;
  'aria-label'?: string;
  /** Shown instead of the rows when there are none. */
  empty?: ReactNode;
}

/** Start offsets of every item and the total height. */
export function layout(heights: readonly number[]): { offsets: number[]; total: number } {
  const offsets = new Array<number>(heights.length);
  let total = 0;
  heights.forEach((height, index) => {
    offsets[index] = total;
    total += height;
  });
  return { offsets, total };
}

/** Index of the item at `offset` pixels from the top (binary search over the start offsets). */
export function indexAt(offsets: readonly number[], offset: number): number {
  let low = 0;
  let high = offsets.length - 1;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (offsets[middle] <= offset) low = middle;
    else high = middle - 1;
  }
  return Math.max(0, low);
}

/**
 * A scrolling list that mounts only the rows in view (plus a few), each placed absolutely, so ten
 * thousand devices cost as much to draw as twenty.
 */
export function VirtualList<T>({ items, itemHeight, itemKey, renderItem, overscan = 6, empty, ...aria }: VirtualListProps<T>) {
  const scroller = useRef<HTMLDivElement>(null);
  const [view, setView] = useState({ top: 0, height: 600 });
  const { offsets, total } = useMemo(() => layout(items.map(itemHeight)), [items, itemHeight]);

  useEffect(() => {
    const element = scroller.current;
    if (!element) return;
    const measure = () => setView({ top: element.scrollTop, height: element.clientHeight });
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    element.addEventListener('scroll', measure, { passive: true });
    return () => {
      observer.disconnect();
      element.removeEventListener('scroll', measure);
    };
  }, []);

  const first = Math.max(0, indexAt(offsets, view.top) - overscan);
  const last = Math.min(items.length - 1, indexAt(offsets, view.top + view.height) + overscan);
  const rows: ReactNode[] = [];
  for (let index = first; index <= last; index++) {
    const item = items[index];
    rows.push(
      <Box key={itemKey(item)} role="listitem" sx={{ position: 'absolute', top: offsets[index], left: 0, right: 0, height: itemHeight(item) }}>
        {renderItem(item)}
      </Box>,
    );
  }

  return (
    <Box ref={scroller} sx={{ flex: 1, minHeight: 0, overflowY: 'auto', position: 'relative' }}>
      {items.length === 0 ? (
        empty
      ) : (
        <Box role="list" aria-label={aria['aria-label']} sx={{ position: 'relative', height: total }}>
          {rows}
        </Box>
      )}
    </Box>
  );
}
