import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { activateLocale } from '@web/i18n/i18n';
import { setMemberTimeZone } from '@web/lib/time-zone';
import { Time } from './time';

describe('<Time>', () => {
  afterEach(() => setMemberTimeZone(null));

  it('shows how long ago, with the full local date and time in the member’s zone as its tooltip', () => {
    vi.useFakeTimers({ now: new Date('2026-03-03T07:10:00Z') });
    setMemberTimeZone('Asia/Tokyo');
    render(<Time value="2026-03-03T07:05:00.000Z" />);
    const time = screen.getByText('5 minutes ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', '2026-03-03T07:05:00.000Z');
    expect(time).toHaveAttribute('title', 'Tuesday, March 3, 2026 at 4:05 PM GMT+9');
  });

  it('moves on every minute while shown', () => {
    vi.useFakeTimers({ now: new Date('2026-03-03T07:05:20Z') });
    setMemberTimeZone('UTC');
    render(<Time value="2026-03-03T07:05:00.000Z" />);
    expect(screen.getByText('just now')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(60_000));
    expect(screen.getByText('1 minute ago')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(2 * 60_000));
    expect(screen.getByText('3 minutes ago')).toBeInTheDocument();
  });

  it('shows the date in the member’s zone once older than a week, and follows a change of zone', () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T12:00:00Z') });
    setMemberTimeZone('America/Los_Angeles');
    render(<Time value="2026-03-03T22:30:00.000Z" />);
    expect(screen.getByText('Mar 3')).toBeInTheDocument();
    act(() => setMemberTimeZone('Asia/Tokyo'));
    expect(screen.getByText('Mar 4')).toHaveAttribute('title', 'Wednesday, March 4, 2026 at 7:30 AM GMT+9');
  });

  it('shows a calendar date or the full date when asked', () => {
    setMemberTimeZone('Asia/Tokyo');
    const { rerender } = render(<Time value="2026-03-03T22:30:00.000Z" format="date" />);
    expect(screen.getByText('March 4, 2026')).toBeInTheDocument();
    rerender(<Time value="2026-03-03T22:30:00.000Z" format="full" />);
    expect(screen.getByText('Wednesday, March 4, 2026 at 7:30 AM GMT+9')).toBeInTheDocument();
  });

  it('shows a visitor’s times on the browser’s own clock, without loading Intl’s date formats', () => {
    vi.useFakeTimers({ now: new Date('2026-03-03T07:10:00Z') });
    const formats = vi.spyOn(Intl, 'DateTimeFormat');
    const { rerender } = render(<Time value="2026-03-03T07:05:00.000Z" />);
    const time = screen.getByText('5 minutes ago');
    const at = new Date('2026-03-03T07:05:00.000Z');
    expect(time.getAttribute('title')).toMatch(/^Tuesday, March 3, 2026 at \d{1,2}:05 [AP]M GMT/);
    expect(time.getAttribute('title')).toContain(`${at.getHours() % 12 || 12}:05`);
    rerender(<Time value="2025-03-03T12:00:00.000Z" />);
    expect(screen.getByText('Mar 3, 2025')).toBeInTheDocument();
    expect(formats).not.toHaveBeenCalled();
    // The control: a member's zone is shown through Intl.
    act(() => setMemberTimeZone('Asia/Kathmandu'));
    expect(screen.getByText('Mar 3, 2025')).toHaveAttribute(
      'title',
      'Monday, March 3, 2025 at 5:45 PM GMT+5:45',
    );
    expect(formats).toHaveBeenCalled();
    formats.mockRestore();
  });

  it('shows nothing for a value that is not a time', () => {
    const { container } = render(<Time value="not a date" />);
    expect(container).toBeEmptyDOMElement();
  });
});

describe('<Time> in the member’s language', () => {
  afterEach(async () => {
    setMemberTimeZone(null);
    await activateLocale('en');
  });

  it('says how long ago and the dates in German, on the member’s clock', async () => {
    await act(() => activateLocale('de'));
    vi.useFakeTimers({ now: new Date('2026-03-03T07:10:00Z') });
    setMemberTimeZone('Asia/Tokyo');
    const { rerender } = render(<Time value="2026-03-03T07:05:00.000Z" />);
    const time = screen.getByText('vor 5 Minuten');
    expect(time).toHaveAttribute('title', expect.stringContaining('Dienstag, 3. März 2026'));
    rerender(<Time value="2025-03-03T07:05:00.000Z" />);
    expect(screen.getByText('3. März 2025')).toBeInTheDocument();
    rerender(<Time value="2026-03-03T07:05:00.000Z" format="date" />);
    expect(screen.getByText('3. März 2026')).toBeInTheDocument();
  });
});
