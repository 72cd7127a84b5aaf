/** Texts of the Friends screen and the follow control. */
export const FRIENDS_TEXT = {
  title: 'Friends',
  follow: 'Follow',
  unfollow: 'Unfollow',
  followsYou: 'Follows you',
  following: {
    title: 'People you follow',
    description: 'Their public links reach you.',
    empty: "You're not following anyone yet.",
  },
  followers: {
    title: 'Your followers',
    description: 'They see the links you share with followers.',
    empty: 'No one is following you yet.',
  },
  suggestions: {
    title: 'People you may know',
    description: 'Members of your groups you don’t follow yet.',
    empty: 'No suggestions right now.',
    emptyHint: 'Join a group to meet more people.',
  },
} as const;
