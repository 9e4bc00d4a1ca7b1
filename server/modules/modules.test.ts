import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_MODULES } from './index.ts';

describe('the list of server modules', () => {
  it('holds every folder of server/modules once, each by its folder name', () => {
    const folders = readdirSync(new URL('.', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
    expect(SERVER_MODULES.map((area) => area.name).sort()).toEqual(folders.sort());
  });
});
