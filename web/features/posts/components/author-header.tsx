import type { ReactNode } from 'react';
import { UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import type { Post } from '@shared/api/posts';
import { AvatarLink } from '@web/components/avatar';
import { initialsOf } from '@web/lib/initials';
import { EditedMark } from '@web/features/comments/edited-mark';
import { Time } from '@web/components/time';

/** What the header shows of a post (or a published post). */
export type AuthorHeaderPost = Pick<
  Post,
  'name' | 'username' | 'avatar' | 'group_id' | 'group_name' | 'time_ago' | 'created_at' | 'created_at_human'
> &
  Partial<Pick<Post, 'edited_at'>>;

/**
 * Avatar, name and @username, time ago, the group badge and an optional menu. Members and visitors
 * see the same header; only where the author and group links lead differs, so the caller says.
 */
export function AuthorHeader({
  post,
  profileTo,
  groupTo,
  menu,
}: {
  post: AuthorHeaderPost;
  /** Where the avatar, name and @username lead (the name is the one link a keyboard meets). */
  profileTo: string;
  /** Where the group badge leads (shown when the post has a group). */
  groupTo: (groupId: string) => string;
  menu?: ReactNode;
}) {
  return (
    <header className="flex items-start gap-3">
      <AvatarLink to={profileTo} src={post.avatar} initials={initialsOf(post.name)} />
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-1.5">
          <Link
            to={profileTo}
            className="truncate rounded-sm font-semibold text-stone-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {post.name}
          </Link>
          <Link to={profileTo} tabIndex={-1} className="truncate text-sm text-stone-500 hover:text-stone-700">
            @{post.username}
          </Link>
        </div>
        <div className="mt-0.5 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-500">
          <Time value={post.created_at} />
          {post.edited_at ? (
            <>
              <span aria-hidden="true">·</span>
              <EditedMark editedAt={post.edited_at} />
            </>
          ) : null}
          {post.group_id && post.group_name ? (
            <>
              <span aria-hidden="true">·</span>
              <GroupBadgeLink to={groupTo(post.group_id)} groupName={post.group_name} />
            </>
          ) : null}
        </div>
      </div>
      {menu ? <div className="-mt-1 -me-2 shrink-0">{menu}</div> : null}
    </header>
  );
}

/** The group a post belongs to, as a small badge linking to the group's page. */
function GroupBadgeLink({ to, groupName }: { to: string; groupName: string }) {
  return (
    <Link
      to={to}
      className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-100 transition-colors hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
    >
      <UsersRound className="size-3 shrink-0" aria-hidden="true" />
      <span className="truncate">{groupName}</span>
    </Link>
  );
}
