import { Avatar } from '@web/components/avatar';
import { useT } from '@web/i18n/i18n';
import { useAuth } from '../auth/auth-context';
import { onDemandMenu } from '../resilience/on-demand';
import { useFrameMenu } from './frame-menus';
import { exportOf } from '@web/app/resilience/screen-loading';

const { Menu } = onDemandMenu(exportOf(() => import('./account-menu-dropdown'), 'AccountMenuDropdown'));

/** The avatar button of the top bar; its menu (./account-menu-dropdown.tsx) loads when first wanted. */
export function AccountMenu() {
  const t = useT();
  const { avatar, initials } = useAuth();
  const [open, setOpen] = useFrameMenu('account');
  return (
    <Menu
      open={open}
      onOpenChange={setOpen}
      trigger={
        // Named by its picture (as an image button is by its alt text), so the initials drawn in it
        // never contradict an aria-label (WCAG 2.5.3).
        <button
          type="button"
          className="rounded-full p-0.5 transition focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:ring-offset-2 data-[state=open]:ring-2 data-[state=open]:ring-brand-200"
        >
          <Avatar src={avatar} initials={initials} name={t('app.accountMenu.name')} />
        </button>
      }
    />
  );
}
