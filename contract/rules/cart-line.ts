/**
 * A cart line is one item with one set of chosen options: adding the same item with the same
 * options (in any order) adds to that line. The key names that choice.
 */

/** What identifies a line: the item and its chosen option ids. */
export interface LineChoice {
  item_id: number;
  /** The chosen option ids (the API's name for them), in any order. */
  selectCustoizeID: readonly number[];
}

/** The option set as text: the ids in ascending order, joined by dots ('' for none). */
export function optionSet(line: Pick<LineChoice, 'selectCustoizeID'>): string {
  return [...line.selectCustoizeID].sort((a, b) => a - b).join('.');
}

/** The same key for the same item and option set, whatever the order of the option ids. */
export function cartLineKey(line: LineChoice): string {
  return `${line.item_id}:${optionSet(line)}`;
}

/** Same item with the identical set of options. */
export function isSameChoice(a: LineChoice, b: LineChoice): boolean {
  return cartLineKey(a) === cartLineKey(b);
}
