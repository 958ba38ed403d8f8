import { type CorpusCase, caseWriter } from './case.ts';

/**
 * Round 8's held-out part (issue 43 item 1): 100 texts written on 2026-11-29 before any code was changed for
 * round 8, 50 to the Brooks family (Los Angeles) and 50 to the Harris family (London) of families.ts, the way
 * parents and a teenager text (typos, run-ons, no punctuation, emoji, curly quotes, relative dates, "the kids",
 * "we", weekends and late evenings, past dates without a year, days a series skips by EXDATE, drives, "is anyone
 * free to take …"). Expected answers were decided by hand from families.ts. The tuning never reads these:
 * `npm run bench:assistant` counts their misses without showing them (unless `--show-held-out`).
 *
 * Held out until its first run: 90/100 (Brooks 46/50, Harris 44/50); tuned on after (ROUND_8 in cases.ts covers
 * its classes in other words). Five of the ten first-run misses were this file's own (a driver who asks is
 * answered "you pick up …", not by name; an event's time reads "3:30-4:15pm"), corrected after the first run;
 * five were the assistant's ("takin", "wot", "ther", "hw", and "I might have to work late" read as overdue).
 */
const cases: CorpusCase[] = [];
const ask = caseWriter(cases);

// ─── Brooks: America/Los_Angeles ─────────────────────────────────────────────────────────────────────────
const B_SUN_LATE = '2026-11-29T22:30:00';
const B_TUE_AM = '2026-12-01T07:10:00';
const B_WED_PM = '2026-12-02T15:20:00';
const B_FRI_NOON = '2026-12-04T12:00:00';
const B_SAT_LATE = '2026-12-05T23:00:00';
const B_TUE_PM = '2026-12-08T17:05:00';

ask('brooks', B_SUN_LATE, 'dana', ['whats on tmrw', 'wat we got monday'], {
  intent: 'schedule',
  day: '2026-11-30',
  says: ['School', 'Dentist', 'Tutoring'],
});
ask('brooks', B_SUN_LATE, 'dana', ['is anyone free to pick up eli from tutoring tmrw'], {
  intent: 'free',
  day: '2026-11-30',
  says: ['4:30pm', 'Chris'],
});
ask('brooks', B_SUN_LATE, 'dana', ['did zoe do her science fair board'], {
  intent: 'task_check',
  starts: 'No',
});
ask('brooks', B_SUN_LATE, 'dana', ['anything on 11/25'], {
  intent: 'schedule',
  day: '2026-11-25',
  says: ['Nov 25', 'already past'],
});
ask('brooks', B_SUN_LATE, 'dana', ['when\u2019s eli\u2019s swim meet'], {
  intent: 'next_event',
  says: ['Swim meet', 'Sun Dec 6'],
});
ask('brooks', B_SUN_LATE, 'dana', ['what time is dentist tmrw \u{1F62C}'], {
  intent: 'next_event',
  says: ['Dentist', '3:30'],
});
ask('brooks', B_SUN_LATE, 'dana', ['do the kids have school on thursday'], {
  intent: 'event_check',
  day: '2026-12-03',
  starts: 'Yes',
});

ask('brooks', B_TUE_AM, 'chris', ['what am i doing today'], {
  intent: 'schedule',
  day: '2026-12-01',
  says: ['Work dinner'],
});
ask('brooks', B_TUE_AM, 'chris', ['who is picking zoe up from soccer tonight'], {
  intent: 'transport',
  day: '2026-12-01',
  says: ['you pick up', '6:30pm'],
});
ask('brooks', B_TUE_AM, 'chris', ['can anyone drop zoe at soccer today im stuck at work'], {
  intent: 'free',
  day: '2026-12-01',
  says: ['4:45pm'],
});
ask('brooks', B_TUE_AM, 'chris', ['is there school friday', 'r the kids in school fri'], {
  intent: 'event_check',
  day: '2026-12-04',
  starts: 'No',
});
ask('brooks', B_TUE_AM, 'chris', ['whens the haircut'], {
  intent: 'next_event',
  says: ['Haircut', 'Wed Dec 2'],
});
ask('brooks', B_TUE_AM, 'chris', ['has dana paid the piano fees'], { intent: 'task_check', starts: 'Yes' });
ask('brooks', B_TUE_AM, 'chris', ['did i buy the party favors yet'], { intent: 'task_check', starts: 'No' });
ask('brooks', B_TUE_AM, 'chris', ['whats happening wed and thurs'], {
  intent: 'schedule',
  day: '2026-12-02',
  says: ['Haircut', 'Book club'],
});
ask('brooks', B_TUE_AM, 'chris', ['what are the kids doing sat'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ["Zoe's bday party"],
});
ask('brooks', B_TUE_AM, 'chris', ['is there soccer thurs'], {
  intent: 'event_check',
  day: '2026-12-03',
  starts: 'Yes',
});
ask('brooks', B_TUE_AM, 'chris', ['ok so i need to know whats on thursday bc i might have to work late'], {
  intent: 'schedule',
  day: '2026-12-03',
  says: ['Soccer practice', 'Book club'],
});
ask('brooks', B_TUE_AM, 'chris', ['whens zoes party'], {
  intent: 'next_event',
  says: ["Zoe's bday party", 'Sat Dec 5'],
});

ask('brooks', B_WED_PM, 'eli', ['who\u2019s takin me to piano'], {
  intent: 'transport',
  says: ['Chris', '3:50pm'],
});
ask('brooks', B_WED_PM, 'eli', ['do i hav tutoring 2day'], {
  intent: 'event_check',
  day: '2026-12-02',
  starts: 'No',
});
ask('brooks', B_WED_PM, 'eli', ['when is tutoring'], {
  intent: 'next_event',
  says: ['Tutoring', 'Thu Dec 3'],
});
ask('brooks', B_WED_PM, 'eli', ['is my reading log done'], { intent: 'task_check', starts: 'Yes' });
ask('brooks', B_WED_PM, 'eli', ['wats my homework'], { intent: 'tasks', says: ['Book report'] });
ask('brooks', B_WED_PM, 'eli', ['is dana free tonight'], {
  intent: 'free',
  day: '2026-12-02',
  starts: 'No',
  says: ['Parent-teacher conference'],
});

ask('brooks', B_FRI_NOON, 'zoe', ['is there school today'], {
  intent: 'event_check',
  day: '2026-12-04',
  starts: 'No',
});
ask('brooks', B_FRI_NOON, 'zoe', ['wat r we doin 2moro'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ["Zoe's bday party"],
});
ask('brooks', B_FRI_NOON, 'zoe', ['omg is my party tmrw \u{1F389}\u{1F389}'], {
  intent: 'event_check',
  day: '2026-12-05',
  starts: 'Yes',
});
ask('brooks', B_FRI_NOON, 'zoe', ['wheres my party'], { intent: 'next_event', says: ['Bounce-a-Lot'] });
ask('brooks', B_FRI_NOON, 'zoe', ['do i have soccer next tues'], {
  intent: 'event_check',
  day: '2026-12-08',
  starts: 'Yes',
});
ask('brooks', B_FRI_NOON, 'zoe', ['whats due for me'], {
  intent: 'tasks',
  says: ['Clean room', 'Science fair board'],
});
ask('brooks', B_FRI_NOON, 'zoe', ['whats eli got on sunday'], {
  intent: 'schedule',
  day: '2026-12-06',
  says: ['Swim meet'],
});
ask('brooks', B_FRI_NOON, 'zoe', ['did the sleepover at avas get approved'], {
  intent: 'activities',
  says: ['Sleepover at Ava'],
});

ask('brooks', B_SAT_LATE, 'dana', ['whats on tmrw'], {
  intent: 'schedule',
  day: '2026-12-06',
  says: ['Swim meet'],
});
ask('brooks', B_SAT_LATE, 'dana', ['who is taking eli to the swim meet in the morning'], {
  intent: 'transport',
  day: '2026-12-06',
  says: ['Chris', '7:30am'],
});
ask('brooks', B_SAT_LATE, 'dana', ['is there piano on wednesday', 'piano wed?'], {
  intent: 'event_check',
  day: '2026-12-09',
  starts: 'No',
});
ask('brooks', B_SAT_LATE, 'dana', ['is the cake sale next friday'], {
  intent: 'event_check',
  day: '2026-12-11',
  starts: 'Yes',
});
ask('brooks', B_SAT_LATE, 'dana', ['r we free next sat night'], {
  intent: 'free',
  day: '2026-12-12',
  starts: 'No',
  says: ['Holiday lights drive'],
});
ask('brooks', B_SAT_LATE, 'dana', ['what have the kids got monday'], {
  intent: 'schedule',
  day: '2026-12-07',
  says: ['School', 'Tutoring'],
  not: ['Yoga'],
});
ask('brooks', B_SAT_LATE, 'dana', ['anything on 12/2'], {
  intent: 'schedule',
  day: '2026-12-02',
  says: ['Haircut', 'already past'],
});
ask('brooks', B_SAT_LATE, 'dana', ['swim meet where'], {
  intent: 'next_event',
  says: ['Rose Bowl Aquatics'],
});

ask('brooks', B_TUE_PM, 'chris', ['what time do i get zoe'], {
  intent: 'transport',
  says: ['Zoe', '6:30pm'],
});
ask('brooks', B_TUE_PM, 'chris', ['has eli done his book report'], { intent: 'task_check', starts: 'No' });
ask('brooks', B_TUE_PM, 'chris', ['whats on tmrw'], {
  intent: 'schedule',
  day: '2026-12-09',
  says: ['School'],
  not: ['Piano'],
});
ask('brooks', B_TUE_PM, 'chris', ['is there anything at 4 tmrw'], {
  intent: 'at_time',
  day: '2026-12-09',
  starts: 'No',
});
ask('brooks', B_TUE_PM, 'chris', ['what time r we leaving for the lights on sat'], {
  intent: 'next_event',
  says: ['Holiday lights drive', 'Sat Dec 12'],
});
ask('brooks', B_TUE_PM, 'chris', ['was there school on the 4th'], {
  intent: 'event_check',
  day: '2026-12-04',
  starts: 'No',
});

// ─── Harris: Europe/London ───────────────────────────────────────────────────────────────────────────────
const H_SAT_LATE = '2026-12-05T22:40:00';
const H_MON_AM = '2026-12-07T07:30:00';
const H_WED_PM = '2026-12-09T14:00:00';
const H_FRI_AM = '2026-12-11T08:00:00';
const H_SUN_LATE = '2026-12-13T22:00:00';

ask('harris', H_SAT_LATE, 'priya', ['what have we got on this week'], {
  intent: 'schedule',
  day: '2026-11-29',
  says: ['Nov 29-Dec 5', 'Dec 6-12'],
});
ask('harris', H_SAT_LATE, 'priya', ['is there brownies on monday', 'is ther brownies monday \u{1F60A}'], {
  intent: 'event_check',
  day: '2026-12-07',
  starts: 'Yes',
});
ask('harris', H_SAT_LATE, 'priya', ['who\u2019s dropping olivia at brownies mon'], {
  intent: 'transport',
  day: '2026-12-07',
  says: ['you drop off', '5:50pm'],
});
ask('harris', H_SAT_LATE, 'priya', ['can anyone get olivia from brownies monday'], {
  intent: 'free',
  day: '2026-12-07',
  says: ['7:30pm'],
});
ask('harris', H_SAT_LATE, 'priya', ['has the boiler service been booked'], {
  intent: 'task_check',
  starts: 'No',
});
ask('harris', H_SAT_LATE, 'priya', ['anything on 1/12'], {
  intent: 'schedule',
  day: '2026-12-01',
  says: ['Gym', 'already past'],
});
ask('harris', H_SAT_LATE, 'priya', ['is jack in school tuesday', 'the kids got school tues?'], {
  intent: 'event_check',
  day: '2026-12-08',
  starts: 'Yes',
});
ask('harris', H_SAT_LATE, 'priya', ['when\u2019s the dentist'], {
  intent: 'next_event',
  says: ['Dentist', 'Tue Dec 8'],
});
ask('harris', H_SAT_LATE, 'priya', ['did the kids tidy the playroom'], {
  intent: 'task_check',
  starts: 'No',
});

ask('harris', H_MON_AM, 'james', ["what's on today"], {
  intent: 'schedule',
  day: '2026-12-07',
  says: ['School', 'Brownies'],
});
ask('harris', H_MON_AM, 'james', ['do i have to pick anyone up today'], {
  intent: 'transport',
  day: '2026-12-07',
  says: ['Brownies', '7:30pm'],
});
ask('harris', H_MON_AM, 'james', ["what's happening this week"], {
  intent: 'schedule',
  day: '2026-12-07',
  says: ['Dentist', 'Christmas fair'],
});
ask('harris', H_MON_AM, 'james', ['am i free thurs evening'], {
  intent: 'free',
  day: '2026-12-10',
  starts: 'No',
  says: ["Parents' evening"],
});
ask('harris', H_MON_AM, 'james', ['is there school fri', 'school on friday??'], {
  intent: 'event_check',
  day: '2026-12-11',
  starts: 'No',
});
ask('harris', H_MON_AM, 'james', ['whens nans 70th'], {
  intent: 'next_event',
  says: ["Nan's 70th", 'Sun Dec 13'],
});
ask('harris', H_MON_AM, 'james', ["where's nan's do"], { intent: 'next_event', says: ['The Flask'] });
ask('harris', H_MON_AM, 'james', ['jack football wed?'], {
  intent: 'event_check',
  day: '2026-12-09',
  starts: 'Yes',
});
ask('harris', H_MON_AM, 'james', ['who\u2019s collecting jack from football on wednesday'], {
  intent: 'transport',
  day: '2026-12-09',
  says: ['you pick up', '5:30pm'],
});
ask('harris', H_MON_AM, 'james', ['whats on tmoz'], {
  intent: 'schedule',
  day: '2026-12-08',
  says: ['Dentist', 'Gym'],
});
ask('harris', H_MON_AM, 'james', ['is priya free tomorrow afternoon'], {
  intent: 'free',
  day: '2026-12-08',
  starts: 'No',
  says: ['Dentist'],
});

ask('harris', H_WED_PM, 'olivia', ['wot time is rehearsal'], {
  intent: 'next_event',
  says: ['Nativity rehearsal', '3:30'],
});
ask('harris', H_WED_PM, 'olivia', ['whos getting me from rehearsal'], {
  intent: 'transport',
  says: ['Priya', '4:30pm'],
});
ask('harris', H_WED_PM, 'olivia', ['have i done my maths hw'], { intent: 'task_check', starts: 'No' });
ask('harris', H_WED_PM, 'olivia', ['do i have brownies next mon'], {
  intent: 'event_check',
  day: '2026-12-14',
  starts: 'No',
});
ask('harris', H_WED_PM, 'olivia', ['is there school on fri'], {
  intent: 'event_check',
  day: '2026-12-11',
  starts: 'No',
});
ask('harris', H_WED_PM, 'olivia', ['whats on sat'], {
  intent: 'schedule',
  day: '2026-12-12',
  says: ['Swimming', 'Christmas fair'],
});
ask('harris', H_WED_PM, 'olivia', ['did mum say yes to drama club'], {
  intent: 'activities',
  says: ['Join drama club'],
});
ask('harris', H_WED_PM, 'olivia', ['wats on 2moro'], {
  intent: 'schedule',
  day: '2026-12-10',
  says: ['School'],
});
ask('harris', H_WED_PM, 'olivia', ['is jack free rn'], {
  intent: 'free',
  day: '2026-12-09',
  starts: 'No',
  says: ['School'],
});

ask('harris', H_FRI_AM, 'priya', ['is there school today'], {
  intent: 'event_check',
  day: '2026-12-11',
  starts: 'No',
});
ask('harris', H_FRI_AM, 'priya', ['whats on tomorrow'], {
  intent: 'schedule',
  day: '2026-12-12',
  says: ['Swimming', 'Christmas fair'],
});
ask('harris', H_FRI_AM, 'priya', ['is anyone free to take olivia to swimming tmrw'], {
  intent: 'free',
  day: '2026-12-12',
  says: ['8:45am'],
});
ask('harris', H_FRI_AM, 'priya', ["what's on this weekend"], {
  intent: 'schedule',
  day: '2026-12-12',
  says: ['Christmas fair', "Nan's 70th"],
});
ask('harris', H_FRI_AM, 'priya', ['is the christmas fair tomorrow'], {
  intent: 'event_check',
  day: '2026-12-12',
  starts: 'Yes',
});
ask('harris', H_FRI_AM, 'priya', ['whens the fair'], { intent: 'next_event', says: ['Christmas fair'] });
ask('harris', H_FRI_AM, 'priya', ['is james free tonight'], {
  intent: 'free',
  day: '2026-12-11',
  starts: 'Yes',
});
ask('harris', H_FRI_AM, 'priya', ['have i sorted the nativity costume'], {
  intent: 'task_check',
  starts: 'No',
});
ask('harris', H_FRI_AM, 'priya', ['what was on wednesday'], {
  intent: 'schedule',
  day: '2026-12-09',
  says: ['Nativity rehearsal', 'Football'],
});
ask('harris', H_FRI_AM, 'priya', ['anything on 10/12'], {
  intent: 'schedule',
  day: '2026-12-10',
  says: ["Parents' evening", 'already past'],
});

ask('harris', H_SUN_LATE, 'james', ['whats on tmrw'], {
  intent: 'schedule',
  day: '2026-12-14',
  says: ['School'],
  not: ['Brownies'],
});
ask('harris', H_SUN_LATE, 'james', ['brownies tmrw?'], {
  intent: 'event_check',
  day: '2026-12-14',
  starts: 'No',
});
ask('harris', H_SUN_LATE, 'james', ['is there school tmrw'], {
  intent: 'event_check',
  day: '2026-12-14',
  starts: 'Yes',
});
ask('harris', H_SUN_LATE, 'james', ['anything on weds'], {
  intent: 'schedule',
  day: '2026-12-16',
  says: ['Football'],
});
ask('harris', H_SUN_LATE, 'james', ['when is swimming'], {
  intent: 'next_event',
  says: ['Swimming', 'Sat Dec 19'],
});
ask('harris', H_SUN_LATE, 'james', ['whos doing drop off for swimming sat'], {
  intent: 'transport',
  day: '2026-12-19',
  says: ['you drop off', '8:45am'],
});
ask('harris', H_SUN_LATE, 'james', ['anything on 12/12'], {
  intent: 'schedule',
  day: '2026-12-12',
  says: ['Christmas fair', 'already past'],
});
ask('harris', H_SUN_LATE, 'james', ['is olivia free next sat morning'], {
  intent: 'free',
  day: '2026-12-19',
  starts: 'No',
  says: ['Swimming'],
});

/** Round 8's held-out part: 100 texts, never read while tuning. */
export const HELDOUT_43C: readonly CorpusCase[] = cases;
