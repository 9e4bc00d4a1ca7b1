import { describe, expect, it } from 'vitest';
import {
  effectiveStatus, groupCodeOf, groupExpiry, isDeadlineAllowed, mayEditPart, mayLock, mayPlace, mayRemovePart, splitBill, type GroupState,
} from './group-orders.ts';

const parts = (...items: number[]) => items.map((itemsMinor, index) => ({ memberId: index + 1, itemsMinor }));

describe('splitBill', () => {
  it('gives each part its items and an equal share of the charges', () => {
    // $20.00 of items, $3.00 of delivery, tax and packaging on top.
    expect(splitBill(2300, parts(1000, 1000))).toEqual([1150, 1150]);
  });

  it('hands the cents an equal split leaves over to the first parts, so the shares add up to the total', () => {
    expect(splitBill(1000, parts(300, 300, 300))).toEqual([334, 333, 333]);
    expect(splitBill(1001, parts(500, 500))).toEqual([501, 500]);
    expect(splitBill(1002, parts(0, 500, 500))).toEqual([0, 501, 501]);
  });

  it('leaves a part without items out of the charges', () => {
    expect(splitBill(1300, parts(1000, 0))).toEqual([1300, 0]);
    expect(splitBill(500, parts(0, 0))).toEqual([0, 0]);
  });

  it('shares a discount too, and never asks anyone less than nothing', () => {
    // $2.00 off two parts: a dollar off each.
    expect(splitBill(1300, parts(500, 1000))).toEqual([400, 900]);
    // $3.00 off: the $1.00 part cannot take $1.50 off; it pays nothing and the other takes the rest.
    expect(splitBill(1000, parts(100, 1200))).toEqual([0, 1000]);
    expect(splitBill(0, parts(500, 500))).toEqual([0, 0]);
    expect(splitBill(-50, parts(500))).toEqual([0]);
  });

  it('adds up to the total to the cent, whatever the parts (10,000 random bills)', () => {
    let seed = 7;
    const random = (below: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    for (let bill = 0; bill < 10_000; bill++) {
      const items = Array.from({ length: 1 + random(8) }, () => (random(4) === 0 ? 0 : random(5_000)));
      const sum = items.reduce((a, b) => a + b, 0);
      const total = Math.max(0, sum + random(2_000) - (random(3) === 0 ? random(sum + 1) : 0));
      const shares = splitBill(total, parts(...items));
      const expected = items.some((value) => value > 0) ? total : 0;
      expect(shares.reduce((a, b) => a + b, 0), JSON.stringify({ total, items })).toBe(expected);
      expect(shares.every((share, index) => share >= 0 && (items[index]! > 0 || share === 0))).toBe(true);
      // Nobody pays more than one cent beyond another's share of the charges (no discount clamped).
      const charges = shares.map((share, index) => share - items[index]!).filter((_, index) => items[index]! > 0);
      if (charges.every((charge) => charge >= 0)) expect(Math.max(...charges) - Math.min(...charges)).toBeLessThanOrEqual(1);
    }
  });
});

describe('who may do what', () => {
  const now = new Date('2026-11-28T12:00:00Z');
  const group = (status: GroupState['status'], deadline?: string): GroupState => ({ status, deadlineAt: deadline ? new Date(deadline) : null, hostMemberId: 1 });

  it('locks itself at its deadline', () => {
    expect(effectiveStatus(group('open', '2026-11-28T12:00:00Z'), now)).toBe('locked');
    expect(effectiveStatus(group('open', '2026-11-28T12:00:01Z'), now)).toBe('open');
    expect(effectiveStatus(group('placed', '2026-11-28T11:00:00Z'), now)).toBe('placed');
  });

  it('lets members change only their own part, while open', () => {
    expect(mayEditPart(group('open'), 2, 2, now)).toBe(true);
    expect(mayEditPart(group('open'), 1, 2, now)).toBe(false);
    expect(mayEditPart(group('locked'), 2, 2, now)).toBe(false);
    expect(mayEditPart(group('open', '2026-11-28T11:59:00Z'), 2, 2, now)).toBe(false);
  });

  it('lets the host remove others\' parts, lock, unlock before the deadline, and place a locked group', () => {
    expect(mayRemovePart(group('open'), 1, 2, now)).toBe(true);
    expect(mayRemovePart(group('open'), 2, 3, now)).toBe(false);
    expect(mayRemovePart(group('open'), 1, 1, now)).toBe(false);
    expect(mayRemovePart(group('placed'), 1, 2, now)).toBe(false);
    expect(mayLock(group('open'), 1, true, now)).toBe(true);
    expect(mayLock(group('open'), 2, true, now)).toBe(false);
    expect(mayLock(group('locked'), 1, false, now)).toBe(true);
    expect(mayLock(group('locked', '2026-11-28T11:00:00Z'), 1, false, now)).toBe(false);
    expect(mayPlace(group('open'), 1, now)).toBe(false);
    expect(mayPlace(group('locked'), 1, now)).toBe(true);
    expect(mayPlace(group('open', '2026-11-28T11:00:00Z'), 1, now)).toBe(true);
    expect(mayPlace(group('locked'), 2, now)).toBe(false);
  });

  it('takes deadlines 5 minutes to 24 hours ahead, and expires a day after', () => {
    expect(isDeadlineAllowed(new Date('2026-11-28T12:04:59Z'), now)).toBe(false);
    expect(isDeadlineAllowed(new Date('2026-11-28T12:05:00Z'), now)).toBe(true);
    expect(isDeadlineAllowed(new Date('2026-11-29T12:00:00Z'), now)).toBe(true);
    expect(isDeadlineAllowed(new Date('2026-11-29T12:00:01Z'), now)).toBe(false);
    expect(groupExpiry(now, null).toISOString()).toBe('2026-11-29T12:00:00.000Z');
    expect(groupExpiry(now, new Date('2026-11-28T13:00:00Z')).toISOString()).toBe('2026-11-29T13:00:00.000Z');
  });

  it('reads a short code however it is typed', () => {
    expect(groupCodeOf('abi-2de')).toBeNull();
    expect(groupCodeOf('abk 2de')).toBe('ABK2DE');
    expect(groupCodeOf('ABK2D0')).toBeNull();
    expect(groupCodeOf('ABK2DEF')).toBeNull();
  });
});
