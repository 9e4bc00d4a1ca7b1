import { useLayoutEffect, useState, type RefObject } from 'react';

/** A size of an element, px, followed as it resizes; 0 until it is laid out (and on the server). */
function useSize(ref: RefObject<HTMLElement | null>, measure: (element: HTMLElement) => number): number {
  const [size, setSize] = useState(0);
  // Before the first paint: what is laid out by the size (windowed rows, columns) is right from the start.
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    setSize(measure(element));
    const observer = new ResizeObserver(() => setSize(measure(element)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, measure]);
  return size;
}

const contentWidth = (element: HTMLElement) => element.clientWidth;
const outerHeight = (element: HTMLElement) => element.offsetHeight;

/** An element's width (its content box), followed as it resizes. */
export const useWidth = (ref: RefObject<HTMLElement | null>): number => useSize(ref, contentWidth);
/** An element's height (border box), followed as it resizes. */
export const useHeight = (ref: RefObject<HTMLElement | null>): number => useSize(ref, outerHeight);
