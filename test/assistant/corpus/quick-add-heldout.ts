import type { QuickAddCase, QuickAddExpect } from './quick-add-case.ts';

/**
 * The quick-add held-out set: lines written on 2026-11-29 before the reader was run on them, kept apart from
 * quick-add-cases.ts and never used to tune the reader. "Now" is Wednesday Dec 2 2026, 5 PM, Los Angeles.
 * quick-add.test.ts prints its score on its own.
 */
const cases: QuickAddCase[] = [];
const WED_PM = '2026-12-02T17:00:00';

function add(text: string, expect: QuickAddExpect | QuickAddCase['expect']) {
  cases.push({ family: 'rivera', at: WED_PM, text, expect });
}

add('Orthodontist for Teo thurs 4:15', { title: 'Orthodontist', who: ['teo'], start: '2026-12-03T16:15' });
add('maya sleepover at jess’s fri', { title: 'Sleepover at jess’s', who: ['maya'], start: '2026-12-04' });
add('Christmas concert dec 17 at 6 for Maya and Teo', {
  title: 'Christmas concert',
  who: ['maya', 'teo'],
  start: '2026-12-17T18:00',
});
add('Grocery run tmrw 10am 45min', { title: 'Grocery run', start: '2026-12-03T10:00', minutes: 45 });
add('Karate every thursday 5:30 Teo', {
  title: 'Karate',
  who: ['teo'],
  start: '2026-12-03T17:30',
  repeat: 'weekly',
});
add('Carpool every weekday at 7:45', { title: 'Carpool', start: '2026-12-03T07:45', repeat: 'workday' });
add('Bin day every Tuesday', { title: 'Bin day', start: '2026-12-08', repeat: 'weekly' });
add('Vitamins every day at 8am', { title: 'Vitamins', start: '2026-12-03T08:00', repeat: 'daily' });
add('Ski trip dec 26-30', { title: 'Ski trip', start: '2026-12-26', lastDay: '2026-12-30' });
add('Rosa flying in next Saturday', { title: 'Flying in', who: ['rosa'], start: '2026-12-05' });
add('Coffee w Ana at 9 tomorrow', { title: 'Coffee w', who: ['ana'], start: '2026-12-03T09:00' });
add('Parents evening thursday 6-7:30pm', {
  title: 'Parents evening',
  start: '2026-12-03T18:00',
  minutes: 90,
});
add('Tennis sat 9 for 1h30 sam', { title: 'Tennis', who: ['sam'], start: '2026-12-05T09:00', minutes: 90 });
add('HOA meeting the 3rd Wednesday of every month 7pm', {
  title: 'HOA meeting',
  start: '2026-12-16T19:00',
  repeat: 'monthly_day',
});
add('Mortgage payment on the 15th of every month', {
  title: 'Mortgage payment',
  start: '2026-12-15',
  repeat: 'monthly_date',
});
add('Dinner with the Garcias at 7', {
  title: 'Dinner with the Garcias',
  start: '2026-12-02T19:00',
  notes: ['no_day'],
});
add('Pick up dry cleaning at 4', {
  title: 'Pick up dry cleaning',
  start: '2026-12-03T16:00',
  notes: ['no_day'],
});
add('teos football match saturday 11am', {
  title: 'Football match',
  who: ['teo'],
  start: '2026-12-05T11:00',
});
add('Mayas recital fri 7', {
  title: 'Recital',
  who: ['maya'],
  start: '2026-12-04T19:00',
  notes: ['meridiem'],
});
add('Field trip permission slip due monday', {
  title: 'Field trip permission slip due',
  start: '2026-12-07',
});
add('Flight to Denver Dec 20 6:40am', { title: 'Flight to Denver', start: '2026-12-20T06:40' });
add('Story time at the library sat 10:30 with Teo', {
  title: 'Story time at the library',
  who: ['teo'],
  start: '2026-12-05T10:30',
});
add('Yoga mondays 6pm until the end of january', {
  title: 'Yoga',
  start: '2026-12-07T18:00',
  repeat: 'weekly',
  until: '2027-01-31',
});
add('Anniversary dinner 12/12 8pm', { title: 'Anniversary dinner', start: '2026-12-12T20:00' });
add('Dentist', { title: 'Dentist', start: '2026-12-02', notes: ['no_day', 'no_time'] });

/** The held-out quick-add lines. */
export const QUICK_ADD_HELDOUT: readonly QuickAddCase[] = cases;
