import { z } from 'zod';

/**
 * Google Safe Browsing Lookup API v4 (`threatMatches:find`): is any of these URLs on Google's lists
 * of malware, phishing, unwanted or harmful software? Throws when the check cannot be made (the
 * caller reports "unknown", never "safe").
 */

const TIMEOUT_MS = 10_000;

const THREAT_NAMES: Record<string, string> = {
  MALWARE: 'malware',
  SOCIAL_ENGINEERING: 'phishing or deception',
  UNWANTED_SOFTWARE: 'unwanted software',
  POTENTIALLY_HARMFUL_APPLICATION: 'harmful apps',
};

const ThreatMatchesSchema = z.object({
  matches: z.array(z.object({ threatType: z.string(), threat: z.object({ url: z.string() }) })).optional(),
});

export interface SafeBrowsingMatch {
  url: string;
  threat: string;
}

export async function lookUpSafeBrowsing(
  urls: string[],
  config: { apiKey: string; baseUrl: string },
): Promise<SafeBrowsingMatch[]> {
  const endpoint = `${config.baseUrl.replace(/\/+$/, '')}/v4/threatMatches:find?key=${encodeURIComponent(config.apiKey)}`;
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      client: { clientId: 'hearth', clientVersion: '1.0' },
      threatInfo: {
        threatTypes: Object.keys(THREAT_NAMES),
        platformTypes: ['ANY_PLATFORM'],
        threatEntryTypes: ['URL'],
        threatEntries: urls.map((url) => ({ url })),
      },
    }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Safe Browsing answered ${response.status}`);
  const parsed = ThreatMatchesSchema.parse(await response.json());
  return (parsed.matches ?? []).map((match) => ({
    url: match.threat.url,
    threat: THREAT_NAMES[match.threatType] ?? match.threatType.toLowerCase().replaceAll('_', ' '),
  }));
}
