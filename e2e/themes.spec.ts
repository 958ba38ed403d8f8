import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { format } from 'date-fns';
import type { Locator, Page } from '@playwright/test';
import { expectNoBlockingViolations } from './axe.ts';
import { MONTH_CELL_MAX_EVENTS } from '../src/core/calendar/layout.ts';
import { seedBusyMonth, startBusyMonth } from './busy-month.ts';
import { dismissToast, expect, postAll, screenshot, shoppingNote, shots, test } from './fixtures.ts';

// Issue 45 item 5 (ADR 053): the app follows prefers-color-scheme with a dark theme (axe: 0 serious or critical
// on every screen), and the month and week views print legibly on A4 and Letter.

// axe reads the whole DOM: a few seconds a screen on the shared 2-core machine, two widths each.
test.describe.configure({ timeout: 420_000 });

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
] as const;

/** WCAG 2.2 relative luminance of an `[r, g, b]` colour, channels 0–255 (0 black … 1 white). */
function luminance([r = 0, g = 0, b = 0]: number[]): number {
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/**
 * A computed colour property of the element as sRGB `[r, g, b]` (0–255): drawn on a canvas, since Chromium
 * reports the palette's colours as `oklch(…)`.
 */
async function rgbOf(locator: Locator, property: string): Promise<number[]> {
  return locator.evaluate((el, p) => {
    const ctx = document.createElement('canvas').getContext('2d', { willReadFrequently: true });
    if (!ctx) throw new Error('no canvas');
    ctx.fillStyle = getComputedStyle(el).getPropertyValue(p);
    ctx.fillRect(0, 0, 1, 1);
    return [...ctx.getImageData(0, 0, 1, 1).data.slice(0, 3)];
  }, property);
}

/** The page is drawn dark: its background near black and its text near white (not only the OS's wish). */
async function expectDarkPage(page: Page): Promise<void> {
  const body = page.locator('body');
  expect(luminance(await rgbOf(body, 'background-color')), 'page background').toBeLessThan(0.02);
  expect(luminance(await rgbOf(body, 'color')), 'page text').toBeGreaterThan(0.7);
}

/**
 * A screenshot at each width of the screen `open` shows (it waits for what proves it is drawn), with axe at
 * 1280 px, and at 390 px too when `phoneAxe` (the calendar, whose phone layout differs most).
 */
async function checkScreen(
  page: Page,
  name: string,
  open: () => Promise<void>,
  phoneAxe = false,
): Promise<void> {
  for (const size of WIDTHS) {
    await page.setViewportSize(size);
    await open();
    await dismissToast(page);
    if (size.width > 390 || phoneAxe) {
      await expectNoBlockingViolations(page, `${name}, dark, ${String(size.width)} px`);
    }
    await screenshot(page, `${shots}/dark-${name}-${String(size.width)}.png`, { fullPage: true });
  }
}

test('signed out, dark: the landing page, sign in and register read dark with no serious axe finding', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  // The prerendered landing page (ADR 012) is themed by the same stylesheet as the app's screens.
  for (const [path, name, ready] of [
    ['/', 'landing', page.getByRole('heading', { level: 1 })],
    ['/login', 'login', page.getByRole('button', { name: 'Sign In' })],
    ['/register', 'register', page.getByRole('button', { name: 'Continue' })],
  ] as const) {
    await checkScreen(
      page,
      name,
      async () => {
        await page.goto(path);
        await expect(ready).toBeVisible();
      },
      true,
    );
    await expectDarkPage(page);
    // Form fields follow the theme (color-scheme and the palette): no white boxes on a dark card.
    expect(luminance(await rgbOf(page.getByLabel('Email'), 'background-color'))).toBeLessThan(0.05);
  }
});

test('signed in, dark: calendar views, tasks, notes, activities, members, driving and account', async ({
  page,
  signUp,
}) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signUp();
  const busy = await seedBusyMonth(page);
  const today = format(new Date(), 'yyyy-MM-dd');
  const me = busy.members.ana;
  await postAll(page, [
    ['/api/tasks', { title: 'Pack swim bag', assigned_to_ids: [String(me)], due_date: `${today}T07:00` }],
    [
      '/api/tasks',
      {
        title: 'Sign the field trip form',
        assigned_to_ids: [String(busy.members.marco)],
        due_date: `${today}T18:00`,
      },
    ],
    ['/api/notes', shoppingNote(me)],
    [
      '/api/activity-proposals',
      {
        title: 'Climbing club',
        assigned_to: busy.members.teo,
        assigned_by: me,
        category: 'other',
        status: 'pending',
      },
    ],
  ]);

  for (const view of ['month', 'week', 'day', 'agenda'] as const) {
    await checkScreen(
      page,
      `calendar-${view}`,
      async () => {
        await page.goto(`/calendar?view=${view}&date=${busy.overlapDay}`);
        await expect(
          page.getByTestId(view === 'agenda' ? 'agenda-item' : 'event-chip').first(),
        ).toBeVisible();
      },
      true,
    );
  }
  await expectDarkPage(page);
  // A chip is drawn in its member's dark colours: a deep tint with light text, not a light chip.
  await page.setViewportSize(WIDTHS[0]);
  await page.goto(`/calendar?view=month&date=${busy.overlapDay}`);
  const chip = page.locator('[data-testid="month-view"] [data-testid="event-chip"]').first();
  await expect(chip).toBeVisible();
  expect(luminance(await rgbOf(chip, 'background-color')), 'chip background').toBeLessThan(0.1);
  expect(luminance(await rgbOf(chip, 'color')), 'chip text').toBeGreaterThan(0.25);

  for (const [path, name, heading] of [
    ['/tasks', 'tasks', 'Family Tasks'],
    ['/notes', 'notes', undefined],
    ['/activities', 'activities', 'Activity Signups'],
    ['/family-members', 'family-members', 'Family Members'],
    ['/driving', 'driving', undefined],
    ['/account', 'account', 'Account Settings'],
  ] as const) {
    await checkScreen(page, name, async () => {
      await page.goto(path);
      await expect(
        heading ? page.getByRole('heading', { name: heading, level: 1 }) : page.getByRole('heading').first(),
      ).toBeVisible();
    });
  }
  // A dialog (at the phone width the last screen left): its card is dark, over a darkened page.
  await page.goto('/family-members');
  await page
    .getByRole('article', { name: 'Lucia Rivera' })
    .getByRole('button', { name: 'Edit Lucia Rivera' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Edit Family Member' });
  await expect(dialog).toBeVisible();
  await expectNoBlockingViolations(page, 'edit member dialog, dark', '[role="dialog"]');
  expect(luminance(await rgbOf(dialog, 'background-color'))).toBeLessThan(0.05);
  await screenshot(page, `${shots}/dark-edit-member-dialog-390.png`);
});

/** Titles of month chips cut on paper (more characters than their box shows). */
async function clippedTitles(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid="month-view"] [data-testid="event-chip"]')
    .evaluateAll((chips) =>
      chips
        .filter((c) => c.scrollWidth > c.clientWidth + 1 || c.scrollHeight > c.clientHeight + 1)
        .map((c) => c.getAttribute('title') ?? ''),
    );
}

/**
 * The accessible names of the month chips and bars drawn in `day`'s cell (`YYYY-MM-DD`): those of its week row
 * whose box overlaps the cell's columns.
 */
async function chipsOfDay(page: Page, day: string): Promise<string[]> {
  return page.locator(`[data-testid="month-week"] > div[data-date="${day}"]`).evaluate((cell) => {
    const box = cell.getBoundingClientRect();
    return [...(cell.parentElement?.querySelectorAll('[data-testid="event-chip"]') ?? [])]
      .filter((chip) => {
        const r = chip.getBoundingClientRect();
        return r.left < box.right - 1 && r.right > box.left + 1;
      })
      .map((chip) => chip.getAttribute('aria-label') ?? '');
  });
}

/** The month view's '+N more' buttons. */
const more = (page: Page) => page.getByRole('button', { name: /^\+\d+ more on / });

/** The screen's month (SPEC §2): `day` (`YYYY-MM-DD`, a day of more than 3 events) shows 3, then '+N more'. */
async function expectScreenMonth(page: Page, day: string): Promise<void> {
  await expect(more(page).first()).toBeVisible();
  expect(await chipsOfDay(page, day)).toHaveLength(MONTH_CELL_MAX_EVENTS);
}

/** Pages of the busy month (e2e/busy-month.ts) printed with every event, its week rows never split. */
const PAGES = { A4: 2, Letter: 2 };

/** Where the printed PDFs go: this run's folder (never docs/, they are for looking at, not for committing). */
const results = path.join(process.env.E2E_DATA_DIR ?? os.tmpdir(), 'print');
fs.mkdirSync(results, { recursive: true });

/** The number of pages of a PDF (its page objects). */
function pdfPages(pdf: Buffer): number {
  return (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
}

test('print: the month (every event of every day) and week views on A4 and Letter, without the app around them, black on light tints', async ({
  page,
  signUp,
}) => {
  const busy = await startBusyMonth(page, signUp);

  for (const view of ['month', 'week'] as const) {
    // A dark screen still prints light.
    await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
    await page.goto(`/calendar?view=${view}&date=${busy.overlapDay}`);
    await expect(page.getByTestId('event-chip').first()).toBeVisible();
    await expect(page.getByRole('status', { name: 'Loading events' })).toHaveCount(0);
    if (view === 'month') await expectScreenMonth(page, busy.overlapDay);
    // Print media, as Chromium's print emulation gives it: the month view follows `matchMedia('print')`.
    await page.emulateMedia({ media: 'print', colorScheme: 'dark' });

    // No sidebar, top bar, toolbar, side panel or buttons outside the grid; the heading stays.
    await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeHidden();
    await expect(page.getByRole('group', { name: 'View' })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add Event', exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Today', exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Select All' })).toBeHidden();
    await expect(page.getByLabel('Quick add')).toBeHidden();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The grid takes the page's width (no room kept for the sidebar).
    const grid = page.getByTestId(view === 'month' ? 'month-view' : 'time-grid');
    const box = await grid.boundingBox();
    expect(box?.x ?? -1).toBeLessThan(2);
    expect(box?.width ?? 0).toBeGreaterThan(1280 - 20);
    // Paper is white; chips keep their light tint (printed, not dropped as a background) with black text.
    expect(luminance(await rgbOf(page.locator('body'), 'background-color'))).toBeGreaterThan(0.95);
    const chip = grid.getByTestId('event-chip').first();
    expect(await rgbOf(chip, 'color')).toEqual([0, 0, 0]);
    const tint = luminance(await rgbOf(chip, 'background-color'));
    expect(tint).toBeGreaterThan(0.6);
    expect(tint).toBeLessThan(0.99);
    expect(await chip.evaluate((el) => getComputedStyle(el).printColorAdjust)).toBe('exact');
    if (view === 'month') {
      expect(await clippedTitles(page), 'month chips cut on paper').toEqual([]);
      // On paper every event of every day, no '+N more' (the screen's 3 a day, SPEC §2, are checked above).
      await expect(more(page)).toHaveCount(0);
      const listed = (await (
        await page.request.get(`/api/events?start=${busy.overlapDay}&end=${busy.overlapDay}`)
      ).json()) as Array<{ title: string }>;
      expect(listed.length).toBeGreaterThan(MONTH_CELL_MAX_EVENTS + 4);
      const printed = await chipsOfDay(page, busy.overlapDay);
      expect(
        printed.map((label) => listed.find((e) => label.startsWith(`${e.title}, `))?.title).sort(),
      ).toEqual(listed.map((e) => e.title).sort());
    } else {
      // The whole day prints, not the screen's scrolled window of hours.
      const scroller = page.getByTestId('hour-scroll');
      expect(await scroller.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    }
    await screenshot(page, `${shots}/print-${view}-1280.png`, { fullPage: true });

    // On paper (laid out at the paper's width, as Chromium prints): the busy month's every event on PAGES (its
    // week rows whole), the week's 24 hours on two.
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = await page.pdf({ format, preferCSSPageSize: true });
      fs.writeFileSync(path.join(results, `print-${view}-${format}.pdf`), pdf);
      expect(pdfPages(pdf), `${view} on ${format}`).toBe(view === 'month' ? PAGES[format] : 2);
    }
    await page.emulateMedia({ media: 'screen', colorScheme: 'dark' });
    if (view === 'month') {
      // Back on screen: 3 a day and '+N more' again.
      await expectScreenMonth(page, busy.overlapDay);
      // What window.print() sends around its dialog (without print media): every event, then the screen again.
      await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
      await expect(more(page)).toHaveCount(0);
      expect((await chipsOfDay(page, busy.overlapDay)).length).toBeGreaterThan(MONTH_CELL_MAX_EVENTS + 4);
      await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
      await expectScreenMonth(page, busy.overlapDay);
    }
  }
});
