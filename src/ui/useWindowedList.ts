import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';

/** Rows the server draws of a windowed list: a menu of 2,000 items would be megabytes of HTML. */
export const SERVER_ROWS = 150;

export interface WindowedListOptions {
  /** Number of rows. */
  count: number;
  /** Each row's fixed height in px (rows are rendered at exactly this height). */
  heightOf: (index: number) => number;
  /** The list's element: rows are measured from its top edge. */
  listRef: RefObject<HTMLElement | null>;
  /** Extra px rendered above and below what is visible, so Tab always finds the next row. */
  overscanPx?: number;
  /**
   * Rows always rendered at first (before the first measurement). The server draws more, up to
   * SERVER_ROWS (read without JavaScript, or by a crawler; a page of stores, all of a usual menu).
   */
  initialCount?: number;
}

export interface WindowedList {
  /** First rendered row (inclusive) and last (exclusive). */
  start: number;
  end: number;
  /** Row i starts at offsets[i] px from the list's top; offsets[count] is the total height. */
  offsets: number[];
  totalHeight: number;
  /** How far (px) the viewport's top edge is below the list's top edge (negative: the list starts lower down). */
  viewTop: number;
  /** Re-measures now (after the page scrolled programmatically). */
  update: () => void;
}

/** The last index i with offsets[i] <= y (binary search; offsets ascending). */
export function rowAt(offsets: readonly number[], y: number): number {
  let low = 0;
  let high = Math.max(0, offsets.length - 2);
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (offsets[middle]! <= y) low = middle;
    else high = middle - 1;
  }
  return low;
}

/**
 * Windows a long list of fixed-height rows by the position of the list in the
 * viewport: whatever scrolls it (the page or a scrolling ancestor), only the
 * rows in view plus an overscan are rendered; spacers above and below keep the
 * scroll height, and the rows stay in document order so focus order holds.
 * Works the same under React and preact/compat (plain hooks, no DOM library).
 */
export function useWindowedList({ count, heightOf, listRef, overscanPx = 800, initialCount = 30 }: WindowedListOptions): WindowedList {
  const offsets = useMemo(() => {
    const result = new Array<number>(count + 1);
    result[0] = 0;
    for (let index = 0; index < count; index += 1) result[index + 1] = result[index]! + heightOf(index);
    return result;
  }, [count, heightOf]);
  const totalHeight = offsets[count] ?? 0;

  const [view, setView] = useState({ top: 0, height: 0, measured: false });
  const frame = useRef(0);

  const measure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const rect = list.getBoundingClientRect();
    const viewport = typeof window === 'undefined' ? 800 : window.innerHeight || document.documentElement.clientHeight || 800;
    const top = Math.round(-rect.top);
    setView((previous) => (previous.measured && previous.top === top && previous.height === viewport ? previous : { top, height: viewport, measured: true }));
  }, [listRef]);

  const schedule = useCallback(() => {
    if (frame.current) return;
    frame.current = requestAnimationFrame(() => {
      frame.current = 0;
      measure();
    });
  }, [measure]);

  useLayoutEffect(measure, [measure, count]);

  useEffect(() => {
    // Capture: scroll events of any scrolling ancestor (they do not bubble) reach window here.
    window.addEventListener('scroll', schedule, { capture: true, passive: true });
    window.addEventListener('resize', schedule, { passive: true });
    return () => {
      window.removeEventListener('scroll', schedule, { capture: true });
      window.removeEventListener('resize', schedule);
      if (frame.current) cancelAnimationFrame(frame.current);
      frame.current = 0;
    };
  }, [schedule]);

  let start = 0;
  let end = Math.min(count, typeof document === 'undefined' ? SERVER_ROWS : initialCount);
  if (view.measured && count > 0) {
    const from = Math.max(0, view.top - overscanPx);
    const to = Math.max(0, view.top + view.height + overscanPx);
    start = Math.min(rowAt(offsets, from), count - 1);
    end = Math.min(count, rowAt(offsets, to) + 1);
    if (from >= totalHeight) end = count; // list scrolled past: keep the tail rendered
  }
  return { start, end, offsets, totalHeight, viewTop: view.top, update: measure };
}
