import { describe, expect, it } from 'vitest';
import { headingBetween, metresBetween, metresLeft, minutesAt, pointAlong, routeLength, streetRoute } from './geo.ts';

const store = { latitude: 37.7793, longitude: -122.4193 };
const home = { latitude: 37.7893, longitude: -122.4043 };

describe('distances and routes', () => {
  it('measures great-circle distances and headings', () => {
    expect(metresBetween(store, store)).toBe(0);
    // One degree of latitude is about 111.2 km.
    expect(metresBetween({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(111_195, -1);
    expect(headingBetween({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBe(0);
    expect(headingBetween({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBe(90);
    expect(headingBetween({ latitude: 1, longitude: 0 }, { latitude: 0, longitude: 0 })).toBe(180);
  });

  it('plans a street-like route from store to door and walks along it', () => {
    const route = streetRoute(store, home);
    expect(route[0]).toEqual(store);
    expect(route.at(-1)).toEqual(home);
    const length = routeLength(route);
    expect(length).toBeGreaterThan(metresBetween(store, home));
    expect(pointAlong(route, 0).point).toEqual(store);
    expect(pointAlong(route, length + 100).point).toEqual(home);
    const half = pointAlong(route, length / 2).point;
    expect(metresLeft(route, half)).toBeCloseTo(length / 2, -1);
    expect(metresLeft(route, store)).toBeCloseTo(length, -1);
    expect(metresLeft(route, home)).toBeCloseTo(0, 3);
    // Off the line by a street: counted from the nearest point of the route, plus the way back to it.
    const aside = { latitude: half.latitude, longitude: half.longitude + 0.001 };
    expect(metresLeft(route, aside)).toBeGreaterThan(length / 2);
  });

  it('turns a distance into whole minutes at a speed', () => {
    expect(minutesAt(0, 30)).toBe(0);
    expect(minutesAt(100, 30)).toBe(1);
    expect(minutesAt(5000, 30)).toBe(10);
    expect(minutesAt(5001, 30)).toBe(11);
  });
});
