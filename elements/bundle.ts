/// <reference types="vite/types/importMeta.d.ts" />
/**
 * The self-contained single file (`dist/storefront.standalone.js`) for vendors who
 * cannot host the chunks: it defines every element at once, its texts and styles
 * inside. Loading it twice is harmless and both copies share one state (the
 * registry under Symbol.for), also with the split script tag on the same page.
 */
import './script-config.ts';
import { startPage } from './page.ts';

// Every element of the one list (tags.ts): each elements/sf-*.tsx file, imported and defined at once.
import.meta.glob('./sf-*.tsx', { eager: true });

export { configure } from '../src/core/platform/config.ts';

startPage();
