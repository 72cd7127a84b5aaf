import {
  Flag,
  Globe,
  HeartHandshake,
  Link2,
  MailPlus,
  MessageSquareHeart,
  ShieldCheck,
  SquarePen,
  Clock3,
  UserRound,
  UsersRound,
  type LucideIcon,
} from 'lucide-react';

export interface NavEntry {
  /** The message id of its words (`t(label)` where it is drawn). */
  label: string;
  to: string;
  icon: LucideIcon;
}

/** Navigation entries of the signed-in area (spec section 2), in order. */
export const NAV_ENTRIES: readonly NavEntry[] = [
  { label: 'app.nav.post', to: '/posts/new', icon: SquarePen },
  { label: 'app.nav.timeline', to: '/dashboard', icon: Clock3 },
  { label: 'app.nav.links', to: '/links', icon: Link2 },
  { label: 'app.nav.groups', to: '/groups', icon: UsersRound },
  { label: 'app.nav.friends', to: '/friends', icon: HeartHandshake },
  { label: 'app.nav.published', to: '/published', icon: Globe },
];

/** The avatar menu, before Sign out. */
export const ACCOUNT_ENTRIES: readonly NavEntry[] = [
  { label: 'app.nav.myProfile', to: '/settings', icon: UserRound },
  { label: 'app.nav.invitations', to: '/invitations', icon: MailPlus },
  { label: 'app.nav.privacyPolicy', to: '/privacy-policy', icon: ShieldCheck },
  { label: 'app.nav.shareFeedback', to: '/share-feedback', icon: MessageSquareHeart },
];

/** Shown to admins (is_admin) after the account entries: reports and feedback review. */
export const ADMIN_ENTRY: NavEntry = { label: 'app.nav.admin', to: '/admin', icon: Flag };

/** The avatar menu's entries for this member (admins also get {@link ADMIN_ENTRY}). */
export function accountEntries(user: { is_admin: boolean } | null): readonly NavEntry[] {
  return user?.is_admin ? [...ACCOUNT_ENTRIES, ADMIN_ENTRY] : ACCOUNT_ENTRIES;
}

export const SEARCH_PATH = '/search';
/** Where the logo leads members: the timeline (spec section 2). The Inbox icon has its own screen (/inbox). */
export const HOME_PATH = '/dashboard';
export const NEW_GROUP_PATH = '/groups/new';
export const groupPath = (id: string) => `/group/${id}`;
