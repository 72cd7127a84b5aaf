/** Types of scripts/audit-deps.mjs (plain JavaScript, so CI runs it with node before anything is built). */
export interface AffectedRange {
  introduced?: string;
  fixed?: string;
}
export interface Advisory {
  id: string;
  package: string;
  summary: string;
  ranges: AffectedRange[];
}
export function productionTree(lock: {
  packages?: Record<string, { name?: string; version?: string; dev?: boolean; link?: boolean }>;
}): string[];
export function compareVersions(a: string, b: string): number;
export function isAffected(version: string, ranges: AffectedRange[]): boolean;
export function findKnownBad(tree: string[], advisories: Advisory[]): string[];
