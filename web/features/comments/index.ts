/** The comments section shared by posts and links (see comments-section.tsx). */
export { CommentsSection, type CommentsSectionProps } from './comments-section';
