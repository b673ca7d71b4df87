import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatMonth,
  formatPaise,
  timeZoneOf,
  todayIn,
} from './format';

describe('money', () => {
  it('formats rupees with Indian grouping', () => {
    expect(formatMoney(1234567.5)).toBe('₹12,34,567.50');
    expect(formatMoney(0)).toBe('₹0.00');
    expect(formatMoney('2500')).toBe('₹2,500.00');
    expect(formatMoney(null)).toBe('');
    expect(formatMoney('abc')).toBe('');
  });

  it('formats paise as rupees', () => {
    expect(formatPaise(12345678)).toBe('₹1,23,456.78');
  });
});

describe('dates', () => {
  it('uses the company time zone for moments', () => {
    // 20:00 UTC is already the next day in India, still the same day in New York.
    expect(formatDate('2026-01-15T20:00:00Z', 'Asia/Kolkata')).toBe('16 Jan 2026');
    expect(formatDate('2026-01-15T20:00:00Z', 'America/New_York')).toBe('15 Jan 2026');
    expect(formatDateTime('2026-01-15T20:00:00Z')).toBe('16 Jan 2026, 01:30');
  });

  it('prints calendar dates as they are', () => {
    expect(formatDate('2026-03-01', 'America/Los_Angeles')).toBe('01 Mar 2026');
  });

  it('returns empty text for nothing or nonsense', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });

  it("counts today in the company's zone, not UTC", () => {
    // 21:00 UTC on 22 Nov is already 23 Nov in India: a default date from toISOString() was a day behind.
    const late = new Date('2026-11-22T21:00:00Z');
    expect(todayIn('Asia/Kolkata', late)).toBe('2026-11-23');
    expect(todayIn('UTC', late)).toBe('2026-11-22');
    expect(todayIn(undefined, late)).toBe('2026-11-23');
  });

  it('defaults the zone to Asia/Kolkata', () => {
    expect(timeZoneOf(null)).toBe('Asia/Kolkata');
    expect(timeZoneOf({ time_zone: '' })).toBe('Asia/Kolkata');
    expect(timeZoneOf({ time_zone: 'Europe/London' })).toBe('Europe/London');
  });
});

describe('months', () => {
  it('names a YYYY-MM month in words, long or short', () => {
    expect(formatMonth('2025-12')).toBe('December 2025');
    expect(formatMonth('2025-12', 'short')).toBe('Dec 2025');
    expect(formatMonth('2026-01', 'short')).toBe('Jan 2026');
    expect(formatMonth('2026-09')).toBe('September 2026');
  });

  it('shows anything that is not a month as given, not as "undefined 2025"', () => {
    for (const value of ['2025-00', '2025-13', '2025-1', '2025-12-01', 'Dec 2025', '']) {
      expect(formatMonth(value), value).toBe(value);
    }
  });
});
