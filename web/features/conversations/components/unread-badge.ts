/** "9+" above nine: a badge stays one small pill. */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count);
}
