import { withMarkdown } from '@web/components/markdown-loader';
import type { FeatureRoute } from '@web/lib/feature-routes';

/**
 * The public face (spec section 2). Visitors see these in the public shell; members who come here
 * stay in their own frame (the `adaptive` shell), as on /privacy-policy.
 */
const feed = { Component: async () => (await import('./feed-page')).FeedPage };

export const exploreRoutes: FeatureRoute[] = [
  { shell: 'adaptive', path: '/', lazy: { ...feed } },
  { shell: 'adaptive', path: '/feed', lazy: { ...feed } },
  {
    shell: 'adaptive',
    path: '/explore',
    lazy: { Component: async () => (await import('./explore-page')).ExplorePage },
  },
  {
    shell: 'adaptive',
    path: '/explore/post/:id',
    lazy: { Component: async () => (await import('./published-post-page')).PublishedPostPage },
  },
  {
    shell: 'adaptive',
    path: '/explore/links',
    lazy: {
      Component: async () => (await withMarkdown(import('./published-links-page'))).PublishedLinksPage,
    },
  },
  {
    shell: 'adaptive',
    path: '/explore/link/:id',
    lazy: { Component: async () => (await withMarkdown(import('./published-link-page'))).PublishedLinkPage },
  },
  {
    shell: 'adaptive',
    path: '/explore/group/:id',
    lazy: { Component: async () => (await import('./explore-group-page')).ExploreGroupPage },
  },
  {
    shell: 'adaptive',
    path: '/explore/profiles/:id',
    lazy: { Component: async () => (await import('./explore-profile-page')).ExploreProfilePage },
  },
];
