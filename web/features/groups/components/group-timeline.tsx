/**
 * The group's posts (GET /api/posts?group_id={id}) drawn by the posts feature's PostTimeline.
 * Until that component lands this slot stays empty.
 */
export function GroupTimeline({ groupId: _groupId }: { groupId: string }) {
  return null;
}
