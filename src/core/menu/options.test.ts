import { describe, expect, it } from 'vitest';
import type { MenuOptionGroup } from '../../../contract/api/menu.ts';
import { fromMinor, toMinor } from '../../../contract/rules/money.ts';
import { toCartLine } from '../cart/add-to-cart.ts';
import {
  chosenOptions, clampQuantity, groupProblem, groupRule, isSelectionComplete, lineTotalMinor, maxQuantity, selectionProblems,
  toggleOption, unitPriceMinor, type Selection,
} from './options.ts';
import { extras, item, sauces, size } from './menu.fixtures.ts';

describe('group rules', () => {
  it('describes each group: radio for at most one, checkboxes otherwise', () => {
    expect(groupRule(size)).toMatchObject({ min: 1, max: 1, required: true, control: 'radio', kind: 'one' });
    expect(groupRule(extras)).toMatchObject({ min: 0, max: 3, required: false, control: 'checkbox', kind: 'up-to' });
    expect(groupRule(sauces)).toMatchObject({ min: 2, max: 4, required: true, control: 'checkbox', kind: 'at-least' });
    expect(groupRule({ ...sauces, max: 3 })).toMatchObject({ kind: 'range' });
    expect(groupRule({ ...sauces, min: 2, max: 2 })).toMatchObject({ kind: 'exactly' });
    // required with min 0 still needs one; max above the option count is capped.
    expect(groupRule({ ...extras, required: 1 })).toMatchObject({ min: 1, required: true });
    expect(groupRule({ ...extras, max: 10 }).max).toBe(4);
    expect(groupRule({ ...extras, max: 0 }).max).toBe(4);
  });

  it('reports what a group still needs', () => {
    expect(groupProblem(size, [])).toEqual({ kind: 'required' });
    expect(groupProblem(size, [12])).toBeNull();
    expect(groupProblem(size, [11, 12])).toEqual({ kind: 'too-many', max: 1 });
    expect(groupProblem(extras, [])).toBeNull();
    expect(groupProblem(extras, [21, 22, 23, 24])).toEqual({ kind: 'too-many', max: 3 });
    expect(groupProblem(sauces, [])).toEqual({ kind: 'too-few', min: 2 });
    expect(groupProblem(sauces, [31])).toEqual({ kind: 'too-few', min: 2 });
    expect(groupProblem(sauces, [31, 32])).toBeNull();
    // ids from another group do not count
    expect(groupProblem(size, [21])).toEqual({ kind: 'required' });
  });

  it('a selection is complete only when every group is satisfied', () => {
    const pizza = item({ customizations: [size, extras, sauces] });
    expect([...selectionProblems(pizza, {}).keys()]).toEqual([1, 3]);
    expect(isSelectionComplete(pizza, { 1: [13], 3: [31, 34] })).toBe(true);
    expect(isSelectionComplete(item({ customizations: [] }), {})).toBe(true);
  });

  it('radio replaces, checkboxes toggle and stop at the maximum', () => {
    let selection: Selection = {};
    selection = toggleOption(size, selection, 11);
    selection = toggleOption(size, selection, 13);
    expect(selection[1]).toEqual([13]);
    selection = toggleOption(size, selection, 13); // a required radio stays chosen
    expect(selection[1]).toEqual([13]);
    for (const id of [21, 22, 23]) selection = toggleOption(extras, selection, id);
    const full = toggleOption(extras, selection, 24);
    expect(full).toBe(selection);
    expect(toggleOption(extras, selection, 22)[2]).toEqual([21, 23]);
    expect(chosenOptions(item(), selection).map((option) => option.name)).toEqual(['Large', 'Mozzarella', 'Mushrooms', 'Jalapeños']);
  });
});

describe('prices in integer minor units', () => {
  it('item price plus the chosen option prices', () => {
    const pizza = item();
    expect(unitPriceMinor(pizza, {})).toBe(1400);
    expect(unitPriceMinor(pizza, { 1: [12], 2: [22, 23] })).toBe(1400 + 300 + 150 + 100);
    expect(lineTotalMinor(pizza, { 1: [13], 2: [24] }, 3)).toBe(3 * (1400 + 600 + 250));
  });

  it('property: sums of cent prices equal the exact cent sum, in any order (seeded)', () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (let run = 0; run < 500; run += 1) {
      const cents = Array.from({ length: 1 + Math.floor(random() * 6) }, () => Math.floor(random() * 10_000));
      const group: MenuOptionGroup = {
        group_id: 9, name: 'g', min: 0, max: cents.length, required: 0,
        options: cents.map((value, index) => ({ option_id: index + 1, name: `o${index}`, price: value / 100 })),
      };
      const baseCents = Math.floor(random() * 100_000);
      const thing = item({ price: baseCents / 100, customizations: [group] });
      const ids = group.options.map((option) => option.option_id);
      const shuffled = [...ids].sort(() => random() - 0.5);
      const quantity = 1 + Math.floor(random() * 9);
      const expected = (baseCents + cents.reduce((sum, value) => sum + value, 0)) * quantity;
      expect(lineTotalMinor(thing, { 9: ids }, quantity)).toBe(expected);
      expect(lineTotalMinor(thing, { 9: shuffled }, quantity)).toBe(expected);
      expect(Number.isInteger(lineTotalMinor(thing, { 9: ids }, quantity))).toBe(true);
      // Back to display and to minor again is lossless.
      expect(toMinor(fromMinor(expected))).toBe(expected);
    }
  });

  it('0.1 + 0.2 style option prices add up exactly', () => {
    const thing = item({ price: 0.1, customizations: [sauces] });
    expect(fromMinor(unitPriceMinor(thing, { 3: [31, 32] }))).toBe(0.4);
    expect(toCartLine(thing, { 3: [32, 33] }, 1).price).toBe(0.6);
  });
});

describe('quantity', () => {
  it('is at least 1 and at most the stock', () => {
    expect(maxQuantity(item())).toBe(Number.POSITIVE_INFINITY);
    expect(maxQuantity(item({ stock: 5 }))).toBe(5);
    expect(clampQuantity(0, item())).toBe(1);
    expect(clampQuantity(-3, item({ stock: 5 }))).toBe(1);
    expect(clampQuantity(9, item({ stock: 5 }))).toBe(5);
    expect(clampQuantity(2.7, item({ stock: 5 }))).toBe(2);
    expect(clampQuantity(Number.NaN, item())).toBe(1);
    expect(clampQuantity(100, item())).toBe(100);
  });
});
