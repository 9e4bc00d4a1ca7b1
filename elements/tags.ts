/// <reference types="vite/types/importMeta.d.ts" />
/**
 * The package's one list of elements: every `elements/sf-<name>.tsx` file is the element `<sf-<name>>`.
 * The lazy loader (loader.ts) fetches a file when its tag first appears, the single-file bundle
 * (bundle.ts) defines them all at once, and the manifest and types are read from the same files
 * (scripts/element-docs.mjs, which also checks that each file's `@tag` is its file name). Adding an
 * element is adding its file here and its feature under src/features.
 */
const ELEMENT_FILES = import.meta.glob('./sf-*.tsx');

/** The module that defines `tag` (the loader's map), or undefined for a tag that is not one of ours. */
export function elementModule(tag: string): (() => Promise<unknown>) | undefined {
  const file = `./${tag}.tsx`;
  return Object.hasOwn(ELEMENT_FILES, file) ? ELEMENT_FILES[file] : undefined;
}
