export const profilePath = (id: string) => `/profiles/${id}`;
export const SETTINGS_PATH = '/settings';
