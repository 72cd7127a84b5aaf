import type { QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import { feedQueryOptions, publishedPostOptions } from '@web/features/explore/queries';
import type { Post } from '@shared/api/posts';
import { preloadFirstPhotos } from '@web/features/posts/photo-preload';
import { postQueryOptions } from '@web/features/posts/post-query';
import { earlyTimelineQueryOptions } from '@web/features/timeline/timeline-query';
import { prepareNumbers } from '@web/i18n/i18n';
import { holdUntilFirstScreen } from '@web/lib/after-first-screen';
import { isPublicPath, sendsMembersHome } from '@web/lib/auth-paths';
import { prepareClock } from '@web/lib/time-zone';
import { hasSessionHint } from './auth/session-hint';
import { startSessionCheck } from './auth/session-api';
import { preloadMembersFrame } from './shells/members-frame';

/**
 * The first screen starts its code and its calls with the page, alongside React and the router,
 * instead of once the router has matched the address, the auth provider has asked who is signed in
 * and the screen's chunk has loaded: on a phone's network each of those steps is a round trip on
 * the path to the first post drawn. The route's `lazy` then finds the same module loading, the auth
 * provider the same session check under way, and the screen's query the same key already fetching.
 *
 * - Where the auth provider will check the session (a members' page, or any page of a browser that
 *   was signed in), the check and the members' frame start now; once the server has said who is
 *   signed in, their clock and their language's numbers are readied while the screen's data is on
 *   its way, each in a task of its own.
 * - The public feed and a published post, the pages visitors land on from outside, start their
 *   screen and its call. Sign-in starts its screen on /signin, and on a members' address opened by
 *   a browser that was not signed in once the session check has failed (it is sent there); a
 *   member whose browser forgot the sign (its storage cleared, the cookie kept) loads none of it.
 * - The timeline (/dashboard, or a door that sends a returning member there) and a post's page
 *   (/post/{id}, the address a notification, a mail or a shared link leads to, with its photos)
 *   start their screen and their first call beside the session check; a post's first row of photos
 *   leaves as soon as the post's answer is in. A 401 to that call is left to the check, which sends
 *   a visitor to sign in inside the app: the early call neither redirects nor remembers the page.
 *   The frame's own calls (groups, badges, live events) wait until the screen has drawn
 *   (web/lib/after-first-screen.ts).
 */
export function startFirstScreen(pathname: string, queryClient: QueryClient): void {
  const returningMember = hasSessionHint();
  const sessionCheck = returningMember || !isPublicPath(pathname) ? startSessionCheck() : null;
  const signInScreen = () => import('@web/features/accounts/sign-in-page').catch(() => undefined);
  if (matchPath('/signin', pathname)) void signInScreen();
  // A members' address opened by a browser that holds no sign of a session: sent to sign in if the
  // server says nobody is signed in (the 401 comes while the app's own code is still on its way).
  else if (sessionCheck && !returningMember) void sessionCheck.catch(signInScreen);
  // A failure shows when the frame or the screen is drawn (the route error screen offers to reload).
  if (sessionCheck) {
    preloadMembersFrame().catch(() => undefined);
    sessionCheck.then(
      (user) => {
        setTimeout(() => prepareClock(user.time_zone));
        setTimeout(prepareNumbers);
      },
      () => undefined,
    );
  }

  if (
    sessionCheck &&
    (matchPath('/dashboard', pathname) || (returningMember && sendsMembersHome(pathname)))
  ) {
    import('@web/features/timeline/timeline-page').catch(() => undefined);
    void queryClient.prefetchInfiniteQuery(earlyTimelineQueryOptions());
    holdUntilFirstScreen();
    return;
  }
  const memberPost = matchPath('/post/:id', pathname) ?? matchPath('/post/:id/photo/:n', pathname);
  if (sessionCheck && memberPost?.params.id) {
    import('@web/features/posts/post-detail-page').catch(() => undefined);
    const early = postQueryOptions(memberPost.params.id, { early: true });
    // Its first photos leave with its answer, not once its page is drawn (ADR 050).
    void queryClient.prefetchQuery(early).then(() => {
      const post = queryClient.getQueryData<Post>(early.queryKey);
      if (post) preloadFirstPhotos(post);
    });
    holdUntilFirstScreen();
    return;
  }
  if (matchPath('/', pathname) || matchPath('/feed', pathname)) {
    import('@web/features/explore/feed-page').catch(() => undefined);
    void queryClient.prefetchInfiniteQuery(feedQueryOptions());
    return;
  }
  const post = matchPath('/explore/post/:id', pathname);
  if (post?.params.id) {
    import('@web/features/explore/published-post-page').catch(() => undefined);
    void queryClient.prefetchQuery(publishedPostOptions(post.params.id));
  }
}
