import { useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { knownTimeZones, systemTimeZone } from '@shared/domain/time-zones';
import { useAuth } from '@web/app/auth/auth-context';
import { THEME_ICONS } from '@web/lib/theme-icons';
import { Alert } from '@web/components/alert';
import { Button } from '@web/components/button';
import { Card, CardBody, CardDescription, CardHeader, CardTitle } from '@web/components/card';
import { Input, Label } from '@web/components/input';
import { Select } from '@web/components/select';
import { Time } from '@web/components/time';
import { Toast } from '@web/components/toast';
import { updateMyProfile } from '@web/features/profiles';
import { errorMessage, fieldErrorsOf } from '@web/lib/api-errors';
import { cn } from '@web/lib/cn';
import {
  setThemeChoice,
  THEME_CHOICES,
  THEME_LABELS,
  useThemeChoice,
  type ThemeChoice,
} from '@web/lib/theme';
import { useT } from '@web/i18n/i18n';
import { Message } from '@web/i18n/message';
import { useTimedMessage } from '@web/lib/use-timed-message';

/** System / Light / Dark as a radio group; the choice applies at once and stays with this browser. */
export function AppearanceCard() {
  const t = useT();
  const choice = useThemeChoice();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="appearance-title">{t('settings.appearance.title')}</CardTitle>
        <CardDescription>{t('settings.appearance.description')}</CardDescription>
      </CardHeader>
      <CardBody>
        <div role="radiogroup" aria-labelledby="appearance-title" className="grid gap-2 sm:grid-cols-3">
          {THEME_CHOICES.map((option) => (
            <ThemeOption key={option} option={option} checked={choice === option} />
          ))}
        </div>
      </CardBody>
    </Card>
  );
}

function ThemeOption({ option, checked }: { option: ThemeChoice; checked: boolean }) {
  const t = useT();
  const Icon = THEME_ICONS[option];
  return (
    <label
      className={cn(
        'relative flex cursor-pointer items-center gap-2.5 rounded-xl border px-3 py-2.5 text-sm font-medium',
        'transition-colors',
        'has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500',
        checked
          ? 'border-brand-500 bg-brand-50 text-stone-900'
          : 'border-stone-200 text-stone-700 hover:border-stone-300 hover:bg-stone-50',
      )}
    >
      <input
        type="radio"
        name="theme"
        value={option}
        checked={checked}
        onChange={() => setThemeChoice(option)}
        // Covers the whole option, unseen, so a click anywhere on it is a click on the radio.
        className="absolute inset-0 cursor-pointer appearance-none rounded-xl focus:outline-none"
      />
      <Icon className="size-4 text-stone-500" aria-hidden="true" />
      {t(THEME_LABELS[option])}
    </label>
  );
}

/**
 * The member's time zone: "Automatic (this browser's zone)" or any zone `Intl` knows, found by typing
 * part of its name.
 */
export function TimeZoneCard() {
  const t = useT();
  const { user, refreshUser } = useAuth();
  const toast = useTimedMessage();
  const browserZone = systemTimeZone();
  const saved = user?.time_zone ?? null;
  // The browser's own zone reads as Automatic: it is what the member gets without choosing.
  const [zone, setZone] = useState(saved === null || saved === browserZone ? '' : saved);
  const [filter, setFilter] = useState('');
  const zones = useMemo(() => knownTimeZones(), []);
  const shown = useMemo(() => {
    const words = filter.trim().toLowerCase().replace(/\s+/g, '_');
    const matches = words ? zones.filter((name) => name.toLowerCase().includes(words)) : zones;
    // The current choice stays selectable whatever the filter.
    return zone && !matches.includes(zone) ? [zone, ...matches] : matches;
  }, [filter, zones, zone]);

  const save = useMutation({
    mutationFn: (timeZone: string) => updateMyProfile({ time_zone: timeZone }),
    onSuccess: async () => {
      await refreshUser();
      toast.show(t('settings.timeZone.saved'));
    },
  });

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!save.isPending) save.mutate(zone || browserZone);
  }

  const fieldError = fieldErrorsOf(save.error).time_zone?.join(', ');
  const now = new Date().toISOString();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('settings.timeZone.title')}</CardTitle>
        <CardDescription>{t('settings.timeZone.description')}</CardDescription>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} className="space-y-4">
          {save.isError && !fieldError ? <Alert>{errorMessage(save.error)}</Alert> : null}
          <div className="space-y-1.5">
            <Label htmlFor="time-zone-filter">{t('settings.timeZone.find')}</Label>
            <Input
              id="time-zone-filter"
              type="search"
              value={filter}
              placeholder={t('settings.timeZone.findPlaceholder')}
              autoComplete="off"
              onChange={(event) => setFilter(event.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="time-zone">{t('settings.timeZone.label')}</Label>
            <Select
              id="time-zone"
              name="time_zone"
              value={zone}
              wrapperClassName="w-full"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? 'time-zone-error' : 'time-zone-now'}
              onChange={(event) => setZone(event.target.value)}
            >
              <option value="">{t('settings.timeZone.automatic', { zone: browserZone })}</option>
              {shown.map((name) => (
                <option key={name} value={name}>
                  {name.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
            {fieldError ? (
              <p id="time-zone-error" className="text-sm text-red-700">
                {t('settings.timeZone.error', { problem: fieldError })}
              </p>
            ) : (
              <p id="time-zone-now" className="text-sm text-stone-500">
                <Message
                  id="settings.timeZone.now"
                  components={{ time: <Time value={now} format="full" /> }}
                />
              </p>
            )}
          </div>
          <div className="flex justify-end border-t border-stone-100 pt-4">
            <Button type="submit" busy={save.isPending}>
              {save.isPending ? null : <Save className="size-4" aria-hidden="true" />}
              {t('settings.timeZone.save')}
            </Button>
          </div>
        </form>
        <Toast message={toast.message} />
      </CardBody>
    </Card>
  );
}
