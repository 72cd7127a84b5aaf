import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { registerEnglish } from './english';
import { i18n, useT } from './i18n';

// Messages of this file only (each test file has its own module instance).
i18n.load('en', { 'test.shown': 'Already here' });

/**
 * A build registers each module's English as the module is evaluated (ADR 055), so a screen loaded
 * on demand adds texts while others are drawn. Lingui tells every subscriber (`change`, once per
 * module); useT reads only the language from it, which has not changed, so nothing draws again.
 */
describe('registerEnglish', () => {
  it('adds texts without drawing again the components already shown', () => {
    let draws = 0;
    function Shown() {
      const t = useT();
      draws += 1;
      return <p>{t('test.shown')}</p>;
    }
    render(<Shown />);
    expect(screen.getByText('Already here')).toBeInTheDocument();
    const drawnBefore = draws;
    const told = vi.fn();
    const stopListening = i18n.on('change', told);

    act(() => {
      registerEnglish({ 'test.added.one': 'One' });
      registerEnglish({ 'test.added.two': 'Two' });
    });
    stopListening();

    // The subscribers were told, once a registration, and the texts are there ...
    expect(told).toHaveBeenCalledTimes(2);
    expect(i18n._('test.added.two')).toBe('Two');
    // ... yet the component shown did not draw again.
    expect(draws).toBe(drawnBefore);
  });
});
