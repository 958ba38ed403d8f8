import { addDays, format, nextDay, startOfMonth } from 'date-fns';
import type { Page } from '@playwright/test';
import { expect, familyToday } from './fixtures.ts';

/**
 * Issue 22's busy month, seeded through the API into the signed-in family: four members (blue, green,
 * yellow, orange), this month full of recurring school runs, lessons and practices (≥ 150 occurrences), six
 * events overlapping on one Saturday morning, a timed weekend trip, all-day events of one day and of several
 * (one crossing a week), and long titles. Series carry the volume: the plan allows 50 new events a month.
 */
export interface BusyMonth {
  /** Member ids, the registrant first. */
  members: { ana: number; marco: number; lucia: number; teo: number };
  /** The month's first day and the day of the six overlapping events (`YYYY-MM-DD`). */
  first: string;
  overlapDay: string;
  /** Titles of the six overlapping events. */
  overlapping: string[];
  /** The multi-day and all-day events: title, first and last day covered. */
  spans: Array<{ title: string; from: string; to: string }>;
}

const day = (d: Date) => format(d, 'yyyy-MM-dd');

export const OVERLAPPING = [
  'Birthday party (Maya)',
  'Dentist check-up — Lucia',
  'Haircut for Teo',
  'Library story time',
  'Pottery class',
  'Playdate at Sam’s house',
];

/**
 * How the busy-month journeys start: the window at `viewport` (1280 × 900 unless given), a family signed up with
 * `signUp` (the `signUp` fixture, or a call of it with overrides), and its busy month seeded.
 */
export async function startBusyMonth(
  page: Page,
  signUp: () => Promise<unknown>,
  viewport: { width: number; height: number } = { width: 1280, height: 900 },
): Promise<BusyMonth> {
  await page.setViewportSize(viewport);
  await signUp();
  return seedBusyMonth(page);
}

export async function seedBusyMonth(page: Page): Promise<BusyMonth> {
  for (const m of [
    { name: 'Marco Rivera', color: 'green', role: 'parent' },
    { name: 'Lucia Rivera', color: 'yellow', role: 'child' },
    { name: 'Teo Rivera', color: 'orange', role: 'child' },
  ]) {
    const res = await page.request.post('/api/family-members', { data: m });
    expect(res.status(), await res.text()).toBe(201);
  }
  const list = (await (await page.request.get('/api/family-members')).json()) as { id: number }[];
  const [ana, marco, lucia, teo] = list.map((m) => m.id) as [number, number, number, number];
  const s = String;
  const everyone = [s(ana), s(marco), s(lucia), s(teo)];

  const month = startOfMonth(await familyToday(page));
  const first = day(month);
  const at = (date: Date, time: string) => `${day(date)}T${time}:00`;
  const nth = (n: number) => addDays(month, n - 1);
  // A Saturday and Thursday well inside the month, whatever day it starts on.
  const saturday = nextDay(nth(9), 6);
  const thursday = nextDay(nth(3), 4);
  const friday = nextDay(addDays(saturday, 2), 5);
  const monday = nextDay(addDays(friday, 2), 1);

  const series = [
    { title: 'Morning run', time: '06:30', minutes: 30, pattern: 'daily', org: ana, with: [s(ana)] },
    {
      title: 'School drop-off',
      time: '07:45',
      minutes: 30,
      pattern: 'workday',
      org: marco,
      with: [s(lucia), s(teo)],
    },
    {
      title: 'School pickup',
      time: '15:15',
      minutes: 30,
      pattern: 'workday',
      org: ana,
      with: [s(lucia), s(teo)],
    },
    { title: 'Homework club', time: '16:00', minutes: 60, pattern: 'workday', org: teo, with: [s(teo)] },
    { title: 'Family dinner', time: '18:30', minutes: 60, pattern: 'daily', org: marco, with: everyone },
    {
      title: 'Bedtime stories',
      time: '19:45',
      minutes: 30,
      pattern: 'daily',
      org: lucia,
      with: [s(lucia), s(teo)],
    },
  ];
  const weekly = [
    { title: 'Piano lesson with Ms. Chen', offset: 1, time: '16:30', org: lucia },
    { title: 'Soccer practice', offset: 2, time: '17:00', org: teo },
    { title: 'Swim lessons', offset: 3, time: '17:15', org: lucia },
    { title: 'Violin', offset: 4, time: '17:30', org: teo },
  ];
  const posts: object[] = [
    ...series.map((e) => ({
      title: e.title,
      start_date: at(month, e.time),
      duration_minutes: e.minutes,
      is_recurring: true,
      recurrence_pattern: e.pattern,
      organizer_id: e.org,
      attendees: e.with,
      location: e.title === 'Homework club' ? 'Lincoln Elementary, room 12' : null,
    })),
    ...weekly.map((e) => ({
      title: e.title,
      start_date: at(addDays(month, e.offset), e.time),
      duration_minutes: 60,
      is_recurring: true,
      recurrence_pattern: 'weekly',
      organizer_id: e.org,
      attendees: [s(e.org)],
    })),
    ...OVERLAPPING.map((title, i) => ({
      title,
      start_date: at(saturday, `10:${String(i * 10).padStart(2, '0')}`),
      duration_minutes: 90,
      organizer_id: [ana, marco, lucia, teo][i % 4],
      attendees: [everyone[(i + 1) % 4]],
      location: i === 0 ? 'Bounce House' : null,
    })),
    {
      title: 'Parent-teacher conference with Ms. Alvarez',
      start_date: at(nth(12), '07:00'),
      duration_minutes: 45,
      organizer_id: ana,
      attendees: [s(ana), s(marco)],
      location: 'Lincoln Elementary',
    },
    {
      title: 'Grandparents visit',
      start_date: at(thursday, '00:00'),
      end_date: at(addDays(thursday, 6), '00:00'),
      is_all_day: true,
      organizer_id: marco,
      attendees: everyone,
    },
    {
      title: 'Teacher planning day (no school)',
      start_date: at(nth(20), '00:00'),
      is_all_day: true,
      organizer_id: ana,
      attendees: [s(lucia), s(teo)],
    },
    {
      title: 'Camping at Lake Tahoe',
      start_date: at(friday, '08:00'),
      end_date: at(addDays(friday, 2), '16:00'),
      organizer_id: marco,
      attendees: everyone,
      location: 'Lake Tahoe',
    },
    {
      title: 'Spring break',
      start_date: at(monday, '00:00'),
      end_date: at(addDays(monday, 5), '00:00'),
      is_all_day: true,
      organizer_id: lucia,
      attendees: [s(lucia), s(teo)],
    },
  ];
  for (const data of posts) {
    const res = await page.request.post('/api/events', { data });
    expect(res.status(), await res.text()).toBe(201);
  }

  const end = day(addDays(startOfMonth(addDays(month, 32)), -1));
  const occurrences = (await (
    await page.request.get(`/api/events?start=${first}&end=${end}`)
  ).json()) as unknown[];
  expect(occurrences.length, 'occurrences in the busy month').toBeGreaterThanOrEqual(150);

  return {
    members: { ana, marco, lucia, teo },
    first,
    overlapDay: day(saturday),
    overlapping: OVERLAPPING,
    spans: [
      { title: 'Grandparents visit', from: day(thursday), to: day(addDays(thursday, 5)) },
      { title: 'Teacher planning day (no school)', from: day(nth(20)), to: day(nth(20)) },
      { title: 'Camping at Lake Tahoe', from: day(friday), to: day(addDays(friday, 2)) },
      { title: 'Spring break', from: day(monday), to: day(addDays(monday, 4)) },
    ],
  };
}
