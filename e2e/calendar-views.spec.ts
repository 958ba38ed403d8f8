import { addDays, addMonths, differenceInCalendarWeeks, format, parseISO, setDate } from 'date-fns';
import type { Locator, Page } from '@playwright/test';
import { chipColors } from '../src/core/members/chip-colors.ts';
import { startBusyMonth, type BusyMonth } from './busy-month.ts';
import { dismissToast, expect, familyToday, postCreated, screenshot, shots, test } from './fixtures.ts';

// Issue 46: the calendar screens as a family used them on a realistic month, at 1280 × 800 and 390 × 844.

test.describe.configure({ timeout: 240_000 });

/** Posts an event through the API; returns its id. */
async function postEvent(page: Page, data: Record<string, unknown>): Promise<number> {
  return (await postCreated(page, '/api/events', data)).id;
}

/** The 10th of next month (the December event, looked at in November), `YYYY-MM-DD`. */
const laterDay = (today: Date) => format(setDate(addMonths(today, 1), 10), 'yyyy-MM-dd');

const dayColumn = (page: Page, date: string) => page.locator(`[data-day-column][data-date="${date}"]`);
const chip = (page: Page, title: string) => page.getByTestId('event-chip').filter({ hasText: title });

/** Four events overlapping on `date` from 10:00 (90 minutes each), one per member, for the week view. */
async function seedFourOverlapping(page: Page, busy: BusyMonth, date: string): Promise<string[]> {
  const { ana, marco, lucia, teo } = busy.members;
  const four = [
    { title: 'Playdate at Sam’s', time: '10:00', org: ana, with: lucia },
    { title: 'Haircut for Teo', time: '10:15', org: ana, with: teo },
    { title: 'Pottery class', time: '10:30', org: marco, with: ana },
    { title: 'Dentist', time: '10:45', org: ana, with: marco },
  ];
  for (const e of four) {
    await postEvent(page, {
      title: e.title,
      start_date: `${date}T${e.time}:00`,
      duration_minutes: 90,
      organizer_id: e.org,
      attendees: [String(e.with)],
      location: e.title === 'Pottery class' ? 'Clay Studio on 5th' : null,
    });
  }
  return four.map((e) => e.title);
}

/**
 * For each block of the time grid with more than one line (`.flex-col` content): whether a line of its text
 * (time, location, initials) is squashed into less than its own height (drawn over the next), or cut through by
 * the block's bottom (half a line).
 */
async function garbledBlocks(grid: Locator): Promise<string[]> {
  return grid.locator('[data-variant="block"]').evaluateAll((blocks) =>
    blocks.flatMap((block) => {
      const content = block.firstElementChild;
      if (!(content instanceof HTMLElement) || content.children.length < 2) return [];
      const style = getComputedStyle(block);
      const blockBottom = block.getBoundingClientRect().bottom - Number.parseFloat(style.paddingBottom);
      const clip = Math.min(blockBottom, content.getBoundingClientRect().bottom);
      const name = block.getAttribute('aria-label') ?? '';
      return [...content.children].flatMap((line, i) => {
        const box = line.getBoundingClientRect();
        const problems: string[] = [];
        if (i > 0 && line.scrollHeight > line.clientHeight + 1)
          problems.push(`${name}: line ${String(i)} squashed`);
        if (box.top < clip - 0.5 && box.bottom > clip + 0.5) problems.push(`${name}: line ${String(i)} cut`);
        return problems;
      });
    }),
  );
}

/**
 * The time-grid blocks whose title breaks a word across lines (issue 46: 'Home' / 'work' at 390 px): each word
 * (a hyphen ends one: 'Parent-' / 'teacher' may wrap) measured with a DOM Range over the title's text, and
 * called split when its letters sit on more than one line.
 */
async function splitWords(grid: Locator): Promise<string[]> {
  return grid.locator('[data-variant="block"] [data-testid="chip-title"]').evaluateAll((titles) =>
    titles.flatMap((title) => {
      const nodes: Text[] = [];
      const walker = document.createTreeWalker(title, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) if (n instanceof Text) nodes.push(n);
      const at = (offset: number): [Text, number] => {
        let left = offset;
        for (const node of nodes) {
          if (left <= node.length) return [node, left];
          left -= node.length;
        }
        throw new Error('offset past the text');
      };
      const text = nodes.map((n) => n.data).join('');
      return [...text.matchAll(/[^\s-]+-?/g)].flatMap((word) => {
        const range = document.createRange();
        range.setStart(...at(word.index));
        range.setEnd(...at(word.index + word[0].length));
        const tops = new Set(
          [...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)),
        );
        return tops.size > 1 ? [`${text}: '${word[0]}' split over ${String(tops.size)} lines`] : [];
      });
    }),
  );
}

test('week view at 1280 px: four overlapping events sit side by side in equal columns, none behind +N; blocks lay out their lines', async ({
  page,
  signUp,
}) => {
  const busy = await startBusyMonth(page, signUp, { width: 1280, height: 800 });
  const date = laterDay(await familyToday(page));
  const titles = await seedFourOverlapping(page, busy, date);
  // Short blocks with a location and attendees: 45 and 60 minutes.
  const next = format(addDays(parseISO(date), 1), 'yyyy-MM-dd');
  for (const [title, minutes] of [
    ['Parent-teacher conference', 45],
    ['Orthodontist', 60],
  ] as const) {
    await postEvent(page, {
      title,
      start_date: `${next}T${minutes === 45 ? '09' : '13'}:00:00`,
      duration_minutes: minutes,
      organizer_id: busy.members.ana,
      attendees: [String(busy.members.ana), String(busy.members.lucia)],
      location: 'Lincoln Elementary, room 12',
    });
  }

  await page.goto(`/calendar?view=week&date=${date}`);
  await expect(page.getByRole('heading', { name: 'Week View' })).toBeVisible();
  await expect(page.getByLabel('Loading events')).toHaveCount(0);
  const column = dayColumn(page, date);
  // The busy month's daily series go on into this month; the four are the morning's overlap group.
  const blocks = column.getByTestId('event-chip').filter({ hasText: /^(Playdate|Haircut|Pottery|Dentist)/ });
  await expect(blocks).toHaveCount(4);
  await expect(column.getByTestId('overflow-tile')).toHaveCount(0);
  const columnBox = await column.boundingBox();
  const boxes = await blocks.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, width: r.width, name: el.getAttribute('aria-label') ?? '' };
    }),
  );
  boxes.sort((a, b) => a.x - b.x);
  expect(boxes.map((b) => b.name.split(',')[0])).toEqual(titles);
  for (const [i, box] of boxes.entries()) {
    // Equal widths, a quarter of the column each (less the gaps), side by side and inside the column.
    expect(Math.abs(box.width - (boxes[0]?.width ?? 0)), box.name).toBeLessThanOrEqual(1);
    expect(box.width, box.name).toBeGreaterThan((columnBox?.width ?? 0) / 4 - 6);
    expect(box.x, box.name).toBeGreaterThanOrEqual(columnBox?.x ?? 0);
    expect(box.x + box.width, box.name).toBeLessThanOrEqual((columnBox?.x ?? 0) + (columnBox?.width ?? 0));
    const before = boxes[i - 1];
    if (before) expect(box.x, box.name).toBeGreaterThanOrEqual(before.x + before.width);
  }
  // Each title is on screen whole, wrapping in its narrow column rather than cut.
  for (const title of titles) {
    const text = chip(page, title).getByTestId('chip-title');
    await expect(text).toBeVisible();
    expect(await text.evaluate((el) => el.scrollHeight <= el.clientHeight + 1), title).toBe(true);
  }
  // No line of a block is drawn over another or cut through, in the week and in the day; no word is split.
  await page.getByTestId('hour-scroll').evaluate((el) => el.scrollTo(0, 64 * 2.5));
  expect(await garbledBlocks(page.getByTestId('time-grid'))).toEqual([]);
  expect(await splitWords(page.getByTestId('time-grid'))).toEqual([]);
  await screenshot(page, `${shots}/calendar-week-overlaps-1280.png`);
  await page.goto(`/calendar?view=day&date=${next}`);
  await expect(chip(page, 'Orthodontist')).toBeVisible();
  expect(await garbledBlocks(page.getByTestId('time-grid'))).toEqual([]);

  // Whose event it is: the haircut is Teo's (orange), though Ana (blue) organised it.
  await page.goto(`/calendar?view=week&date=${date}`);
  const edge = chipColors('orange').edge;
  const rgb = `rgb(${[1, 3, 5].map((i) => String(Number.parseInt(edge.slice(i, i + 2), 16))).join(', ')})`;
  await expect(chip(page, 'Haircut for Teo')).toHaveCSS('border-left-color', rgb);
});

test('saving or deleting an event from a later week returns to that week, at the top, without asking for the deleted event again', async ({
  page,
  signUp,
}) => {
  const busy = await startBusyMonth(page, signUp, { width: 1280, height: 800 });
  const today = await familyToday(page);
  const date = laterDay(today);
  for (const title of ['Winter concert', 'Recital rehearsal']) {
    await postEvent(page, {
      title,
      // Clear of the busy month's series (family dinner, homework club): each has the day's width to itself.
      start_date: `${date}T${title === 'Winter concert' ? '12' : '09'}:00:00`,
      duration_minutes: 60,
      organizer_id: busy.members.marco,
      attendees: [String(busy.members.lucia)],
      location: 'School hall',
    });
  }

  // As a family gets there: the week view, then 'Next week' up to the concert's week.
  await page.goto('/calendar?view=week');
  await expect(page.getByRole('heading', { name: 'Week View' })).toBeVisible();
  const weeks = differenceInCalendarWeeks(parseISO(date), today);
  for (let i = 0; i < weeks; i += 1) await page.getByRole('button', { name: 'Next week' }).click();
  await expect(dayColumn(page, date)).toBeVisible();
  const range = (await page.locator('h1 + p').textContent()) ?? '';
  const backInThatWeek = async () => {
    // SPEC §2's address (the view kept), showing the week it came from.
    await expect(page).toHaveURL(/\/calendar\?view=week$/);
    await expect(page.getByRole('heading', { name: 'Week View' })).toBeVisible();
    await expect(page.locator('h1 + p')).toHaveText(range);
    await expect(dayColumn(page, date)).toBeVisible();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
  };

  // The browser's own Back from the form returns to the week reached with Next (nothing handed it a date).
  await chip(page, 'Winter concert').click();
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  await page.goBack();
  await backInThatWeek();

  // Edit: the form starts in its first field; Update Event (at the foot of the form) comes back to the week.
  await chip(page, 'Winter concert').click();
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  await expect(page.getByLabel('Title')).toBeFocused();
  await page.getByLabel('Title').fill('Winter concert (choir)');
  await page.getByRole('button', { name: 'Update Event' }).click();
  await backInThatWeek();
  await expect(chip(page, 'Winter concert (choir)')).toBeVisible();
  await dismissToast(page);

  // Add Event: focus in the title; Cancel comes back to the week too.
  await page.getByRole('button', { name: 'Add Event', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Add New Event' })).toBeVisible();
  await expect(page).toHaveURL(/\/add-event\?view=week$/);
  await expect(page.getByLabel('Title')).toBeFocused();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await backInThatWeek();

  // Delete: back in the week, and the deleted event is not asked for again (no 404, no console error).
  const notFound: string[] = [];
  const errors: string[] = [];
  page.on('response', (res) => {
    if (res.status() === 404) notFound.push(res.url());
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') errors.push(msg.text());
  });
  await chip(page, 'Recital rehearsal').click();
  await expect(page.getByRole('heading', { name: 'Edit Event' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete Event' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await backInThatWeek();
  await expect(chip(page, 'Recital rehearsal')).toHaveCount(0);
  await expect(chip(page, 'Winter concert (choir)')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(notFound).toEqual([]);
  expect(errors).toEqual([]);
});

test('month view: a click on a day opens it in day view, a double-click adds an event on it, with the mouse and by touch', async ({
  browser,
  page,
  signUp,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signUp();
  const today = await familyToday(page);
  const date = laterDay(today);
  const dayNumber = (p: Page, d: string) =>
    p.getByRole('button', { name: `${format(parseISO(d), 'EEEE, MMMM d')}: open in day view`, exact: true });

  // Next month, as a family gets there; a double-click on the day's number adds an event on that day.
  await page.goto('/calendar?view=month');
  await page.getByRole('button', { name: 'Next month' }).click();
  const monthHeading = `Month View • ${format(parseISO(date), 'MMMM yyyy')}`;
  await expect(page.getByRole('heading', { name: monthHeading })).toBeVisible();
  await dayNumber(page, date).dblclick();
  await expect(page).toHaveURL(new RegExp(`/add-event\\?date=${date}&view=month$`));
  await expect(page.getByLabel('Event Date')).toHaveValue(date);
  await expect(page.getByLabel('Title')).toBeFocused();
  // Back to Calendar: the month it came from.
  await page.getByRole('link', { name: 'Back to Calendar' }).click();
  await expect(page.getByRole('heading', { name: monthHeading })).toBeVisible();
  // A double-click on the day's empty space, then a single click: the day view.
  await page.locator(`[data-date="${date}"]`).dblclick({ position: { x: 60, y: 110 } });
  await expect(page).toHaveURL(new RegExp(`/add-event\\?date=${date}&view=month$`));
  await page.goBack();
  await expect(page.getByRole('heading', { name: /^Month View/ })).toBeVisible();
  const other = format(addDays(parseISO(date), 1), 'yyyy-MM-dd');
  await dayNumber(page, other).click();
  await expect(
    page.getByRole('heading', { name: `Day View • ${format(parseISO(other), 'EEEE, MMMM d, yyyy')}` }),
  ).toBeVisible();

  // A phone: a double tap adds, a tap opens the day.
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
    storageState: await page.context().storageState(),
    baseURL: new URL(page.url()).origin,
  });
  const tapPage = await phone.newPage();
  await tapPage.goto(`/calendar?view=month&date=${date}`);
  await expect(tapPage.getByRole('heading', { name: monthHeading })).toBeVisible();
  const cell = tapPage.locator(`[data-date="${date}"]`);
  const box = await cell.boundingBox();
  const at = { x: (box?.x ?? 0) + (box?.width ?? 0) / 2, y: (box?.y ?? 0) + (box?.height ?? 0) - 12 };
  await tapPage.touchscreen.tap(at.x, at.y);
  await tapPage.touchscreen.tap(at.x, at.y);
  await expect(tapPage).toHaveURL(new RegExp(`/add-event\\?date=${date}&view=month$`));
  await tapPage.getByRole('link', { name: 'Back to Calendar' }).click();
  await expect(tapPage.getByRole('heading', { name: monthHeading })).toBeVisible();
  await tapPage.touchscreen.tap(at.x, at.y);
  await expect(
    tapPage.getByRole('heading', { name: `Day View • ${format(parseISO(date), 'EEEE, MMMM d, yyyy')}` }),
  ).toBeVisible();
  await phone.close();
});

/**
 * For every month chip and every bar of one day (an all-day event, or a multi-day one's day in a week row; not
 * the longer bars): its title and how many of its letters are wholly inside the chip (within its content box, on
 * the lines it shows, not under an ellipsis), measured with a DOM Range a character at a time.
 */
async function lettersShown(page: Page): Promise<Array<{ title: string; shown: number }>> {
  return page.locator('[data-testid="month-view"] [data-testid="event-chip"]').evaluateAll((all) =>
    all
      .filter((chip) => !/^span [2-7]$/.test(getComputedStyle(chip).gridColumnEnd))
      .map((chip) => {
        const box = chip.querySelector<HTMLElement>('[data-testid="chip-title"]') ?? chip;
        const text = [...box.childNodes].find((node) => node.nodeType === Node.TEXT_NODE);
        const title = text?.textContent ?? '';
        if (!text) return { title: chip.getAttribute('title') ?? '', shown: 0 };
        const style = getComputedStyle(box);
        const rect = box.getBoundingClientRect();
        const right = rect.right - Number.parseFloat(style.paddingRight);
        const bottom = rect.bottom - Number.parseFloat(style.paddingBottom);
        const cut = box.scrollWidth > box.clientWidth || box.scrollHeight > box.clientHeight + 1;
        const canvas = document.createElement('canvas').getContext('2d');
        if (canvas) canvas.font = style.font;
        const ellipsis = cut && canvas ? canvas.measureText('…').width : 0;
        const lineHeight = Number.parseFloat(style.lineHeight) || 16;
        const range = document.createRange();
        let shown = 0;
        for (let k = 0; k < title.length; k += 1) {
          if (!/\p{L}/u.test(title[k] ?? '')) continue;
          range.setStart(text, k);
          range.setEnd(text, k + 1);
          const r = range.getBoundingClientRect();
          const lastLine = r.bottom > bottom - lineHeight;
          if (r.width > 0 && r.bottom <= bottom + 0.5 && r.right <= right - (lastLine ? ellipsis : 0) + 0.5) {
            shown += 1;
          }
        }
        return { title, shown };
      }),
  );
}

test('phone (390 px): month chips show their titles, the member filter row shows that it scrolls; screenshots of the views', async ({
  page,
  signUp,
}) => {
  const busy = await startBusyMonth(page, signUp, { width: 390, height: 844 });

  await page.goto(`/calendar?view=month&date=${busy.overlapDay}`);
  await expect(page.getByRole('heading', { name: /^Month View/ })).toBeVisible();
  await expect(page.getByLabel('Loading events')).toHaveCount(0);
  const chips = await lettersShown(page);
  expect(chips.length).toBeGreaterThan(60);
  // Every chip shows at least five letters of its title (all of a shorter one): 'Pia…' was three.
  const short = chips.filter((c) => c.shown < Math.min(5, c.title.replace(/\P{L}/gu, '').length));
  expect(short, 'chips showing fewer than 5 letters').toEqual([]);
  const conference = chips.find((c) => c.title.startsWith('Parent-teacher conference'));
  expect(conference?.shown).toBeGreaterThanOrEqual(10);
  await screenshot(page, `${shots}/calendar-busy-month-390.png`);

  // The filter row runs past the screen: its end is faded (the cue), and the row scrolls to Clear All.
  const row = page.getByTestId('member-chips');
  const fades = () => row.evaluate((el) => getComputedStyle(el).maskImage);
  expect(await row.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  // The mask: opaque at the start, transparent at the end; scrolled to the end, the other way round.
  expect(await fades()).toMatch(/^linear-gradient\(to right, rgb\(0, 0, 0\), .*, rgba\(0, 0, 0, 0\)\)$/);
  await row.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect.poll(fades).toMatch(/^linear-gradient\(to right, rgba\(0, 0, 0, 0\), .*, rgb\(0, 0, 0\)\)$/);
  await expect(page.getByRole('button', { name: 'Clear All' })).toBeInViewport();

  await page.getByRole('button', { name: 'Week', exact: true }).click();
  await expect(page.getByLabel('Loading events')).toHaveCount(0);
  await page.getByTestId('hour-scroll').evaluate((el) => el.scrollTo(0, 64 * 9));
  expect(await garbledBlocks(page.getByTestId('time-grid'))).toEqual([]);
  // Titles wrap between words: 'Homework club' beside a piano lesson is not 'Home' / 'work'.
  await expect(chip(page, 'Homework club').first()).toBeVisible();
  expect(await splitWords(page.getByTestId('time-grid'))).toEqual([]);
  await screenshot(page, `${shots}/calendar-busy-week-390.png`);

  // A one-day all-day event in the week's and the day's All Day row: its title, not 'Tea…'.
  const teacherDay = busy.spans.find((s) => s.title.startsWith('Teacher planning day'))?.from ?? '';
  for (const view of ['week', 'day']) {
    await page.goto(`/calendar?view=${view}&date=${teacherDay}`);
    const bar = page.getByTestId('all-day-band').getByTestId('event-chip').filter({ hasText: 'Teacher' });
    await expect(bar).toBeVisible();
    const title = bar.getByTestId('chip-title');
    const shown = await title.evaluate((el) => {
      // The letters whose box ends before the title's right edge less an ellipsis (when it is cut).
      const text = el.firstChild;
      if (!(text instanceof Text)) return 0;
      const box = el.getBoundingClientRect();
      const cut = el.scrollWidth > el.clientWidth;
      const range = document.createRange();
      let n = 0;
      for (let k = 0; k < text.length; k += 1) {
        range.setStart(text, k);
        range.setEnd(text, k + 1);
        if (range.getBoundingClientRect().right <= box.right - (cut ? 12 : 0)) n += 1;
      }
      return n;
    });
    expect(shown, `letters of the all-day bar in ${view} view`).toBeGreaterThanOrEqual(10);
    if (view === 'week') await screenshot(page, `${shots}/calendar-all-day-week-390.png`);
  }

  await page.goto(`/calendar?view=day&date=${busy.overlapDay}`);
  await expect(chip(page, 'Birthday party (Maya)')).toBeVisible();
  await page.getByTestId('hour-scroll').evaluate((el) => el.scrollTo(0, 64 * 3.5));
  expect(await garbledBlocks(page.getByTestId('time-grid'))).toEqual([]);
  await screenshot(page, `${shots}/calendar-busy-day-390.png`);
});
