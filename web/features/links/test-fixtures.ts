import type { Link, LinkComment } from '@shared/api/links';
import type { LiveEvent } from '@web/lib/live-events';

/** Test data and a stand-in EventSource for the links area's tests (not imported by the app). */

export function aLink(overrides: Partial<Link> = {}): Link {
  return {
    id: '44444444-4444-4444-8444-444444444444',
    url: 'https://news.example.org/bees',
    title: 'How bees find their way home',
    comment: null,
    visibility: 'published',
    group_id: null,
    group_name: null,
    sentence_summary: 'Bees navigate by the sun and by landmarks.',
    paragraph_summary: 'Honeybees learn landmarks. They use the sun as a compass. They dance to tell others.',
    markdown_content: '# Bees\n\nHoneybees **learn** landmarks.',
    domain: 'news.example.org',
    created_at: '2026-03-22T10:00:00.000Z',
    created_at_human: 'March 22, 2026 at 10:00 AM UTC',
    time_ago: '5 minutes ago',
    username: 'theo',
    name: 'Theo Lindqvist',
    avatar: null,
    profile_id: '33333333-3333-4333-8333-333333333333',
    liked_by_current_user: false,
    likes_count: 1,
    comments_count: 0,
    is_owner: false,
    status: 'ready',
    step: null,
    error: null,
    retryable: false,
    safety_verdict: 'safe',
    safety_reasons: [],
    lead_image_url: null,
    site_name: null,
    language: 'en',
    can_retry: false,
    can_delete: false,
    ...overrides,
  };
}

export function aLinkComment(overrides: Partial<LinkComment> = {}): LinkComment {
  return {
    id: '55555555-5555-4555-8555-555555555555',
    link_id: '44444444-4444-4444-8444-444444444444',
    content: 'Lovely read',
    created_at: '2026-03-22T11:00:00.000Z',
    created_at_human: 'March 22, 2026 at 11:00 AM UTC',
    time_ago: '4 minutes ago',
    name: 'Maria Okafor',
    username: 'maria',
    avatar: null,
    profile_id: '66666666-6666-4666-8666-666666666666',
    liked_by_current_user: false,
    likes_count: 0,
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

/** A stand-in for the browser's EventSource: tests push server events with `emit`. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  onmessage: ((message: MessageEvent<string>) => void) | null = null;
  onopen: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.instances.push(this);
  }
  close() {
    this.closed = true;
  }
  /** Every stream's connection opens (the browser's `open` event, at first and after a drop). */
  static open() {
    for (const source of FakeEventSource.instances) if (!source.closed) source.onopen?.();
  }
  /** Delivers an event to every open stream, as the server would. */
  static emit(event: LiveEvent) {
    for (const source of FakeEventSource.instances) {
      if (!source.closed) source.onmessage?.(new MessageEvent('message', { data: JSON.stringify(event) }));
    }
  }
}
