/**
 * Where a key moves in a row of choices (a tab list, a custom radio group), as the platform's own
 * controls do: Left/Right follow the visual order (reversed right to left), Home and End go to the
 * ends, and for radio groups Up/Down step as well. Null for any other key.
 */
export function nextChoice(key: string, index: number, count: number, options: { rtl: boolean; upDown?: boolean }): number | null {
  if (count === 0) return null;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  const sideways = { ArrowRight: 1, ArrowLeft: -1 }[key];
  const upDown = options.upDown ? { ArrowDown: 1, ArrowUp: -1 }[key] : undefined;
  const step = sideways !== undefined ? (options.rtl ? -sideways : sideways) : upDown;
  if (step === undefined) return null;
  return (index + step + count) % count;
}
