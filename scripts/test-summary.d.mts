/** Types of scripts/test-summary.mjs (plain JavaScript, so `npm test` runs it with node before anything is built). */
export interface Outcome {
  passed: number;
  failed: number;
  skipped: number;
  /** `layer: file › test: first line of its error` for each failure, listed again above the summary line. */
  failures: string[];
  notes: string[];
}
export interface Layer extends Outcome {
  label: string;
  /** Layers running the same tests (the API suite on two engines) share one; they count once as distinct tests. */
  suite?: string;
  /** Wall time; null for a layer that could not run here. */
  ms: number | null;
}
export interface VitestFile {
  name: string;
  status: string;
  /** Why the file failed to run (an import that threw). */
  message?: string;
  assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
}
export interface VitestReport {
  numPassedTests?: number;
  numFailedTests?: number;
  numPendingTests?: number;
  numTodoTests?: number;
  testResults?: VitestFile[];
}
export interface PlaywrightSuite {
  title: string;
  specs?: {
    title: string;
    tests: { status: string; results?: { error?: { message?: string } }[] }[];
  }[];
  suites?: PlaywrightSuite[];
}
export interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
  suites?: PlaywrightSuite[];
  errors?: { message?: string }[];
}
export function vitestOutcome(json: VitestReport, label: string, root: string): Outcome | null;
export function playwrightOutcome(report: PlaywrightReport, label: string): Outcome | null;
export function journeysNotRun(report: PlaywrightReport | null): string | undefined;
export function countVitestListed(stdout: string): number;
export function countPlaywrightListed(stdout: string): number;
export function settleLayer(args: {
  label: string;
  outcome: Outcome | null;
  exitCode?: number | string | null;
  listTests?: () => number;
  ms: number;
  suite?: string;
  why?: string;
}): Layer;
export function skippedLayer(args: { label: string; count: number; why: string; suite?: string }): Layer;
export const CI_BUDGET_MS: number;
export function formatDuration(ms: number): string;
export function distinctTests(layers: Layer[]): number;
export function totals(layers: Layer[]): { passed: number; failed: number; skipped: number };
export function summarise(layers: Layer[], wallMs: number): string[];
