import type { GeoPoint } from '../../../contract/rules/geo.ts';
import { metresBetween } from '../../../contract/rules/geo.ts';

/**
 * The map drawn without tiles: the points of a trip on a flat plane, to scale, north up and east to
 * the right (in every language: a map is not mirrored), fitted into a box with a margin.
 */
export interface MapView {
  width: number;
  height: number;
  /** Where a point is drawn, in the box's units. */
  project(point: GeoPoint): { x: number; y: number };
  /** A round length for the scale bar (metres) and how long it is drawn. */
  scale: { metres: number; length: number };
}

const NICE_LENGTHS = [50, 100, 200, 250, 500, 1000, 2000, 2500, 5000, 10_000, 20_000, 50_000, 100_000];

/** Fits `points` into a width × height box with `margin` around them; a lone point sits in the middle. */
export function fitMap(points: readonly GeoPoint[], width: number, height: number, margin: number): MapView {
  const all = points.length ? points : [{ latitude: 0, longitude: 0 }];
  const midLatitude = (Math.min(...all.map((p) => p.latitude)) + Math.max(...all.map((p) => p.latitude))) / 2;
  const shrink = Math.cos((midLatitude * Math.PI) / 180);
  const xOf = (p: GeoPoint) => p.longitude * shrink;
  const minX = Math.min(...all.map(xOf));
  const maxX = Math.max(...all.map(xOf));
  const minY = Math.min(...all.map((p) => p.latitude));
  const maxY = Math.max(...all.map((p) => p.latitude));
  // At least about 200 m across, so a trip of a few metres is not blown up to the whole box.
  const spanX = Math.max(maxX - minX, 0.0018);
  const spanY = Math.max(maxY - minY, 0.0018);
  const unitsPerDegree = Math.min((width - 2 * margin) / spanX, (height - 2 * margin) / spanY);
  const centreX = (minX + maxX) / 2;
  const centreY = (minY + maxY) / 2;
  const project = (p: GeoPoint) => ({
    x: width / 2 + (xOf(p) - centreX) * unitsPerDegree,
    y: height / 2 - (p.latitude - centreY) * unitsPerDegree,
  });
  // Metres one unit of the box stands for: a degree of latitude is unitsPerDegree units.
  const metresPerUnit = metresBetween({ latitude: centreY - 0.5, longitude: 0 }, { latitude: centreY + 0.5, longitude: 0 }) / unitsPerDegree;
  const target = (width / 4) * metresPerUnit;
  const metres = [...NICE_LENGTHS].reverse().find((length) => length <= target) ?? NICE_LENGTHS[0]!;
  return { width, height, project, scale: { metres, length: metres / metresPerUnit } };
}
