// Types for find-browser.mjs (imported by playwright.config.ts and tests).
export declare const CHROMIUM_ARGS: readonly string[];
export declare const CHROMIUM_HOWTO: string;
export declare function findChromium(options?: { headlessShell?: boolean }): string | null;
export declare function chromiumHowTo(): string;
