import { withMarkdown } from '@web/components/markdown-loader';
import type { FeatureRoute } from '@web/lib/feature-routes';
import { exportOf } from '@web/app/resilience/screen-loading';

/**
 * The public face (spec section 2). Visitors see these in the public shell; members who come here
 * stay in their own frame (the `adaptive` shell), as on /privacy-policy.
 */
const feed = { Component: exportOf(() => import('./feed-page'), 'FeedPage') };

export const exploreRoutes: FeatureRoute[] = [
  { shell: 'adaptive', path: '/', lazy: { ...feed } },
  { shell: 'adaptive', path: '/feed', lazy: { ...feed } },
  {
    shell: 'adaptive',
    path: '/explore',
    lazy: { Component: exportOf(() => import('./explore-page'), 'ExplorePage') },
  },
  {
    shell: 'adaptive',
    path: '/explore/post/:id',
    lazy: { Component: exportOf(() => import('./published-post-page'), 'PublishedPostPage') },
  },
  {
    shell: 'adaptive',
    path: '/explore/links',
    lazy: {
      Component: exportOf(() => withMarkdown(import('./published-links-page')), 'PublishedLinksPage'),
    },
  },
  {
    shell: 'adaptive',
    path: '/explore/link/:id',
    lazy: { Component: exportOf(() => withMarkdown(import('./published-link-page')), 'PublishedLinkPage') },
  },
  {
    shell: 'adaptive',
    path: '/explore/group/:id',
    lazy: { Component: exportOf(() => import('./explore-group-page'), 'ExploreGroupPage') },
  },
  {
    shell: 'adaptive',
    path: '/explore/profiles/:id',
    lazy: { Component: exportOf(() => import('./explore-profile-page'), 'ExploreProfilePage') },
  },
];
