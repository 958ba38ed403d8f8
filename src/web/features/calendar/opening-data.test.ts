import { describe, expect, it } from 'vitest';
import { calendarOpeningPaths } from './opening-data.ts';

const at = (address: string) => new URL(address, 'https://hub.example.org');
/** Sun 2026-11-22 16:00Z: 08:00 in Los Angeles, already Monday 05:00 in Auckland. */
const NOW = new Date('2026-11-22T16:00:00Z');

describe('calendarOpeningPaths', () => {
  it("asks for the members and the shown month's events and driving, from the family's today", () => {
    expect(calendarOpeningPaths(at('/calendar'), NOW, false, 'America/Los_Angeles')).toEqual([
      '/api/family-members',
      '/api/events?start=2026-11-01&end=2026-12-05',
      '/api/driving?start=2026-11-01&end=2026-12-05',
    ]);
  });

  it("counts today in the family's zone, not the device's", () => {
    const [, events] = calendarOpeningPaths(at('/calendar?view=day'), NOW, false, 'Pacific/Auckland');
    expect(events).toBe('/api/events?start=2026-11-23&end=2026-11-23');
  });

  it('follows the address: its view and date', () => {
    const [, events] = calendarOpeningPaths(at('/calendar?view=week&date=2027-01-06'), NOW, false, 'UTC');
    expect(events).toBe('/api/events?start=2027-01-03&end=2027-01-09');
  });

  it('asks for nothing in a zone the runtime does not know', () => {
    expect(calendarOpeningPaths(at('/calendar'), NOW, false, 'Mars/Olympus_Mons')).toEqual([]);
  });
});
