import type Sharp from 'sharp';

let sharpModule: Promise<typeof Sharp> | undefined;

/**
 * sharp and its native library (the app icons, the demo's pictures), loaded by the first picture drawn
 * rather than with every server process (about 40 ms and the library at start-up).
 */
export const loadSharp = (): Promise<typeof Sharp> => (sharpModule ??= import('sharp').then((module) => module.default));
