/**
 * The script tag (`dist/storefront.js`), a few hundred bytes: it remembers its own `<script>` (for
 * `data-api`, `data-host`, `data-locale`) and imports the runtime from beside itself
 * (`dist/sf/runtime-[hash].js`), which defines each element from its own chunk when its tag first
 * appears and loads only the active language's texts. Loading it twice is harmless: the second copy
 * imports the same module, which runs once.
 */
import { SCRIPT_TAG_KEY } from '../src/core/platform/script-tag.ts';

declare const __SF_RUNTIME__: string;

const script = document.currentScript as HTMLScriptElement | null;
const holder = globalThis as unknown as Record<symbol, HTMLScriptElement | null | undefined>;
holder[SCRIPT_TAG_KEY] ??= script;
void import(/* @vite-ignore */ new URL(__SF_RUNTIME__, script?.src || location.href).href);
