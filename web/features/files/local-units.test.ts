import { describe, expect, it } from 'vitest';
import { formatBytes } from '@shared/domain/format-bytes';
import { spokenDuration } from '@shared/domain/format-duration';
import { localBytes, localSpokenDuration } from './local-units';

describe('sizes and lengths in the member’s language', () => {
  it('say in English exactly what the shared English formatting says', () => {
    for (const bytes of [0, 1, 512, 1023, 1024, 52_224, 1_048_000, 3 * 1024 * 1024, 5 * 1024 ** 4]) {
      expect(localBytes(bytes, 'en')).toBe(formatBytes(bytes));
    }
    for (const ms of [0, 1000, 3000, 83_000, 3_600_000, 3_723_000]) {
      expect(localSpokenDuration(ms, 'en')).toBe(spokenDuration(ms));
    }
  });

  it('follow the language: units, decimal comma, plural words', () => {
    expect(localBytes(3.2 * 1024 * 1024, 'fr')).toBe('3,2\u202fMo');
    expect(localBytes(3.2 * 1024 * 1024, 'de')).toBe('3,2 MB');
    expect(localSpokenDuration(3_723_000, 'de')).toBe('1 Stunde, 2 Minuten und 3 Sekunden');
    expect(localSpokenDuration(2000, 'ar')).toBe('ثانيتان');
  });
});
