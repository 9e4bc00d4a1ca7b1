// Types for pwa-checks.mjs (imported by tests/installable.e2e.ts).
export interface PwaCheck {
  id: string;
  score: number | null;
  explanation: string;
}
export interface PwaResult {
  url: string;
  version: string;
  score: number | null;
  checks: PwaCheck[];
}
export declare function pwaChecks(executablePath: string, urls: readonly string[], args?: readonly string[]): Promise<PwaResult[]>;
