import type { FeatureRoute } from '@web/lib/feature-routes';
import { NewPostPage } from './new-post-page';
import { PostDetailPage } from './post-detail-page';

export const postsRoutes: FeatureRoute[] = [
  { shell: 'signed-in', path: '/posts/new', element: <NewPostPage /> },
  { shell: 'signed-in', path: '/post/:id', element: <PostDetailPage /> },
];
