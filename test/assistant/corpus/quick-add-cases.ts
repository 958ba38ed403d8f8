import type { QuickAddCase, QuickAddExpect } from './quick-add-case.ts';

/**
 * Quick-add lines and the events they propose (see quick-add-case.ts). Rivera: Los Angeles; "now" is Sunday
 * Nov 29 2026, 9 AM, or 7:30 PM for the cases about times already over today. Okafor: London, day-first dates.
 */
const cases: QuickAddCase[] = [];

const SUN_AM = '2026-11-29T09:00:00';
const SUN_EVE = '2026-11-29T19:30:00';
const WED_AM = '2026-12-02T08:00:00';

function add(texts: string[], expect: QuickAddExpect | QuickAddCase['expect'], at = SUN_AM) {
  for (const text of texts) cases.push({ family: 'rivera', at, text, expect });
}

// Issue 45's three examples.
add(
  [
    'Piano recital for Maya tomorrow 6pm',
    'piano recital tmrw 6pm for maya',
    'Piano recital tomorrow at 6pm Maya',
  ],
  {
    title: 'Piano recital',
    who: ['maya'],
    start: '2026-11-30T18:00',
  },
);
add(['Soccer every Sat 9am Teo', 'soccer every saturday at 9am for teo', 'Teo soccer every Sat 9am'], {
  title: 'Soccer',
  who: ['teo'],
  start: '2026-12-05T09:00',
  repeat: 'weekly',
});
add(['Dentist Tue 3:30 for 45 min', 'dentist tuesday 3:30 45 mins', 'Dentist tues at 3:30 for 45 minutes'], {
  title: 'Dentist',
  start: '2026-12-01T15:30',
  minutes: 45,
  notes: ['meridiem'],
});
// Issue 43's texted commands.
add(['add dentist for maya tue 3pm', 'Add Dentist for Maya Tue 3pm'], {
  title: 'Dentist',
  who: ['maya'],
  start: '2026-12-01T15:00',
});
add(['soccer practice every sat 9am'], {
  title: 'Soccer practice',
  start: '2026-12-05T09:00',
  repeat: 'weekly',
});

// Typos in days and names.
add(['dentist for mya tmrw at 4', 'Dentist for Maya tomorow at 4'], {
  title: 'Dentist',
  who: ['maya'],
  start: '2026-11-30T16:00',
  notes: ['meridiem'],
});
add(['Vet satuday 10am for half an hour', 'vet saturdy 10am 30 min'], {
  title: 'Vet',
  start: '2026-12-05T10:00',
  minutes: 30,
});
add(['Haircut wendsday 11am'], { title: 'Haircut', start: '2026-12-02T11:00' });

// Names in any position, several names, groups.
add(
  ['Swim for Maya and Teo tomorrow at 4:30', 'Maya and Teo swim tomorrow 4:30', 'swim tmrw 4:30 maya & teo'],
  {
    title: 'Swim',
    who: ['maya', 'teo'],
    start: '2026-11-30T16:30',
    notes: ['meridiem'],
  },
);
add(['Zoo trip with the kids sat'], {
  title: 'Zoo trip',
  who: ['maya', 'teo'],
  start: '2026-12-05',
  notes: ['no_time'],
});
add(['Family photo for everyone sun 2pm'], {
  title: 'Family photo',
  who: ['ana', 'sam', 'maya', 'teo', 'rosa'],
  start: '2026-11-29T14:00',
});
add(["Maya's birthday party dec 5 2-5pm"], {
  title: "Maya's birthday party",
  who: ['maya'],
  start: '2026-12-05T14:00',
  minutes: 180,
});
add(['Lunch with Rosa and Sam friday noon'], {
  title: 'Lunch',
  who: ['rosa', 'sam'],
  start: '2026-12-04T12:00',
});

// Times without am/pm: the likelier one for a family.
add(['Dentist at 4:30 tomorrow'], { title: 'Dentist', start: '2026-11-30T16:30', notes: ['meridiem'] });
add(['Breakfast with Rosa tomorrow at 8'], {
  title: 'Breakfast',
  who: ['rosa'],
  start: '2026-11-30T08:00',
  notes: ['meridiem'],
});
add(['Dinner at 8 on friday'], {
  title: 'Dinner',
  start: '2026-12-04T20:00',
  notes: ['meridiem'],
});
add(['Date night sat 8'], { title: 'Date night', start: '2026-12-05T20:00', notes: ['meridiem'] });
add(['Team call wed 14:30', 'team call wednesday 2:30pm'], { title: 'Team call', start: '2026-12-02T14:30' });

// Relative days.
add(['Pizza night next Friday', 'pizza night next fri'], {
  title: 'Pizza night',
  start: '2026-12-04',
  notes: ['no_time'],
});
add(['Parent teacher conference next friday at 4'], {
  title: 'Parent teacher conference',
  start: '2026-12-04T16:00',
});
add(['Flu shots in 2 weeks 10am'], { title: 'Flu shots', start: '2026-12-13T10:00' });
add(['Recycling pickup day after tomorrow'], { title: 'Recycling pickup', start: '2026-12-01' });
add(['Call the plumber at 3'], { title: 'Call the plumber', start: '2026-11-29T15:00', notes: ['no_day'] });
add(['Movie at 6'], { title: 'Movie', start: '2026-11-30T18:00', notes: ['no_day'] }, SUN_EVE);
add(['Homework 3pm today'], { title: 'Homework', start: '2026-11-29T15:00', notes: ['passed'] }, SUN_EVE);

// All-day days and spans.
add(['Grandma visiting Sat', 'grandma visiting saturday'], {
  title: 'Grandma visiting',
  start: '2026-12-05',
  notes: ['no_time'],
});
add(['Grandma visiting Sat to Mon', 'Grandma visiting sat - mon'], {
  title: 'Grandma visiting',
  start: '2026-12-05',
  lastDay: '2026-12-07',
});
add(['Camping trip dec 11-13'], { title: 'Camping trip', start: '2026-12-11', lastDay: '2026-12-13' });
add(['Teacher training day friday all day'], { title: 'Teacher training day', start: '2026-12-04' });

// Lengths.
add(['Gym 1h tomorrow 7am', 'gym tomorrow 7am for an hour', 'Gym tomorrow 7am 60 min'], {
  title: 'Gym',
  start: '2026-11-30T07:00',
});
add(['Movie 1h30 fri 7pm', 'movie fri 7pm for 1.5 hours', 'Movie fri 7pm 90 minutes'], {
  title: 'Movie',
  start: '2026-12-04T19:00',
  minutes: 90,
});
add(['Swim 3-5pm tmrw', 'swim tomorrow from 3 to 5pm'], {
  title: 'Swim',
  start: '2026-11-30T15:00',
  minutes: 120,
});
add(['Piano lesson wed 4pm 2 hours'], { title: 'Piano lesson', start: '2026-12-02T16:00', minutes: 120 });

// Repeats: SPEC §5's five patterns.
add(['Walk the dog every day 7am', 'walk the dog daily at 7am'], {
  title: 'Walk the dog',
  start: '2026-11-30T07:00',
  repeat: 'daily',
});
add(['Homework club every weekday 3pm', 'homework club weekdays 3pm', 'Homework club mon-fri 3pm'], {
  title: 'Homework club',
  start: '2026-11-30T15:00',
  repeat: 'workday',
});
add(
  ['School run every weekday 9am Teo'],
  {
    title: 'School run',
    who: ['teo'],
    start: '2026-12-02T09:00',
    repeat: 'workday',
  },
  WED_AM,
);
add(['Ballet Tuesdays 5pm Maya', 'Maya ballet every tuesday at 5 for 1 hour'], {
  title: 'Ballet',
  who: ['maya'],
  start: '2026-12-01T17:00',
  repeat: 'weekly',
});
add(['Swim lessons Saturdays 10am until Dec 19'], {
  title: 'Swim lessons',
  start: '2026-12-05T10:00',
  repeat: 'weekly',
  until: '2026-12-19',
});
add(['Book club the first Monday of every month 7pm'], {
  title: 'Book club',
  start: '2026-12-07T19:00',
  repeat: 'monthly_day',
});
add(['Pay rent the 1st of every month', 'Pay rent every month on the 1st'], {
  title: 'Pay rent',
  start: '2026-12-01',
  repeat: 'monthly_date',
});

// Repeats FamilyHub has no pattern for: added once, and said so.
add(['Run every other week sat 8am'], { title: 'Run', start: '2026-12-05T08:00', notes: ['repeat'] });
add(['Piano every mon and wed 4pm Maya'], {
  title: 'Piano',
  who: ['maya'],
  start: '2026-11-30T16:00',
  notes: ['repeat'],
});

// Titles that look like other things.
add(['New Year party dec 31 8pm'], { title: 'New Year party', start: '2026-12-31T20:00' });
add(['Book fair friday 9am'], { title: 'Book fair', start: '2026-12-04T09:00' });
add(['Dinner at Grandma’s sunday 5pm'], { title: 'Dinner at Grandma’s', start: '2026-11-29T17:00' });
add(['Party for 6 kids sat 2pm'], { title: 'Party for 6 kids', start: '2026-12-05T14:00' });

// "next <weekday>" when this week's is still to come: the week after, said so.
add(
  ['Soccer tournament next Saturday 9am'],
  {
    title: 'Soccer tournament',
    start: '2026-12-12T09:00',
    notes: ['next_week'],
  },
  WED_AM,
);
// Possessives typed without an apostrophe, curly apostrophes kept in the title.
add(['Mayas dance show fri 6pm'], { title: 'Dance show', who: ['maya'], start: '2026-12-04T18:00' });
add(['Drinks at Joe’s fri 8'], { title: 'Drinks at Joe’s', start: '2026-12-04T20:00', notes: ['meridiem'] });
// A word one letter off a month is a title word, not a date.
add(['Chess match sat 10am Teo'], { title: 'Chess match', who: ['teo'], start: '2026-12-05T10:00' });

// Refused lines.
add(['   '], { error: 'empty' });
add(['tomorrow 3pm', 'for Maya at 4'], { error: 'no_title' });
add(['x'.repeat(301)], { error: 'too_long' });

// London: day-first numeric dates.
cases.push({
  family: 'okafor',
  at: '2026-11-29T09:00:00',
  text: 'Dentist 5/12 3pm Ada',
  expect: { title: 'Dentist', who: ['ada'], start: '2026-12-05T15:00' },
});
add(['Dentist 12/5 3pm'], { title: 'Dentist', start: '2026-12-05T15:00' });

/** The quick-add corpus, rounds written with the reader (the held-out set is quick-add-heldout.ts). */
export const QUICK_ADD_CASES: readonly QuickAddCase[] = cases;
