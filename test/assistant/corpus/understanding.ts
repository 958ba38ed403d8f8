import { type CorpusCase, caseWriter } from './case.ts';

/**
 * Round 6 (issue 43 item 1, "Understanding"): texts from a Los Angeles family (Brooks) and a London one
 * (Harris) for the classes measured as failing: ordinary words and one-letter typos read as titles, days
 * removed from a series by EXDATE, past dates without a year, "this week" on a weekend, group words ("the
 * kids", "we") and a stray "I", "is anyone free to take …", drives on someone else's event, and replies that
 * must stay GSM-7 within 2 segments. The tuning set: the code was changed until these pass. Its held-out
 * twin is heldout-43.ts.
 */
const cases: CorpusCase[] = [];
const ask = caseWriter(cases);

const NOT_FOUND = "I couldn't find";

// ─── Brooks: America/Los_Angeles ─────────────────────────────────────────────────────────────────────────
const B_SUN_EVE = '2026-11-29T19:30:00';
const B_MON_AM = '2026-11-30T07:30:00';
const B_THU_EVE = '2026-12-03T20:00:00';
const B_SAT_AM = '2026-12-05T09:30:00';

// Ordinary words and typos are not titles.
ask('brooks', B_MON_AM, 'dana', ['is school open wednesday', 'is school on wed'], {
  intent: 'event_check',
  day: '2026-12-02',
  starts: 'Yes',
  says: ['School'],
});
ask('brooks', B_MON_AM, 'dana', ['whats goin on tuesdy', 'wats goin on tues'], {
  intent: 'schedule',
  day: '2026-12-01',
  says: ['Soccer practice'],
  not: ['robotics'],
});
ask('brooks', B_MON_AM, 'dana', ['when is the bake sale'], {
  intent: 'next_event',
  starts: NOT_FOUND,
  says: ['Did you mean', 'Cake sale'],
});
ask('brooks', B_MON_AM, 'dana', ['when is soccr practice', 'when is socer'], {
  intent: 'next_event',
  says: ['Soccer practice', 'Tue Dec 1'],
});
ask('brooks', B_MON_AM, 'dana', ['whens the partey', 'what time is zoes party'], {
  intent: 'next_event',
  says: ["Zoe's bday party", 'Sat Dec 5'],
});
ask('brooks', B_MON_AM, 'dana', ['is book clud thursday'], {
  intent: 'event_check',
  day: '2026-12-03',
  starts: 'Yes',
  says: ['Book club'],
});

// A day removed from a series (EXDATE) is not on.
ask('brooks', B_MON_AM, 'dana', ['is there school on friday', 'do the kids have school fri'], {
  intent: 'event_check',
  day: '2026-12-04',
  starts: 'No',
  says: ['School', 'Fri Dec 4'],
});
ask('brooks', B_THU_EVE, 'chris', ['is there school tomorrow'], {
  intent: 'event_check',
  day: '2026-12-04',
  starts: 'No',
});
ask('brooks', B_MON_AM, 'dana', ['is piano on the 9th', 'is there piano dec 9'], {
  intent: 'event_check',
  day: '2026-12-09',
  starts: 'No',
  says: ['Piano', 'Dec 9', 'taken off'],
});

// A past date without a year is this year's, said as such.
ask('brooks', B_SUN_EVE, 'dana', ['anything on 11/27', 'what was on nov 27', 'whats on 11-27'], {
  intent: 'schedule',
  day: '2026-11-27',
  says: ['Fri Nov 27', 'Flu shots', 'already past'],
});
ask('brooks', B_SAT_AM, 'dana', ['was there piano on 12/2'], {
  intent: 'event_check',
  day: '2026-12-02',
  starts: 'Yes',
  says: ['Piano'],
});
ask('brooks', B_SUN_EVE, 'dana', ['whats on jan 5'], {
  intent: 'schedule',
  day: '2027-01-05',
  says: ['Tue Jan 5'],
});

// "this week" on a weekend: the week ending and the one starting.
ask('brooks', B_SAT_AM, 'dana', ['whats on this week', 'anything this wk'], {
  intent: 'schedule',
  day: '2026-11-29',
  says: ['Nov 29-Dec 5', 'Dec 6-12'],
});
ask('brooks', B_SAT_AM, 'dana', ['what do the kids have due this week'], {
  intent: 'tasks',
  day: '2026-11-29',
  says: ['Science fair board', 'Book report'],
  not: ['party favors'],
});

// Group words: "the kids", "we"; a stray "I" is not the subject.
ask('brooks', B_MON_AM, 'dana', ['what do the kids have tomorrow', 'what have the kids got on tmrw'], {
  intent: 'schedule',
  day: '2026-12-01',
  says: ['School', 'Soccer practice'],
  not: ['Work dinner'],
});
ask('brooks', B_MON_AM, 'dana', ['what chores do the kids have', 'kids tasks?'], {
  intent: 'tasks',
  says: ['Science fair board', 'Clean room'],
  not: ['party favors'],
});
ask('brooks', B_MON_AM, 'chris', ['what are we doing saturday'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ["Zoe's bday party", 'Yoga'],
});

// "Is anyone free to take …": the drive, who has it, and who is free then.
ask(
  'brooks',
  B_MON_AM,
  'dana',
  ['is anyone free to take zoe to soccer tmrw', 'can anyone take zoe to soccer tomorrow'],
  { intent: 'free', day: '2026-12-01', says: ['4:45pm', "it's yours", 'free then: Chris'] },
);

// A drive on someone else's event is the driver's too.
ask('brooks', B_MON_AM, 'chris', ['anything coming up for me', 'whats next for me'], {
  intent: 'whats_next',
  says: ['Tutoring', '4:30pm'],
});

// Replies are GSM-7: emoji dropped with a note, curly quotes and dashes made plain.
ask('brooks', B_MON_AM, 'dana', ['whats on saturday'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ["Zoe's bday party", 'emoji left out'],
});

// ─── Harris: Europe/London ───────────────────────────────────────────────────────────────────────────────
const H_SAT = '2026-12-05T10:30:00';
const H_SUN = '2026-12-06T18:00:00';
const H_MON_AM = '2026-12-07T07:15:00';

ask('harris', H_MON_AM, 'priya', ['whats goin on wednesdy'], {
  intent: 'schedule',
  day: '2026-12-09',
  says: ['Football'],
  not: ['drama'],
});
ask('harris', H_MON_AM, 'priya', ['when is brownes'], {
  intent: 'next_event',
  says: ['Brownies', 'today'],
});
ask('harris', H_MON_AM, 'james', ['when is the xmas fair', 'when is the fair'], {
  intent: 'next_event',
  says: ['Christmas fair', 'Sat Dec 12'],
});
ask('harris', H_MON_AM, 'priya', ['is there school on fri', 'r the kids in school friday'], {
  intent: 'event_check',
  day: '2026-12-11',
  starts: 'No',
  says: ['Fri Dec 11'],
});
ask('harris', H_MON_AM, 'priya', ['is school on thursday'], {
  intent: 'event_check',
  day: '2026-12-10',
  starts: 'Yes',
});
ask('harris', H_MON_AM, 'priya', ['is brownies on next monday', 'brownies on the 14th?'], {
  intent: 'event_check',
  day: '2026-12-14',
  starts: 'No',
  says: ['Brownies'],
});
ask('harris', H_SAT, 'priya', ['what was on 1/12', 'anything on 1 dec'], {
  intent: 'schedule',
  day: '2026-12-01',
  says: ['Tue Dec 1', 'Gym', 'already past'],
});
ask('harris', H_SUN, 'priya', ['whats on this week'], {
  intent: 'schedule',
  day: '2026-11-29',
  says: ['Nov 29-Dec 5', 'Dec 6-12'],
});
ask('harris', H_MON_AM, 'priya', ['are the kids free saturday morning'], {
  intent: 'free',
  day: '2026-12-12',
  starts: 'No',
  says: ['Swimming', 'Christmas fair'],
  not: ['pick up'],
});
ask('harris', H_MON_AM, 'priya', ['do the kids have anything tomorrow I need to know about'], {
  intent: 'schedule',
  day: '2026-12-08',
  says: ['School', 'Dentist'],
  not: ['Gym'],
});
ask('harris', H_MON_AM, 'james', ['is anyone free to pick up olivia from brownies tonight'], {
  intent: 'free',
  day: '2026-12-07',
  says: ['7:30pm', "it's yours", 'free then: Priya'],
});
ask('harris', H_MON_AM, 'james', ['is there anything i need to do tonight'], {
  intent: 'tasks',
  day: '2026-12-07',
  says: ['pick up Olivia from Brownies'],
});
ask('harris', H_MON_AM, 'james', ['when do i next need to drive', 'when am i next driving'], {
  intent: 'transport',
  says: ['pick up Olivia from Brownies', '7:30pm'],
});
ask('harris', H_MON_AM, 'priya', ['whats on sunday'], {
  intent: 'schedule',
  day: '2026-12-13',
  says: ["Nan's 70th", 'emoji left out'],
});
ask('harris', H_MON_AM, 'priya', ['where is nan\u2019s 70th'], {
  intent: 'next_event',
  says: ["Nan's 70th", 'The Flask - Highgate'],
});
ask('harris', H_MON_AM, 'priya', ['whats on next week', 'whats on this month'], {
  intent: 'schedule',
  says: ['Reply MORE'],
});

/** Round 6: issue 43's tuning cases. */
export const UNDERSTANDING: readonly CorpusCase[] = cases;
