// Types for find-browser.mjs (imported by playwright.config.ts and tests).
export declare const CHROMIUM_ARGS: readonly string[];
export declare const PLAYWRIGHT_DISABLED_FEATURES_BUT_PAINT_HOLDING: readonly string[];
export declare const TEST_CHROMIUM_ARGS: readonly string[];
export declare const CHROMIUM_HOWTO: string;
export declare function findChromium(options?: { headlessShell?: boolean }): string | null;
export declare function findFullChromium(): string | null;
export declare function chromiumHowTo(): string;
