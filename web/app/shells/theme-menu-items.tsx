import { Check } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { MenuLabel } from '@web/components/menu';
import {
  setThemeChoice,
  THEME_CHOICES,
  THEME_LABELS,
  useThemeChoice,
  type ThemeChoice,
} from '@web/lib/theme';
import { THEME_ICONS } from '@web/lib/theme-icons';
import { useT } from '@web/i18n/i18n';

/** "Appearance: System / Light / Dark" as menu radio items inside a DropdownMenu. */
export function ThemeMenuItems() {
  const t = useT();
  const choice = useThemeChoice();
  return (
    <DropdownMenu.RadioGroup
      aria-label={t('app.themeMenu.appearance')}
      value={choice}
      onValueChange={(value) => setThemeChoice(value as ThemeChoice)}
    >
      <MenuLabel>{t('app.themeMenu.appearance')}</MenuLabel>
      {THEME_CHOICES.map((option) => {
        const Icon = THEME_ICONS[option];
        return (
          <DropdownMenu.RadioItem
            key={option}
            value={option}
            // The choice stays open to compare: the page changes behind the menu.
            onSelect={(event) => event.preventDefault()}
            className={
              'flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-stone-700 outline-none ' +
              'select-none data-[highlighted]:bg-stone-100 data-[highlighted]:text-stone-900 ' +
              'data-[state=checked]:font-medium data-[state=checked]:text-stone-900'
            }
          >
            <Icon className="size-4 text-stone-500" aria-hidden="true" />
            {t(THEME_LABELS[option])}
            <DropdownMenu.ItemIndicator className="ms-auto text-brand-700" aria-hidden="true">
              <Check className="size-4" />
            </DropdownMenu.ItemIndicator>
          </DropdownMenu.RadioItem>
        );
      })}
    </DropdownMenu.RadioGroup>
  );
}
