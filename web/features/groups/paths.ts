/** Addresses of the groups screens (spec section 2). */
export const GROUPS_PATH = '/groups';
export const NEW_GROUP_PATH = '/groups/new';
export const GROUP_REQUESTS_PATH = '/group-requests';
export const groupPath = (id: string) => `/group/${id}`;
export const editGroupPath = (id: string) => `/groups/edit/${id}`;
/** The group's album (ADR 048). */
export const groupPhotosPath = (id: string) => `/group/${id}/photos`;
export const newPostInGroupPath = (id: string) => `/posts/new?group_id=${encodeURIComponent(id)}`;
/** The add-link form, sharing into the group (ADR 046). */
export const newLinkInGroupPath = (id: string) => `/links/new?group_id=${encodeURIComponent(id)}`;
