/** Group links (ADR 041): how long and how often one works, within these bounds. */
export const INVITE_LINK_LIMITS = {
  expiresInDaysDefault: 7,
  expiresInDaysMax: 90,
  maxUsesMax: 1000,
} as const;
