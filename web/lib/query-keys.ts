/**
 * Query keys shared across features, so one screen can refresh what another shows. A feature adds
 * its own keys here when another feature (or the shell) needs to read or invalidate them.
 */
export const queryKeys = {
  /** The member's groups (GET /api/groups): the shell's group switcher and the groups screens. */
  groups: {
    all: ['groups'] as const,
    list: () => ['groups', 'list'] as const,
    detail: (id: string) => ['groups', 'detail', id] as const,
    /** The list searched or sorted: ?q= and ?sort= (the plain list is `list()`). */
    search: (params: { q: string; sort: string }) => ['groups', 'list', params] as const,
    members: (id: string) => ['groups', 'members', id] as const,
    /** Pending requests to one group (its edit screen). */
    joinRequests: (id: string) => ['groups', 'join-requests', id] as const,
    /** Pending requests to every group I own or moderate (the Group Requests screen). */
    requests: () => ['groups', 'requests'] as const,
    /** How many requests wait in those groups (the sidebar and switcher badges). */
    pendingCount: () => ['groups', 'requests', 'count'] as const,
    /** What I may offer an invitee, and the link's state (GET /api/groups/{id}/inviting). */
    inviting: (id: string) => ['groups', 'inviting', id] as const,
    /** Members found by name for an invitation (GET /api/mentions?q=). */
    inviteSearch: (q: string) => ['groups', 'invite-search', q] as const,
    /** My open invitations into groups (GET /api/group_invitations, the Inbox). */
    invitations: () => ['groups', 'invitations'] as const,
    /** Where a group link leads (GET /api/group_links/{code}). */
    link: (code: string) => ['groups', 'link', code] as const,
  },
  /** Profiles (GET /api/profile, /api/profiles/{id}); follows change their counts. */
  profiles: {
    all: ['profiles'] as const,
    me: () => ['profiles', 'me'] as const,
    detail: (id: string) => ['profiles', 'detail', id] as const,
  },
  /** The Friends screen (GET /api/friends). */
  friends: {
    all: ['friends'] as const,
    /** GET /api/friends/following or /followers, cursor paged. */
    list: (list: 'following' | 'followers') => ['friends', 'list', list] as const,
    /** The welcome card's groups and people to follow (GET /api/me/arrival): a follow refreshes it. */
    arrival: () => ['friends', 'arrival'] as const,
  },
  invitations: {
    all: ['invitations'] as const,
    list: () => ['invitations', 'list'] as const,
  },
  /**
   * Posts (web/features/posts). Every list of posts (the timeline, a group's, a profile's) sits under
   * `lists()`, so creating a post refreshes them all with one invalidation.
   */
  posts: {
    all: ['posts'] as const,
    lists: () => ['posts', 'list'] as const,
    /** GET /api/posts, optionally one group's (group_id). */
    timeline: (groupId?: string | null) => ['posts', 'list', 'timeline', groupId ?? 'all'] as const,
    /** GET /api/profiles/{id}/posts. */
    profile: (profileId: string) => ['posts', 'list', 'profile', profileId] as const,
    detail: (id: string) => ['posts', 'detail', id] as const,
    /** GET /api/groups/{id}/pins: a group's pinned posts (ADR 043). */
    pins: (groupId: string) => ['posts', 'pins', groupId] as const,
    comments: (id: string) => ['posts', 'comments', id] as const,
    search: (query: string) => ['posts', 'search', query] as const,
  },
  /** Who chose each option of a post's poll (GET /api/posts/{id}/poll/voters, ADR 058), per vote count. */
  polls: {
    voters: (postId: string, votes: number) => ['polls', 'voters', postId, votes] as const,
  },
  /** Who reacted to a post or a comment (GET /api/{posts|comments}/{id}/reactions, ADR 044). */
  reactions: {
    who: (kind: 'post' | 'comment', id: string) => ['reactions', kind, id] as const,
  },
  /**
   * Links (web/features/links): the timeline (GET /api/links), one link, its comments. A like, a
   * comment or a live update refreshes what sits under `all`.
   */
  links: {
    all: ['links'] as const,
    timeline: () => ['links', 'timeline'] as const,
    /** The links shared into a group (GET /api/links?group_id=): under the timeline, so what refreshes it refreshes them. */
    group: (groupId: string) => ['links', 'timeline', 'group', groupId] as const,
    detail: (id: string) => ['links', 'detail', id] as const,
    comments: (id: string) => ['links', 'comments', id] as const,
  },
  /** The Inbox (web/features/inbox): its pages and the unread badge; a live notification refreshes both. */
  notifications: {
    all: ['notifications'] as const,
    list: () => ['notifications', 'list'] as const,
    unreadCount: () => ['notifications', 'unread-count'] as const,
    preferences: () => ['notifications', 'preferences'] as const,
    /** Web Push (ADR 052): the member's devices and quiet hours. */
    pushDevices: () => ['notifications', 'push-devices'] as const,
    pushSettings: () => ['notifications', 'push-settings'] as const,
  },
  /**
   * Private conversations (web/features/conversations, ADR 060): the two lists, one conversation,
   * its messages, the navigation's counts and the messaging settings. A live message refreshes the counts and the lists (the
   * navigation's badge) and, when its thread is open, that conversation and its messages.
   */
  conversations: {
    all: ['conversations'] as const,
    lists: () => ['conversations', 'list'] as const,
    /** GET /api/conversations?status=: the Conversations or the Requests tab. */
    list: (status: 'active' | 'request') => ['conversations', 'list', status] as const,
    detail: (id: string) => ['conversations', 'detail', id] as const,
    /** GET /api/conversations/{id}/messages, newest last, older pages before. */
    messages: (id: string) => ['conversations', 'messages', id] as const,
    /** GET /api/messages/search?q=: the member's messages holding every word. */
    search: (q: string) => ['conversations', 'search', q] as const,
    /** The navigation badge's counts (unread_messages and message_requests of GET /api/me/counts). */
    counts: () => ['conversations', 'counts'] as const,
    /** GET /api/messaging_settings: who may message the member, whether they share read marks. */
    settings: () => ['conversations', 'settings'] as const,
  },
  /** The member's own public posts (GET /api/public_posts): /published; Publish and Unpublish refresh it. */
  publicPosts: {
    all: ['public-posts'] as const,
    mine: () => ['public-posts', 'mine'] as const,
  },
  /**
   * What visitors read (web/features/explore): the feed, the public timelines (all, one group's, one
   * member's), single published posts, and published links. Publish and Unpublish refresh
   * everything under `all`.
   */
  published: {
    all: ['published'] as const,
    feed: () => ['published', 'feed'] as const,
    timeline: (filter: { group_id?: string; profile_id?: string } = {}) =>
      ['published', 'timeline', filter] as const,
    post: (idOrSlug: string) => ['published', 'post', idOrSlug] as const,
    group: (id: string) => ['published', 'group', id] as const,
    profile: (id: string) => ['published', 'profile', id] as const,
    links: () => ['published', 'links'] as const,
    link: (id: string) => ['published', 'link', id] as const,
  },
} as const;
