/** The message ids of the Friends screen's and the follow control's texts (English in ./messages/en.json). */
export const FRIENDS_TEXT = {
  title: 'friends.page.title',
  follow: 'friends.follow.follow',
  unfollow: 'friends.follow.unfollow',
  followsYou: 'friends.followsYou',
  following: {
    title: 'friends.following.title',
    description: 'friends.following.description',
    empty: 'friends.following.empty',
  },
  followers: {
    title: 'friends.followers.title',
    description: 'friends.followers.description',
    empty: 'friends.followers.empty',
  },
  suggestions: {
    title: 'friends.suggestions.title',
    description: 'friends.suggestions.description',
    empty: 'friends.suggestions.empty',
    emptyHint: 'friends.suggestions.emptyHint',
  },
} as const;
