import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateShort, formatDateTime } from '../../src/lib/dates';

afterEach(() => {
  vi.restoreAllMocks();
});

const utc = { timeZone: 'UTC' };

describe('formatDateShort', () => {
  it("formats English as 'Mon D, YYYY'", () => {
    expect(formatDateShort('2026-03-05T14:05:00Z', 'en', utc)).toBe('Mar 5, 2026');
    expect(formatDateShort('2026-12-31T00:00:00Z', 'en', utc)).toBe('Dec 31, 2026');
  });

  it('formats Russian day first with the genitive month name', () => {
    expect(formatDateShort('2026-03-05T14:05:00Z', 'ru', utc)).toBe('5 марта 2026');
    expect(formatDateShort('2026-05-01T00:00:00Z', 'ru', utc)).toBe('1 мая 2026');
  });

  it('uses the given time zone for the calendar day', () => {
    expect(formatDateShort('2026-03-05T22:30:00Z', 'en', { timeZone: 'Asia/Dubai' })).toBe('Mar 6, 2026');
    expect(formatDateShort('2026-03-05T02:30:00Z', 'en', { timeZone: 'America/New_York' })).toBe('Mar 4, 2026');
  });

  it('accepts Date objects and timestamps and defaults to English', () => {
    const date = new Date(Date.UTC(2026, 2, 5, 12));
    expect(formatDateShort(date, undefined, utc)).toBe('Mar 5, 2026');
    expect(formatDateShort(date.getTime(), 'en', utc)).toBe('Mar 5, 2026');
  });

  it('gives an empty string for invalid dates', () => {
    expect(formatDateShort('not a date')).toBe('');
    expect(formatDateShort(new Date(Number.NaN))).toBe('');
  });

  it('falls back to the local zone after warning about an unknown one', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(formatDateShort(new Date(2026, 2, 5, 12), 'en', { timeZone: 'Mars/Olympus' })).toBe('Mar 5, 2026');
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('formatDateTime', () => {
  it("formats English as 'Mon D, YYYY at HH:MM', never day-first numbers", () => {
    expect(formatDateTime('2026-03-05T14:05:00Z', 'en', utc)).toBe('Mar 5, 2026 at 14:05');
    expect(formatDateTime('2026-11-25T09:07:00Z', 'en', utc)).toBe('Nov 25, 2026 at 09:07');
  });

  it("uses the genitive month name and 'в' in Russian", () => {
    expect(formatDateTime('2026-03-05T14:05:00Z', 'ru', utc)).toBe('5 марта 2026 в 14:05');
  });

  it('shows midnight as 00:00', () => {
    expect(formatDateTime('2026-03-05T00:00:00Z', 'en', utc)).toBe('Mar 5, 2026 at 00:00');
  });

  it('gives an empty string for invalid dates', () => {
    expect(formatDateTime('')).toBe('');
  });
});
