// Only the version field is bundled: Vite tree-shakes named imports of JSON.
import { version } from '../../package.json';

/** The product version shown in the public sidebar ("v1.0.6"), read from package.json at build time. */
export const APP_VERSION: string = version;
export const VERSION_LABEL = `v${APP_VERSION}`;
