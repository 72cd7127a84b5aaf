import { useMemo, useState, type FormEvent } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Save } from 'lucide-react';
import { knownTimeZones, systemTimeZone } from '@shared/domain/time-zones';
import { useAuth } from '@web/app/auth/auth-context';
import { t } from '@web/i18n/i18n';
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
import { useTimedMessage } from '@web/lib/use-timed-message';

export const APPEARANCE_TEXT = {
  title: 'Appearance',
  description: 'Light or dark, on this browser. System follows your device’s setting.',
  zoneTitle: 'Time zone',
  zoneDescription:
    'Times on Hearth and in its mail (the daily digest comes at 7 in the morning) use this zone.',
  automatic: (zone: string) => `Automatic (${zone})`,
  zoneSaved: 'Time zone saved.',
} as const;

/** System / Light / Dark as a radio group; the choice applies at once and stays with this browser. */
export function AppearanceCard() {
  const choice = useThemeChoice();
  return (
    <Card>
      <CardHeader>
        <CardTitle id="appearance-title">{APPEARANCE_TEXT.title}</CardTitle>
        <CardDescription>{APPEARANCE_TEXT.description}</CardDescription>
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
      toast.show(APPEARANCE_TEXT.zoneSaved);
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
        <CardTitle>{APPEARANCE_TEXT.zoneTitle}</CardTitle>
        <CardDescription>{APPEARANCE_TEXT.zoneDescription}</CardDescription>
      </CardHeader>
      <CardBody>
        <form onSubmit={submit} className="space-y-4">
          {save.isError && !fieldError ? <Alert>{errorMessage(save.error)}</Alert> : null}
          <div className="space-y-1.5">
            <Label htmlFor="time-zone-filter">Find a time zone</Label>
            <Input
              id="time-zone-filter"
              type="search"
              value={filter}
              placeholder="e.g. Tokyo, London, Kolkata"
              autoComplete="off"
              onChange={(event) => setFilter(event.target.value)}
            />
          </div>
          <div className="space-y-1.5">
            <Label htmlFor="time-zone">Time zone</Label>
            <Select
              id="time-zone"
              name="time_zone"
              value={zone}
              wrapperClassName="w-full"
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={fieldError ? 'time-zone-error' : 'time-zone-now'}
              onChange={(event) => setZone(event.target.value)}
            >
              <option value="">{APPEARANCE_TEXT.automatic(browserZone)}</option>
              {shown.map((name) => (
                <option key={name} value={name}>
                  {name.replaceAll('_', ' ')}
                </option>
              ))}
            </Select>
            {fieldError ? (
              <p id="time-zone-error" className="text-sm text-red-700">
                Time zone {fieldError}
              </p>
            ) : (
              <p id="time-zone-now" className="text-sm text-stone-500">
                Now in your zone: <Time value={now} format="full" />
              </p>
            )}
          </div>
          <div className="flex justify-end border-t border-stone-100 pt-4">
            <Button type="submit" busy={save.isPending}>
              {save.isPending ? null : <Save className="size-4" aria-hidden="true" />}
              Save time zone
            </Button>
          </div>
        </form>
        <Toast message={toast.message} />
      </CardBody>
    </Card>
  );
}
