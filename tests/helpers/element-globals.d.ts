// Globals for element tests (*.element.test.ts, run by web-test-runner + mocha).
// Needs the @types/mocha dev dependency (describe/it/before…).
/// <reference types="mocha" />

declare global {
  interface Window {
    /** Origin of the API server web-test-runner started, e.g. "http://127.0.0.1:41234". */
    __SF_TEST_API__: string;
  }
}

export {};
