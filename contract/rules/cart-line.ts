/**
 * A cart line is one item with one set of chosen options: adding the same item with the same
 * options (in any order) adds to that line. Its key names that choice.
 */

/** What identifies a line: the item and its chosen option ids. */
export interface LineChoice {
  item_id: number;
  /** The chosen option ids (the API's name for them), in any order; none when left out. */
  selectCustoizeID?: readonly number[] | undefined;
}

/** The chosen option ids in ascending order. */
export function sortedOptionIds(line: Pick<LineChoice, 'selectCustoizeID'>): number[] {
  return [...(line.selectCustoizeID ?? [])].sort((a, b) => a - b);
}

/** The same key for the same item and option set, whatever the order of the option ids ('12:3,5'). */
export function cartLineKey(line: LineChoice): string {
  return `${line.item_id}:${sortedOptionIds(line).join(',')}`;
}

/** Same item with the identical set of options. */
export function isSameChoice(a: LineChoice, b: LineChoice): boolean {
  return cartLineKey(a) === cartLineKey(b);
}
