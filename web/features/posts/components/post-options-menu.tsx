import { MoreHorizontal } from 'lucide-react';
import type { Post } from '@shared/api/posts';
import { onDemandMenu } from '@web/app/resilience/on-demand';
import type { PostNotices } from './post-notices';
import { exportOf } from '@web/app/resilience/screen-loading';
import { useT } from '@web/i18n/i18n';

/** The author's edit screen of a post. */
export const editPostPath = (postId: string) => `/post/${encodeURIComponent(postId)}/edit`;

export interface PostOptionsMenuProps {
  post: Pick<Post, 'id' | 'tldr' | 'is_owner' | 'can_delete' | 'can_publish' | 'published'> &
    Partial<Pick<Post, 'can_edit' | 'can_pin' | 'pinned' | 'group_id'>>;
  notify: PostNotices['notify'];
  /** After Ignore or Delete took the post away (the detail page leaves). */
  onRemoved?: () => void;
}

const { Menu } = onDemandMenu<PostOptionsMenuProps>(
  exportOf(() => import('./post-options-dropdown'), 'PostOptionsDropdown'),
);

/**
 * The card's "…" menu: Publish for its author (or, once published, Copy public link and Unpublish),
 * Pin to group or Unpin for a group's Owners and Moderators (ADR 043), Report (files a report its
 * group's moderators or the admins review) and Ignore (hides the post for this member, with Undo)
 * on others' posts, and Delete where the server says the member may.
 * Its button is drawn with the card; the menu and its dialogs (./post-options-dropdown.tsx) load
 * when first wanted, so a timeline of twenty cards loads none of them.
 */
export function PostOptionsMenu(props: PostOptionsMenuProps) {
  const t = useT();
  return (
    <Menu
      {...props}
      trigger={
        <button
          type="button"
          aria-label={t('posts.options.label')}
          className="flex size-9 items-center justify-center rounded-lg text-stone-500 transition-colors hover:bg-stone-100 hover:text-stone-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 data-[state=open]:bg-stone-100 data-[state=open]:text-stone-800"
        >
          <MoreHorizontal className="size-5" aria-hidden="true" />
        </button>
      }
    />
  );
}
