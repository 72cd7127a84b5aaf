/**
 * Whether a group link still lets people in: before its expiry and with uses left (no limit when
 * `maxUses` is null). The pure form of the condition findUsableLink puts in SQL; the two are tested
 * against each other's cases (group-invitations.policy.test.ts and the API tests).
 */
export function isLinkUsable(
  link: { expiresAt: Date; maxUses: number | null; uses: number },
  now: Date,
): boolean {
  if (link.expiresAt.getTime() <= now.getTime()) return false;
  return link.maxUses === null || link.uses < link.maxUses;
}
