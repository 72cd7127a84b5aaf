import type { FastifyReply, FastifyRequest } from 'fastify';
import { type Config, servedOverHttps } from '../config/env';
import { type Locale, directionOf, isLocale, localeFromAcceptLanguage } from '../../shared/domain/locales';

/**
 * The language a browser chose in Hearth (ADR 055): set when a member saves a language or signs in
 * having saved one, cleared on signing out and when they go back to their browser's. It lets the
 * server write the page in that language from the first byte, before anyone is known.
 */
export const LOCALE_COOKIE = 'hearth_locale';
const YEAR_S = 365 * 24 * 60 * 60;

/** The language of a page for this request: the browser's saved choice, else its Accept-Language. */
export function requestLocale(request: FastifyRequest): Locale {
  const saved = request.cookies?.[LOCALE_COOKIE];
  return isLocale(saved) ? saved : localeFromAcceptLanguage(request.headers['accept-language']);
}

/** Remembers a member's chosen language on this browser, or forgets it (`null`: the browser's own). */
export function keepLocaleChoice(
  reply: FastifyReply,
  locale: string | null,
  config: Pick<Config, 'publicOrigin'>,
): void {
  const secure = servedOverHttps(config);
  const options = { path: '/', sameSite: 'lax' as const, secure, httpOnly: true };
  if (isLocale(locale)) reply.setCookie(LOCALE_COOKIE, locale, { ...options, maxAge: YEAR_S });
  else reply.clearCookie(LOCALE_COOKIE, options);
}

const HTML_TAG = /<html\b[^>]*>/i;

/** The web app's page with `<html lang dir>` naming the language it is to be read in. */
export function inLocale(html: string, locale: Locale): string {
  return html.replace(HTML_TAG, `<html lang="${locale}" dir="${directionOf(locale)}">`);
}
