import AxeBuilder from '@axe-core/playwright';
import { addDays, format, parseISO } from 'date-fns';
import type { Page } from '@playwright/test';
import { startBusyMonth } from './busy-month.ts';
import { dismissToast, expect, familyToday, openCalendarApp, screenshot, shots, test } from './fixtures.ts';

// Issue 22: a calendar a family can read at a glance, on a busy month, at 1280 px and on a 375 px phone.

test.describe.configure({ timeout: 240_000 });

const MONTH_CHIPS = '[data-testid="month-view"] [data-testid="event-chip"]';

/**
 * For every chip in the month view: its title, and how many of its characters are on screen (all of them
 * when the title is not cut; otherwise those that end before the ellipsis, measured with a DOM Range). The
 * title is the text of the chip's `chip-title` span or, in a chip that is one element, the chip's own text;
 * a chip with neither counts as showing none of its hover text.
 */
async function visibleTitleChars(page: Page): Promise<Array<{ title: string; visible: number }>> {
  return page.locator(MONTH_CHIPS).evaluateAll((chips) =>
    chips.map((chip) => {
      const box = chip.querySelector<HTMLElement>('[data-testid="chip-title"]') ?? chip;
      const text = [...box.childNodes].find((node) => node.nodeType === Node.TEXT_NODE);
      const title = text?.textContent ?? '';
      if (!text || !title) return { title: chip.getAttribute('title') ?? 'no title', visible: 0 };
      if (box.scrollWidth <= box.clientWidth) return { title, visible: title.length };
      const style = getComputedStyle(box);
      const canvas = document.createElement('canvas').getContext('2d');
      if (canvas) canvas.font = style.font;
      const ellipsis = canvas ? canvas.measureText('…').width : 8;
      const contentRight =
        box.getBoundingClientRect().right -
        Number.parseFloat(style.paddingRight) -
        Number.parseFloat(style.borderRightWidth);
      const range = document.createRange();
      let visible = 0;
      for (let k = 1; k <= title.length; k += 1) {
        range.setStart(text, 0);
        range.setEnd(text, k);
        if (range.getBoundingClientRect().right > contentRight - ellipsis) break;
        visible = k;
      }
      return { title, visible };
    }),
  );
}

async function expectNoBlockingViolations(page: Page, where: string): Promise<void> {
  await page.waitForTimeout(250);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  const blocking = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) => `${v.impact ?? ''} ${v.id} (${String(v.nodes.length)}): ${v.nodes[0]?.target.join(' ') ?? ''}`,
    );
  expect(blocking, `axe, ${where}`).toEqual([]);
}

test('busy month at 1280 px: titles get the room, multi-day events are one bar per week row, +N more opens the day', async ({
  page,
  signUp,
}) => {
  const busy = await startBusyMonth(page, signUp);

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: /^Month View/ })).toBeVisible();
  await expect(page.locator(MONTH_CHIPS).first()).toBeVisible();

  await screenshot(page, `${shots}/calendar-busy-month-1280.png`);
  // Every chip shows at least 12 characters of its title, or all of it.
  const chips = await visibleTitleChars(page);
  expect(chips.length).toBeGreaterThan(60);
  const short = chips.filter((c) => c.visible < Math.min(12, c.title.length));
  expect(short, 'chips showing fewer than 12 characters of their title').toEqual([]);
  // The long title is cut on screen, yet whole in its accessible name and hover text.
  const conference = page.locator(MONTH_CHIPS).filter({ hasText: 'Parent-teacher' });
  await expect(conference).toHaveAttribute(
    'aria-label',
    /^Parent-teacher conference with Ms\. Alvarez, 7:00 AM – 7:45 AM, Lincoln Elementary/,
  );
  await expect(conference).toHaveAttribute('title', /Parent-teacher conference with Ms\. Alvarez/);

  // One bar per week row for each multi-day or all-day event, across the days it covers.
  const rows = page.getByTestId('month-week');
  const rowCount = await rows.count();
  for (const span of busy.spans) {
    let expected = 0;
    for (let r = 0; r < rowCount; r += 1) {
      const row = rows.nth(r);
      const dates = await row
        .locator('[data-date]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-date') ?? ''));
      const covers = dates.some((d) => d >= span.from && d <= span.to);
      const bars = row.locator('[data-variant="bar"]').filter({ hasText: span.title });
      await expect(bars, `${span.title}, week of ${dates[0] ?? ''}`).toHaveCount(covers ? 1 : 0);
      if (covers) {
        expected += 1;
        // The bar runs from its first covered day to its last within the row (within the cells' margins).
        const inRow = dates.filter((d) => d >= span.from && d <= span.to);
        const box = await bars.boundingBox();
        const firstCell = await row.locator(`[data-date="${inRow[0] ?? ''}"]`).boundingBox();
        const lastCell = await row.locator(`[data-date="${inRow.at(-1) ?? ''}"]`).boundingBox();
        expect(box && firstCell && Math.abs(box.x - firstCell.x) <= 4).toBe(true);
        expect(box && lastCell && Math.abs(box.x + box.width - (lastCell.x + lastCell.width)) <= 4).toBe(
          true,
        );
      }
    }
    expect(expected, span.title).toBeGreaterThan(0);
  }
  expect(
    await page.locator('[data-variant="bar"]').filter({ hasText: 'Grandparents visit' }).count(),
    'Grandparents visit crosses a week',
  ).toBe(2);

  // A month cell shows at most 3 events, then '+N more', which opens that day.
  const overlapCell = page.locator(
    `[data-testid="month-week"] button[aria-label*="more on ${format(parseISO(busy.overlapDay), 'EEEE, MMMM d')}"]`,
  );
  await expect(overlapCell).toHaveText(/^\+\d+ more$/);
  await overlapCell.click();
  await expect(
    page.getByRole('heading', {
      name: `Day View • ${format(parseISO(busy.overlapDay), 'EEEE, MMMM d, yyyy')}`,
    }),
  ).toBeVisible();
  // The day view has room for the six overlapping events side by side, titles in full.
  for (const title of busy.overlapping) {
    await expect(page.getByTestId('event-chip').filter({ hasText: title })).toBeVisible();
  }
  await expect(page.getByTestId('overflow-tile')).toHaveCount(0);
  await page.getByTestId('hour-scroll').evaluate((el) => el.scrollTo(0, 64 * 3.5));
  await screenshot(page, `${shots}/calendar-busy-day-1280.png`);

  // The week view: the same six do not fit a day column; three show side by side (issue 46), the rest sit
  // behind '+N', which lists all six.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Week View' })).toBeVisible();
  await expect(page.getByLabel('Loading events')).toHaveCount(0);
  const tile = page.locator(`[data-date="${busy.overlapDay}"]`).getByTestId('overflow-tile');
  await expect(tile).toHaveCount(1);
  await page.getByTestId('hour-scroll').evaluate((el) => el.scrollTo(0, 64 * 3.5));
  await screenshot(page, `${shots}/calendar-busy-week-1280.png`);
  const hidden = Number((await tile.textContent())?.replace('+', ''));
  const shown = await page
    .locator(`[data-date="${busy.overlapDay}"] [data-testid="event-chip"]`)
    .filter({ hasText: /Birthday|Dentist|Haircut|Library|Pottery|Playdate/ })
    .count();
  expect(shown + hidden).toBe(6);
  expect(shown).toBeGreaterThanOrEqual(3);
  await tile.click();
  const list = page.getByRole('dialog');
  for (const title of busy.overlapping) await expect(list.getByText(title, { exact: true })).toBeVisible();
  await list.getByRole('button', { name: /Pottery class/ }).click();
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  await expect(page.getByLabel('Title')).toHaveValue('Pottery class');
});

test('busy month at 375 px: the agenda is the default, with every title and time in full; week shows 3 days', async ({
  page,
  signUp,
}) => {
  await startBusyMonth(page, signUp, { width: 375, height: 812 });

  await page.goto('/calendar');
  await expect(page.getByRole('heading', { name: 'Agenda', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Agenda', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const items = page.getByTestId('agenda-item');
  await expect(items.first()).toBeVisible();
  // Today first.
  await expect(page.getByTestId('agenda-view').locator('h2').first()).toHaveText(/^Today · /);
  // The member filter sits above the list.
  // The filter comes with the members list, which may land after the first agenda rows.
  const filter = page.getByRole('group', { name: 'Filter by Family Member' });
  await expect(filter).toBeVisible();
  // Read again until the page settles: while the view re-renders, one of the two has no box (boundingBox null).
  await expect
    .poll(async () => {
      const filterBox = await filter.boundingBox();
      const listBox = await page.getByTestId('agenda-view').boundingBox();
      return filterBox !== null && listBox !== null && filterBox.y < listBox.y;
    })
    .toBe(true);

  const rows = await items.evaluateAll((els) =>
    els.map((el) => {
      const title = el.querySelector<HTMLElement>('[data-testid="agenda-title"]');
      const time = el.querySelector<HTMLElement>('[data-testid="agenda-time"]');
      const box = title?.getBoundingClientRect();
      return {
        // The row's name is its text (issue 23: what it shows, WCAG 2.5.3), less what is only a picture.
        name: Array.from(el.querySelectorAll<HTMLElement>('[data-testid="agenda-title"], .sr-only'))
          .map((part) => part.textContent ?? '')
          .join(' '),
        title: title?.textContent ?? '',
        time: time?.innerText ?? '',
        // Not cut: no overflow, and inside the 375 px screen.
        whole:
          !!title && title.scrollWidth <= title.clientWidth && title.scrollHeight <= title.clientHeight + 1,
        onScreen: !!box && box.left >= 0 && box.right <= 375,
      };
    }),
  );
  expect(rows.length).toBeGreaterThan(30);
  for (const row of rows) {
    expect(row.name.startsWith(row.title), row.title).toBe(true);
    expect(row.whole && row.onScreen, `${row.title} shown in full`).toBe(true);
    expect(row.time, `${row.title} has its time`).toMatch(/\d{1,2}:\d\d (AM|PM)|All day|Until/);
  }
  const texts = rows.map((r) => r.title);
  expect(texts).toContain('Morning run');
  expect(page.url()).not.toContain('view=');
  await screenshot(page, `${shots}/calendar-busy-agenda-375.png`);

  // 'Show more days' lists more, without leaving the top.
  const before = rows.length;
  await page.getByRole('button', { name: 'Show more days' }).click();
  await expect.poll(() => items.count()).toBeGreaterThan(before);

  // Week on a phone: 3 days, with titles.
  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.locator('[data-day-column]')).toHaveCount(3);
  await expect(page.getByLabel('Loading events')).toHaveCount(0);
  const drop = page.getByTestId('event-chip').filter({ hasText: 'Family dinner' }).first();
  await expect(drop.getByTestId('chip-title')).toHaveText('Family dinner');
  expect(
    await drop.getByTestId('chip-title').evaluate((el) => el.getBoundingClientRect().width),
  ).toBeGreaterThan(40);
  await page.getByTestId('hour-scroll').evaluate((el) => el.scrollTo(0, 64 * 9));
  await screenshot(page, `${shots}/calendar-busy-week-375.png`);

  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(page.getByRole('heading', { name: /^Month View/ })).toBeVisible();
  await expect(page.getByLabel('Loading events')).toHaveCount(0);
  await screenshot(page, `${shots}/calendar-busy-month-375.png`);

  // No hover on a phone: a long-press on a chip shows its full text, and that press does not open the event.
  const chip = page.locator(MONTH_CHIPS).first();
  const label = (await chip.getAttribute('aria-label')) ?? '';
  const box = await chip.boundingBox();
  const at = {
    clientX: (box?.x ?? 0) + 5,
    clientY: (box?.y ?? 0) + 5,
    pointerType: 'touch',
    isPrimary: true,
  };
  await chip.dispatchEvent('pointerdown', at);
  await page.waitForTimeout(700);
  await chip.dispatchEvent('pointerup', at);
  await chip.dispatchEvent('click');
  const peek = page.getByTestId('chip-peek');
  await expect(peek).toHaveText(label);
  await expect(page).toHaveURL(/\/calendar/);
  await screenshot(page, `${shots}/calendar-busy-month-375-peek.png`);
  // The next touch closes it; a plain tap opens the event as before.
  await page.locator('body').dispatchEvent('pointerdown', { pointerType: 'touch' });
  await expect(peek).toHaveCount(0);
  await chip.dispatchEvent('pointerdown', at);
  await chip.dispatchEvent('pointerup', at);
  await chip.dispatchEvent('click');
  await expect(page).toHaveURL(/\/add-event\/\d+/);
});

test('axe on the busy month, week, day and agenda: no serious or critical violations', async ({
  page,
  signUp,
}) => {
  const busy = await startBusyMonth(page, signUp);
  await page.goto(`/calendar?view=month&date=${busy.overlapDay}`);
  await expect(page.locator(MONTH_CHIPS).first()).toBeVisible();
  await expectNoBlockingViolations(page, 'busy month, 1280');
  for (const view of ['week', 'day', 'agenda'] as const) {
    await page.goto(`/calendar?view=${view}&date=${busy.overlapDay}`);
    await expect(page.getByTestId(view === 'agenda' ? 'agenda-item' : 'event-chip').first()).toBeVisible();
    await expectNoBlockingViolations(page, `busy ${view}, 1280`);
  }
  await page.setViewportSize({ width: 375, height: 812 });
  for (const view of ['agenda', 'week', 'month'] as const) {
    await page.goto(`/calendar?view=${view}&date=${busy.overlapDay}`);
    await expect(page.getByTestId(view === 'agenda' ? 'agenda-item' : 'event-chip').first()).toBeVisible();
    await expectNoBlockingViolations(page, `busy ${view}, 375`);
  }
});

test('the member filter lives in the URL and on this device: it survives navigation and reload', async ({
  page,
  signUp,
}) => {
  const busy = await startBusyMonth(page, signUp);
  const chips = (title: string) => page.getByTestId('event-chip').filter({ hasText: title });

  await page.goto(`/calendar?view=week&date=${busy.overlapDay}`);
  await expect(chips('Morning run').first()).toBeVisible();
  // Clear All, then Teo only: Ana's morning run goes, Teo's homework club stays.
  await page.getByRole('button', { name: 'Clear All' }).click();
  await expect(page).toHaveURL(/members=none/);
  await page.getByRole('button', { name: 'Teo Rivera', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`members=${String(busy.members.teo)}(&|$)`));
  await expect(page.getByRole('button', { name: 'Teo Rivera', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(chips('Morning run')).toHaveCount(0);
  await expect(chips('Homework club').first()).toBeVisible();

  // Moving between views and dates keeps it.
  await page.getByRole('button', { name: 'Month', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`members=${String(busy.members.teo)}`));
  await expect(chips('Morning run')).toHaveCount(0);

  // Reload keeps it.
  await page.reload();
  await expect(chips('Homework club').first()).toBeVisible();
  await expect(chips('Morning run')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Ana Rivera', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Another screen, then back through the menu (no parameter in the link): this device remembers it.
  await page.getByRole('link', { name: 'Tasks' }).click();
  await expect(page.getByRole('heading', { name: 'Family Tasks' })).toBeVisible();
  await page.getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(new RegExp(`/calendar\\?members=${String(busy.members.teo)}$`));
  await expect(chips('Homework club').first()).toBeVisible();
  await expect(chips('Morning run')).toHaveCount(0);

  // Opening an event and coming back keeps it too.
  await chips('Homework club').first().click();
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(chips('Morning run')).toHaveCount(0);

  // Select All: everyone, and the parameter goes (a member added later is then shown too).
  await page.getByRole('button', { name: 'Select All' }).click();
  await expect(chips('Morning run').first()).toBeVisible();
  await expect(page).not.toHaveURL(/members=/);
  await page.reload();
  await expect(chips('Morning run').first()).toBeVisible();
});

test('an all-day event: created, edited and deleted through the form; an imported one edits without an end date error and stays a DATE', async ({
  page,
  signUp,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signUp();
  const today = await familyToday(page);
  const start = format(addDays(today, 3), 'yyyy-MM-dd');
  const last = format(addDays(today, 5), 'yyyy-MM-dd');

  await page.goto(`/add-event?date=${start}&view=month`);
  await page.getByLabel('Title').fill('Science camp');
  await page.getByRole('switch', { name: 'All day' }).click();
  await expect(page.getByLabel('Start Hour')).toHaveCount(0);
  await expect(page.getByLabel('Start Date')).toHaveValue(start);
  await expect(page.getByLabel('End Date')).toHaveValue(start);
  await page.getByLabel('End Date').fill(last);
  await page.getByRole('button', { name: 'Create Event' }).click();
  await expect(page.getByText('Event created', { exact: true })).toBeVisible();
  await dismissToast(page);

  // Stored as DATEs with the exclusive end (ICS DTEND), and drawn as a bar.
  const listed = (await (await page.request.get(`/api/events?start=${start}&end=${last}`)).json()) as Array<{
    id: number;
    title: string;
    start_date: string;
    end_date: string;
    is_all_day: boolean;
  }>;
  const camp = listed.find((e) => e.title === 'Science camp');
  expect(camp).toMatchObject({
    is_all_day: true,
    start_date: `${start}T00:00:00`,
    end_date: `${format(addDays(parseISO(last), 1), 'yyyy-MM-dd')}T00:00:00`,
  });
  await page.goto(`/calendar?view=week&date=${start}`);
  const bar = page.getByTestId('all-day-band').getByTestId('event-chip').filter({ hasText: 'Science camp' });
  await expect(bar.first()).toHaveAttribute('aria-label', /^Science camp, All day, /);

  // The feed publishes it as DATE values.
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Create link for the family calendar feed' }).click();
  const feedUrl = await page.getByLabel('Family calendar feed URL').inputValue();
  const feed = await (await page.request.get(new URL(feedUrl).pathname)).text();
  expect(feed.replace(/\r\n /g, '')).toContain(`DTSTART;VALUE=DATE:${start.replaceAll('-', '')}`);

  // Edit: one day only, new title.
  await page.goto(`/add-event/${String(camp?.id)}?view=week`);
  await expect(page.getByRole('switch', { name: 'All day' })).toHaveAttribute('aria-checked', 'true');
  await expect(page.getByLabel('End Date')).toHaveValue(last);
  await page.getByLabel('Title').fill('Science fair');
  await page.getByLabel('End Date').fill(start);
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page.getByText('Event updated', { exact: true })).toBeVisible();
  const edited = (await (await page.request.get(`/api/events/${String(camp?.id)}`)).json()) as Record<
    string,
    unknown
  >;
  expect(edited).toMatchObject({
    title: 'Science fair',
    is_all_day: true,
    start_date: `${start}T00:00:00`,
    end_date: null,
  });

  // Delete.
  await page.goto(`/add-event/${String(camp?.id)}?view=week`);
  await page.getByRole('button', { name: 'Delete Event' }).click();
  await page
    .getByRole('dialog', { name: 'Delete Event' })
    .getByRole('button', { name: 'Delete', exact: true })
    .click();
  await expect(page.getByText('Event deleted', { exact: true })).toBeVisible();
  expect((await page.request.get(`/api/events/${String(camp?.id)}`)).status()).toBe(404);

  // An imported all-day event (VALUE=DATE, no DTEND) opens in the form and saves as it is.
  const compact = start.replaceAll('-', '');
  const ics = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Test//EN',
    'BEGIN:VEVENT',
    'UID:holiday-1@example.com',
    'DTSTAMP:20260101T000000Z',
    `DTSTART;VALUE=DATE:${compact}`,
    'SUMMARY:School holiday',
    'END:VEVENT',
    'END:VCALENDAR',
    '',
  ].join('\r\n');
  await openCalendarApp(page);
  await page
    .getByLabel('Import .ics file')
    .setInputFiles({ name: 'holiday.ics', mimeType: 'text/calendar', buffer: Buffer.from(ics) });
  await expect(page.getByRole('status', { name: 'Import report' })).toContainText('Imported 1,');
  const imported = (
    (await (await page.request.get(`/api/events?start=${start}&end=${start}`)).json()) as Array<{
      id: number;
      title: string;
    }>
  ).find((e) => e.title === 'School holiday');
  await page.goto(`/add-event/${String(imported?.id)}?view=month`);
  await expect(page.getByRole('switch', { name: 'All day' })).toHaveAttribute('aria-checked', 'true');
  await page.getByLabel('Location').fill('Everywhere');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await expect(page.getByText('End date is required')).toHaveCount(0);
  await expect(page.getByText('Event updated', { exact: true })).toBeVisible();
  const after = (await (await page.request.get(`/api/events/${String(imported?.id)}`)).json()) as Record<
    string,
    unknown
  >;
  expect(after).toMatchObject({
    is_all_day: true,
    start_date: `${start}T00:00:00`,
    end_date: null,
    location: 'Everywhere',
  });
  const feedAfter = await (await page.request.get(new URL(feedUrl).pathname)).text();
  expect(feedAfter.replace(/\r\n /g, '')).toMatch(
    new RegExp(
      `UID:holiday-1@example.com[\\s\\S]*?DTSTART;VALUE=DATE:${compact}|DTSTART;VALUE=DATE:${compact}[\\s\\S]*?UID:holiday-1@example.com`,
    ),
  );
});
