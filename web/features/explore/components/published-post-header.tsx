import { UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import type { PublishedPost } from '@shared/api/public-posts';
import { Avatar } from '@web/components/avatar';
import { initialsOf } from '@web/lib/initials';
import { exploreGroupPath, exploreProfilePath } from '../paths';

/** Avatar, name and @username (to the member's published posts), time ago, and the group badge (to the group's). */
export function PublishedPostHeader({
  post,
}: {
  post: Pick<
    PublishedPost,
    | 'name'
    | 'username'
    | 'avatar'
    | 'profile_id'
    | 'group_id'
    | 'group_name'
    | 'time_ago'
    | 'created_at'
    | 'created_at_human'
  >;
}) {
  const profile = exploreProfilePath(post.profile_id);
  return (
    <header className="flex items-start gap-3">
      <Link
        to={profile}
        className="shrink-0 rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2"
        aria-label={`${post.name}'s published posts`}
      >
        <Avatar src={post.avatar} initials={initialsOf(post.name)} />
      </Link>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-baseline gap-x-1.5">
          <Link
            to={profile}
            className="truncate rounded-sm font-semibold text-stone-900 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
          >
            {post.name}
          </Link>
          <Link to={profile} tabIndex={-1} className="truncate text-sm text-stone-500 hover:text-stone-700">
            @{post.username}
          </Link>
        </div>
        <div className="mt-0.5 flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1 text-xs text-stone-500">
          <time dateTime={post.created_at} title={post.created_at_human}>
            {post.time_ago}
          </time>
          {post.group_id && post.group_name ? (
            <>
              <span aria-hidden="true">·</span>
              <Link
                to={exploreGroupPath(post.group_id)}
                className="inline-flex max-w-full min-w-0 items-center gap-1 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 ring-1 ring-brand-100 transition-colors hover:bg-brand-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
              >
                <UsersRound className="size-3 shrink-0" aria-hidden="true" />
                <span className="truncate">{post.group_name}</span>
              </Link>
            </>
          ) : null}
        </div>
      </div>
    </header>
  );
}
