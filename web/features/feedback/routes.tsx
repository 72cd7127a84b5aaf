import type { FeatureRoute } from '@web/lib/feature-routes';
import { FeedbackPage } from './feedback-page';

export const feedbackRoutes: FeatureRoute[] = [
  { shell: 'signed-in', path: '/share-feedback', element: <FeedbackPage /> },
];
