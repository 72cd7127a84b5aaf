import type { Comment } from '@shared/api/comments';
import type { Post } from '@shared/api/posts';
import { contentPreview } from '@shared/domain/content-preview';
import { renderMarkdownHtml } from '@shared/domain/markdown-html';
import { testId } from '@web/test/ids';

/** Test data for the posts area's tests (not imported by the app). */

/** `content_preview_html` as the server writes it (server/features/posts/content-html.ts). */
export function previewHtml(content: string): string {
  return content.trim() ? renderMarkdownHtml(contentPreview(content)) : '';
}

/** A post; its `content_preview_html` is rendered from `content` unless given. */
export function aPost(overrides: Partial<Post> = {}): Post {
  const post = {
    id: '11111111-1111-4111-8111-111111111111',
    tldr: 'Tomatoes are ripening',
    content: 'The **San Marzano** plants are turning red.',
    created_at: '2026-03-22T10:00:00.000Z',
    time_ago: '5 minutes ago',
    created_at_human: 'March 22, 2026 at 10:00 AM UTC',
    username: 'theo',
    name: 'Theo Lindqvist',
    avatar: null,
    group_name: 'Garden Club',
    group_id: '22222222-2222-4222-8222-222222222222',
    event_id: null,
    date_poll_id: null,
    profile_id: '33333333-3333-4333-8333-333333333333',
    liked_by_current_user: false,
    likes_count: 2,
    comments_count: 3,
    file_url: null,
    file_name: null,
    file_size: null,
    file_width: null,
    file_height: null,
    thumbnail_url: null,
    has_image: false,
    published: null,
    is_owner: false,
    can_delete: false,
    can_publish: false,
    ignored: false,
    can_edit: false,
    edited_at: null,
    mentions: [],
    ...overrides,
  };
  return { ...post, content_preview_html: overrides.content_preview_html ?? previewHtml(post.content) };
}

/** A comment by Ada on aPost(), as GET /api/posts/{id}/comments lists it. */
export function aComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: testId('comment:c1'),
    post_id: aPost().id,
    content: 'Nice *work*',
    created_at: '2026-03-22T10:05:00.000Z',
    created_at_human: 'March 22, 2026 at 10:05 AM UTC',
    time_ago: '1 minute ago',
    name: 'Ada Byron',
    username: 'ada',
    avatar: null,
    profile_id: testId('profile:ada'),
    is_owner: false,
    can_delete: false,
    can_edit: false,
    edited_at: null,
    parent_id: null,
    replies_count: 0,
    mentions: [],
    replies: [],
    ...overrides,
  };
}
