/** Addresses of the public face (spec section 2). */
export const EXPLORE_PATH = '/explore';
export const explorePostPath = (id: string) => `/explore/post/${encodeURIComponent(id)}`;
export const exploreGroupPath = (groupId: string) => `/explore/group/${encodeURIComponent(groupId)}`;
export const EXPLORE_LINKS_PATH = '/explore/links';
export const exploreLinkPath = (id: string) => `/explore/link/${encodeURIComponent(id)}`;
export const exploreProfilePath = (profileId: string) => `/explore/profiles/${encodeURIComponent(profileId)}`;
