import { describe, expect, it } from 'vitest';
import { metresBetween } from '../../../contract/rules/geo.ts';
import { fitMap } from './map-view.ts';

const store = { latitude: 37.7793, longitude: -122.4193 };
const home = { latitude: 37.7877, longitude: -122.3966 };

describe('the map drawn without tiles', () => {
  it('fits the trip into the box with its margin, north up and east right, to one scale both ways', () => {
    const view = fitMap([store, home], 400, 300, 20);
    const a = view.project(store);
    const b = view.project(home);
    for (const p of [a, b]) {
      expect(p.x).toBeGreaterThanOrEqual(19.999);
      expect(p.x).toBeLessThanOrEqual(380.001);
      expect(p.y).toBeGreaterThanOrEqual(19.999);
      expect(p.y).toBeLessThanOrEqual(280.001);
    }
    expect(b.x).toBeGreaterThan(a.x); // home is east of the store
    expect(b.y).toBeLessThan(a.y); // and north of it
    // The drawn distance matches the real one at the scale bar's rate.
    const drawn = Math.hypot(b.x - a.x, b.y - a.y);
    const metresPerUnit = view.scale.metres / view.scale.length;
    expect(drawn * metresPerUnit).toBeCloseTo(metresBetween(store, home), -2);
    expect([50, 100, 200, 250, 500, 1000, 2000]).toContain(view.scale.metres);
    expect(view.scale.length).toBeLessThanOrEqual(100);
  });

  it('puts a lone point in the middle without blowing it up', () => {
    const view = fitMap([store], 200, 200, 10);
    expect(view.project(store)).toEqual({ x: 100, y: 100 });
    expect(view.scale.metres).toBeGreaterThanOrEqual(50);
  });
});
