import { Monitor, Moon, Sun } from 'lucide-react';

/** The picture of each appearance choice, in the account menu and on the settings screen. */
export const THEME_ICONS = { system: Monitor, light: Sun, dark: Moon } as const;
