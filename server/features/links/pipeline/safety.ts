import type { LinksConfig } from '../../../config/env';
import { lookUpSafeBrowsing } from './safe-browsing';
import type { SafetyInput } from './safety-rules';

export type { SafetyInput } from './safety-rules';

export type SafetyVerdict = 'safe' | 'suspicious' | 'unsafe' | 'unknown';

export interface SafetyResult {
  verdict: SafetyVerdict;
  /** Why, in words for the member; empty only for "safe". */
  reasons: string[];
}

export interface SafetyOptions {
  safeBrowsing: LinksConfig['safeBrowsing'];
}

export const SAFE_BROWSING_FAILED = 'The Safe Browsing check could not be completed';

/**
 * The link's verdict: the worst of the local rules and (when configured) Google Safe Browsing.
 * A check that could not be made never counts as passed: with nothing worse found, it is "unknown".
 */
export async function checkSafety(input: SafetyInput, options: SafetyOptions): Promise<SafetyResult> {
  // linkedom comes with the first link checked (issue 26).
  const { localFindings } = await import('./safety-rules');
  const findings = localFindings(input);
  let checkFailed = false;
  if (options.safeBrowsing) {
    const urls = [
      ...new Set([input.url, ...input.redirectChain, ...(input.finalUrl ? [input.finalUrl] : [])]),
    ];
    try {
      const matches = await lookUpSafeBrowsing(urls, options.safeBrowsing);
      for (const match of matches) {
        findings.push({
          level: 'unsafe',
          reason: `Google Safe Browsing lists ${match.url} for ${match.threat}`,
        });
      }
    } catch {
      checkFailed = true;
    }
  }
  const reasons = findings.map((finding) => finding.reason);
  if (checkFailed) reasons.push(SAFE_BROWSING_FAILED);
  const verdict: SafetyVerdict = findings.some((finding) => finding.level === 'unsafe')
    ? 'unsafe'
    : findings.length > 0
      ? 'suspicious'
      : checkFailed
        ? 'unknown'
        : 'safe';
  return { verdict, reasons };
}
