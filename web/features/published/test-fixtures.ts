import type { PublicPost, PublishedPost } from '@shared/api/public-posts';
import { renderMarkdownHtml } from '@shared/domain/markdown-html';
import { previewHtml } from '@web/features/posts/post-fixtures';

/** Test data for publishing and the public face (imported by tests only). */

export function aPublicPost(overrides: Partial<PublicPost> = {}): PublicPost {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    slug: 'tomatoes-are-ripening',
    post_id: '11111111-1111-4111-8111-111111111111',
    created_at: '2026-03-22T10:00:00.000Z',
    public_url: 'http://localhost:3000/explore/post/tomatoes-are-ripening',
    tldr: 'Tomatoes are ripening',
    ...overrides,
  };
}

/** A published post; its `content_html` and `content_preview_html` are rendered from `content` unless given. */
export function aPublishedPost(overrides: Partial<PublishedPost> = {}): PublishedPost {
  const post = {
    id: '11111111-1111-4111-8111-111111111111',
    tldr: 'Tomatoes are ripening',
    content: 'The **San Marzano** plants are turning red.',
    created_at: '2026-03-22T10:00:00.000Z',
    created_at_human: 'March 22, 2026 at 10:00 AM UTC',
    time_ago: '5 minutes ago',
    username: 'theo',
    name: 'Theo Lindqvist',
    avatar: null,
    group_name: 'Garden Club',
    group_id: '22222222-2222-4222-8222-222222222222',
    profile_id: '33333333-3333-4333-8333-333333333333',
    likes_count: 2,
    comments_count: 3,
    file_url: null,
    file_name: null,
    file_size: null,
    file_width: null,
    file_height: null,
    thumbnail_url: null,
    has_image: false,
    slug: 'tomatoes-are-ripening',
    public_url: 'http://localhost:3000/explore/post/tomatoes-are-ripening',
    published_at: '2026-03-22T10:05:00.000Z',
    ...overrides,
  };
  return {
    ...post,
    content_html: overrides.content_html ?? renderMarkdownHtml(post.content),
    content_preview_html: overrides.content_preview_html ?? previewHtml(post.content),
  };
}
