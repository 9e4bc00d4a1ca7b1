import type { MenuItem, MenuOption, MenuOptionGroup } from '../../../contract/api/menu.ts';
import { toMinor } from '../../../contract/rules/money.ts';

/**
 * What the customer chooses on a menu item: its option groups' rules (how many options, radio
 * or checkbox), the choice's problems, its price in integer minor units, and the quantity.
 */

/** The chosen option ids per group id. */
export type Selection = Readonly<Record<number, readonly number[]>>;

export interface GroupRule {
  /** Fewest options to choose (a required group needs at least 1). */
  min: number;
  /** Most options to choose. */
  max: number;
  required: boolean;
  /** Radio buttons when at most one option can be chosen, else checkboxes. */
  control: 'radio' | 'checkbox';
  /** How the rule reads: 'one' (choose 1), 'exactly' (choose N), 'up-to' (up to N), 'at-least' (at least N), 'range' (min to max). */
  kind: 'one' | 'exactly' | 'up-to' | 'at-least' | 'range';
}

export function groupRule(group: Pick<MenuOptionGroup, 'min' | 'max' | 'required' | 'options'>): GroupRule {
  const required = group.required === 1 || group.min > 0;
  const min = Math.max(group.min, required ? 1 : 0);
  const max = Math.max(group.max > 0 ? Math.min(group.max, group.options.length) : group.options.length, min);
  const control = max === 1 ? 'radio' : 'checkbox';
  let kind: GroupRule['kind'];
  if (max === 1) kind = 'one';
  else if (min === max) kind = 'exactly';
  else if (min === 0) kind = 'up-to';
  else if (max >= group.options.length) kind = 'at-least';
  else kind = 'range';
  return { min, max, required, control, kind };
}

export type GroupProblem = { kind: 'required' } | { kind: 'too-few'; min: number } | { kind: 'too-many'; max: number };

/** What keeps the group's choice from being accepted, or null when it is fine. */
export function groupProblem(group: MenuOptionGroup, chosen: readonly number[] = []): GroupProblem | null {
  const rule = groupRule(group);
  const valid = chosen.filter((id) => group.options.some((option) => option.option_id === id));
  if (valid.length > rule.max) return { kind: 'too-many', max: rule.max };
  if (valid.length === 0 && rule.required) return rule.min > 1 ? { kind: 'too-few', min: rule.min } : { kind: 'required' };
  if (valid.length < rule.min) return { kind: 'too-few', min: rule.min };
  return null;
}

/** Every group's problem, by group id; empty when the selection can go to the cart. */
export function selectionProblems(item: Pick<MenuItem, 'customizations'>, selection: Selection): Map<number, GroupProblem> {
  const problems = new Map<number, GroupProblem>();
  for (const group of item.customizations) {
    const problem = groupProblem(group, selection[group.group_id]);
    if (problem) problems.set(group.group_id, problem);
  }
  return problems;
}

export function isSelectionComplete(item: Pick<MenuItem, 'customizations'>, selection: Selection): boolean {
  return selectionProblems(item, selection).size === 0;
}

/**
 * Chooses or un-chooses an option: a radio group replaces its choice; a checkbox
 * group toggles, and refuses a new option once its maximum is reached (unchanged).
 */
export function toggleOption(group: MenuOptionGroup, selection: Selection, optionId: number): Selection {
  const rule = groupRule(group);
  const chosen = selection[group.group_id] ?? [];
  let next: number[];
  if (rule.control === 'radio') next = chosen.includes(optionId) && !rule.required ? [] : [optionId];
  else if (chosen.includes(optionId)) next = chosen.filter((id) => id !== optionId);
  else if (chosen.length >= rule.max) return selection;
  else next = [...chosen, optionId];
  return { ...selection, [group.group_id]: next };
}

/** The chosen options, group by group in menu order. */
export function chosenOptions(item: Pick<MenuItem, 'customizations'>, selection: Selection): MenuOption[] {
  return item.customizations.flatMap((group) => {
    const chosen = selection[group.group_id] ?? [];
    return group.options.filter((option) => chosen.includes(option.option_id));
  });
}

/** One unit's price in minor units: item price plus the chosen option prices. */
export function unitPriceMinor(item: Pick<MenuItem, 'price' | 'customizations'>, selection: Selection, minorDigits = 2): number {
  return chosenOptions(item, selection).reduce((sum, option) => sum + toMinor(option.price, minorDigits), toMinor(item.price, minorDigits));
}

/** The line total in minor units. */
export function lineTotalMinor(item: Pick<MenuItem, 'price' | 'customizations'>, selection: Selection, quantity: number, minorDigits = 2): number {
  return unitPriceMinor(item, selection, minorDigits) * quantity;
}

/* ---------- quantity ---------- */

/** The most one item can be ordered: its stock, or unlimited (Infinity) when stock is null. */
export function maxQuantity(item: Pick<MenuItem, 'stock'>): number {
  return item.stock === null ? Number.POSITIVE_INFINITY : Math.max(0, item.stock);
}

/** The stepper's value: at least 1, at most the stock. */
export function clampQuantity(quantity: number, item: Pick<MenuItem, 'stock'>): number {
  const whole = Number.isFinite(quantity) ? Math.trunc(quantity) : 1;
  return Math.max(1, Math.min(whole, Math.max(1, maxQuantity(item))));
}

