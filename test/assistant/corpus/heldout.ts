import type { CorpusCase } from './case.ts';
import type { CorpusFamilyName } from './families.ts';

/**
 * Round 5 of the corpus: a held-out set of texted messages written on 2026-11-23 before the assistant was run
 * on them (and before its code was changed for them), expected answers decided by hand from families.ts.
 * It covers the evening before and the morning of, weekends, a DST change (Los Angeles, Oct 31 → Nov 1),
 * three zones besides, typos, slang, voice-to-text run-ons, emoji, numeric dates in both orders, holidays,
 * yes/no questions, tasks by a word of their title, requests, commands, nicknames and multi-question texts.
 */
const cases: CorpusCase[] = [];

type Expect = Omit<CorpusCase, 'family' | 'at' | 'asker' | 'text'>;

function ask(family: CorpusFamilyName, at: string, asker: string, texts: string[], expect: Expect) {
  for (const text of texts) cases.push({ family, at, asker, text, ...expect });
}

const CANT = "I can't";
const UNCLEAR = "I didn't catch which day";

// ─── Rivera: America/Los_Angeles ───────────────────────────────────────────────────────────────────────────
const R_SUN_EVE = '2026-11-29T20:00:00';
const R_MON_AM = '2026-11-30T07:45:00';
const R_WED_EVE = '2026-12-02T21:00:00';
const R_SAT_AM = '2026-12-05T08:00:00';
// The evening before US daylight saving time ends (Sun Nov 1, 2am).
const R_DST = '2026-10-31T20:00:00';

ask('rivera', R_SUN_EVE, 'ana', ['wats on tmrw', 'whats goin on tomorow'], {
  intent: 'schedule',
  day: '2026-11-30',
  says: ['Yoga', 'Orthodontist'],
});
ask('rivera', R_SUN_EVE, 'ana', ['anything 2morrow morning?'], {
  intent: 'schedule',
  day: '2026-11-30',
  says: ['Yoga'],
  not: ['Orthodontist'],
});
ask('rivera', R_SUN_EVE, 'ana', ['day after tomorrow?', 'whats the plan for tues'], {
  intent: 'schedule',
  day: '2026-12-01',
  says: ['Soccer practice'],
});
ask('rivera', R_SUN_EVE, 'ana', ['do i have anything monday'], {
  intent: 'schedule',
  day: '2026-11-30',
  says: ['Yoga', 'Orthodontist'],
});
ask('rivera', R_SUN_EVE, 'sam', ['what time do i need to get maya tuesday'], {
  intent: 'transport',
  day: '2026-12-01',
  says: ['5:15pm'],
});
ask('rivera', R_SUN_EVE, 'ana', ["who's got the kids friday"], { intent: 'transport', day: '2026-12-04' });
ask('rivera', R_SUN_EVE, 'ana', ['is there school friday', 'r the kids in school fri'], {
  intent: 'event_check',
  day: '2026-12-04',
  starts: 'No',
  says: ['No school'],
});
ask('rivera', R_SUN_EVE, 'ana', ["is leo's piano still on this week"], {
  intent: 'event_check',
  starts: 'Yes',
  says: ['Piano lesson'],
});
ask('rivera', R_SUN_EVE, 'ana', ['is sam free thurs'], {
  intent: 'free',
  day: '2026-12-03',
  starts: 'No',
  says: ['Seattle'],
});
ask('rivera', R_SUN_EVE, 'ana', ['when does sam get back from seattle', 'when is sam back'], {
  intent: 'next_event',
  says: ['Fri Dec 4', '6pm'],
});
ask('rivera', R_WED_EVE, 'ana', ['is sam back tomorrow'], {
  intent: 'event_check',
  day: '2026-12-03',
  starts: 'No',
  says: ['Seattle'],
});
ask('rivera', R_SUN_EVE, 'ana', ['soccer tmrw?? ⚽️'], {
  intent: 'event_check',
  day: '2026-11-30',
  starts: 'No',
  says: ['Dec 1'],
});
ask('rivera', R_MON_AM, 'ana', ['leo has ortho today right?'], {
  intent: 'event_check',
  day: '2026-11-30',
  starts: 'Yes',
  says: ['Orthodontist'],
});
ask('rivera', R_MON_AM, 'ana', ['what time is leos ortho appt'], {
  intent: 'next_event',
  says: ['3:30-4:15pm'],
});
ask('rivera', R_MON_AM, 'ana', ["who's taking leo to the orthodontist"], {
  intent: 'transport',
  says: ['Orthodontist'],
});
ask('rivera', R_MON_AM, 'maya', ['do i have homework'], { intent: 'tasks', says: ['Math worksheet'] });
ask('rivera', R_MON_AM, 'ana', ['did maya do her math'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Math worksheet'],
});
ask('rivera', R_MON_AM, 'ana', ['has leo returned the library books'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Return library books'],
});
ask('rivera', R_MON_AM, 'ana', ['whats overdue for me'], { intent: 'overdue', says: ['Pay soccer fees'] });
ask('rivera', R_MON_AM, 'ana', ['any requests i havent answered'], {
  intent: 'activities',
  says: ['Sleepover at Emma'],
});
ask('rivera', R_MON_AM, 'ana', ['did sam say yes to chess club'], { intent: 'activities', starts: 'Yes' });
ask(
  'rivera',
  R_MON_AM,
  'ana',
  [
    'add swim meet sat 10am',
    'cancel yoga',
    'pls remind sam to take out the trash',
    "can u move leo's piano to thurs",
    'delete the dentist appt wednesday',
    "text rosa that she's picking up leo wed",
  ],
  { intent: 'command', starts: CANT },
);
ask('rivera', R_MON_AM, 'ana', ['whats the weather tmrw'], { intent: 'help' });
ask('rivera', R_MON_AM, 'ana', ['who drives maya to soccer tmrw'], {
  intent: 'transport',
  day: '2026-12-01',
  says: ['Sam'],
});
ask('rivera', R_MON_AM, 'ana', ['is grandma rosa free wed at 5'], {
  intent: 'free',
  day: '2026-12-02',
  starts: 'No',
});
ask('rivera', R_MON_AM, 'ana', ["wheres maya's soccer game sat"], {
  intent: 'next_event',
  day: '2026-12-05',
  says: ['Westfield Fields'],
});
ask('rivera', R_MON_AM, 'ana', ["when's the holiday concert"], {
  intent: 'next_event',
  says: ['Fri Dec 11', '6:30'],
});
ask('rivera', R_MON_AM, 'ana', ['what are we doing this wknd'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ['Soccer game', "Dinner at Grandma's"],
});
ask('rivera', R_MON_AM, 'ana', ['whats on 12/6'], {
  intent: 'schedule',
  day: '2026-12-06',
  says: ["Dinner at Grandma's"],
});
ask('rivera', R_MON_AM, 'ana', ['anything on the 11th'], {
  intent: 'schedule',
  day: '2026-12-11',
  says: ['Holiday concert'],
});
ask('rivera', R_MON_AM, 'ana', ['whats next week look like'], { intent: 'schedule', day: '2026-12-06' });
ask('rivera', R_MON_AM, 'ana', ['when do we fly to denver'], {
  intent: 'next_event',
  says: ['Sun Dec 20', '9:15-11:45am'],
});
ask('rivera', R_MON_AM, 'ana', ['hows thursday looking for me'], {
  intent: 'schedule',
  day: '2026-12-03',
  says: ['PTA meeting'],
});
ask('rivera', R_MON_AM, 'ana', ['am i free at lunch tmrw'], {
  intent: 'free',
  day: '2026-12-01',
  starts: 'Yes',
});
ask('rivera', R_MON_AM, 'ana', ['thx!!'], { intent: 'help' });
ask('rivera', R_MON_AM, 'ana', ["ok thanks, and what's on wednesday"], {
  intent: 'schedule',
  day: '2026-12-02',
  says: ['Dentist'],
});
ask('rivera', R_MON_AM, 'ana', ['whats on blursday', 'whats on the 32nd'], {
  intent: 'unclear_day',
  starts: UNCLEAR,
});
ask('rivera', R_MON_AM, 'ana', ["help! who's picking up leo from piano wed"], {
  intent: 'transport',
  day: '2026-12-02',
  says: ['Piano lesson'],
});
ask(
  'rivera',
  R_MON_AM,
  'ana',
  ['hey can you tell me what we have going on tomorrow afternoon for the kids'],
  {
    intent: 'schedule',
    day: '2026-12-01',
    says: ['Soccer practice'],
  },
);
ask('rivera', R_MON_AM, 'ana', ['whats grandma rosa up to thursday'], {
  intent: 'schedule',
  day: '2026-12-03',
  says: ['Swim practice'],
});
ask('rivera', R_MON_AM, 'ana', ['is grandma picking up leo wed'], {
  intent: 'transport',
  day: '2026-12-02',
});
ask('rivera', R_SAT_AM, 'ana', ["who's picking leo up from the party"], {
  intent: 'transport',
  says: ["Noah's birthday party"],
});
ask('rivera', R_SAT_AM, 'ana', ['what time do i get maya'], {
  intent: 'transport',
  says: ['10:15am'],
});
// Written as a drive question; an older case ("what time do i need to leave for the dentist", round 4)
// reads it as the event's: both now answer with the event and then the asker's own drive to it.
ask('rivera', R_SAT_AM, 'sam', ["when do i need to leave for maya's game"], {
  intent: 'next_event',
  says: ['You drop off Maya at Soccer game at 8:30am'],
});
ask('rivera', R_SAT_AM, 'ana', ['anything tomorrow night'], {
  intent: 'schedule',
  day: '2026-12-06',
  says: ["Dinner at Grandma's"],
});
ask('rivera', R_SAT_AM, 'ana', ['is the party today'], {
  intent: 'event_check',
  day: '2026-12-05',
  starts: 'Yes',
  says: ["Noah's birthday party"],
});
ask('rivera', R_SAT_AM, 'ana', ['what is leo doing this afternoon'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ["Noah's birthday party"],
});
ask('rivera', R_DST, 'ana', ['whats on tomorrow'], {
  intent: 'schedule',
  day: '2026-11-01',
  says: ['nothing on the calendar'],
});
ask('rivera', R_DST, 'ana', ['whats on tues'], {
  intent: 'schedule',
  day: '2026-11-03',
  says: ['Soccer practice', 'Book club'],
});
ask('rivera', R_DST, 'ana', ['what time is swim thursday'], {
  intent: 'next_event',
  day: '2026-11-05',
  says: ['6-7pm'],
});

// ─── Chen: America/New_York, Thanksgiving week ─────────────────────────────────────────────────────────────
const C_MON_EVE = '2026-11-23T19:30:00';
const C_WED_EVE = '2026-11-25T22:00:00';
const C_FRI_AM = '2026-11-27T08:00:00';
const C_SUN_AM = '2026-11-29T09:00:00';

ask('chen', C_MON_EVE, 'wei', ['whats happening wed'], {
  intent: 'schedule',
  day: '2026-11-25',
  says: ['Violin lesson', 'Book club'],
});
ask('chen', C_MON_EVE, 'wei', ['is there school wednesday'], {
  intent: 'event_check',
  day: '2026-11-25',
  starts: 'No',
  says: ['No school'],
});
ask('chen', C_MON_EVE, 'wei', ['is there school tmrw'], { intent: 'event_check', day: '2026-11-24' });
ask('chen', C_MON_EVE, 'wei', ["lily's poster due when"], {
  intent: 'task_check',
  says: ['Science fair poster', 'due tomorrow 6pm'],
});
ask('chen', C_MON_EVE, 'wei', ['did lily finish her reading log'], { intent: 'task_check', starts: 'Yes' });
ask('chen', C_MON_EVE, 'david', ['what do i need to buy'], { intent: 'task_check', says: ['Buy turkey'] });
ask('chen', C_MON_EVE, 'wei', ['what do i have to bake'], { intent: 'task_check', says: ['Bake pies'] });
ask('chen', C_MON_EVE, 'wei', ['what are we doing for tgiving', 'whats on turkey day'], {
  intent: 'schedule',
  day: '2026-11-26',
  says: ["Thanksgiving at Grandpa Joe's"],
});
ask('chen', C_MON_EVE, 'wei', ['black friday plans?'], {
  intent: 'schedule',
  day: '2026-11-27',
  says: ['Date night'],
});
ask('chen', C_MON_EVE, 'wei', ['whats on 11/28', 'whats on 28/11'], {
  intent: 'schedule',
  day: '2026-11-28',
  says: ['Hockey practice', 'Soccer game'],
});
ask('chen', C_MON_EVE, 'wei', ["who's taking lily to her game sat"], {
  intent: 'transport',
  day: '2026-11-28',
  says: ['Soccer game'],
});
ask('chen', C_MON_EVE, 'wei', ["who's got max saturday morning"], {
  intent: 'transport',
  day: '2026-11-28',
  says: ['David'],
});
ask('chen', C_MON_EVE, 'wei', ['is david free friday night'], {
  intent: 'free',
  day: '2026-11-27',
  starts: 'No',
  says: ['Date night'],
});
ask('chen', C_MON_EVE, 'wei', ["when's grandpas bday dinner"], {
  intent: 'next_event',
  says: ['Sun Nov 29 6-8pm'],
});
ask('chen', C_MON_EVE, 'wei', ["where's the bday dinner"], { intent: 'next_event', says: ['Golden Dragon'] });
ask('chen', C_MON_EVE, 'wei', ['when does david fly to chicago'], {
  intent: 'next_event',
  says: ['Tue Dec 1 7-9:30am'],
});
ask('chen', C_MON_EVE, 'wei', ['is davids flight tuesday'], {
  intent: 'event_check',
  day: '2026-11-24',
  starts: 'No',
  says: ['Dec 1'],
});
ask('chen', C_MON_EVE, 'wei', ['any requests from lily'], {
  intent: 'activities',
  says: ["Sleepover at Emma's"],
});
ask('chen', C_MON_EVE, 'wei', ['did i ok the sleepover'], {
  intent: 'activities',
  starts: 'No',
  says: ['Sleepover'],
});
ask('chen', C_MON_EVE, 'david', ['did i say no to movie night'], {
  intent: 'activities',
  says: ['declined'],
});
ask('chen', C_MON_EVE, 'wei', ['whats max got on this week'], {
  intent: 'schedule',
  says: ['Hockey practice'],
});
ask(
  'chen',
  C_MON_EVE,
  'wei',
  [
    'sign lily up for violin recital',
    'put thanksgiving dinner on the calendar',
    'can you tell david to grab the turkey',
    'reschedule the dentist to dec 2',
    'mark bake pies as done',
  ],
  { intent: 'command', starts: CANT },
);
ask('chen', C_MON_EVE, 'wei', ["whats on tmrw and who's driving"], {
  intent: 'schedule',
  day: '2026-11-24',
  says: ['nothing on the calendar', 'No pickups or drop-offs tomorrow'],
});
ask('chen', C_WED_EVE, 'wei', ['what time are we going to grandpa joes tmrw'], {
  intent: 'next_event',
  day: '2026-11-26',
  says: ['Thanksgiving'],
});
ask('chen', C_WED_EVE, 'wei', ['🦃 tmrw whats the plan'], {
  intent: 'schedule',
  day: '2026-11-26',
  says: ['Thanksgiving'],
});
ask('chen', C_WED_EVE, 'wei', ['anything friday'], {
  intent: 'schedule',
  day: '2026-11-27',
  says: ['Date night', 'Gym'],
});
ask('chen', C_WED_EVE, 'wei', ['is date night still on fri'], {
  intent: 'event_check',
  day: '2026-11-27',
  starts: 'Yes',
});
ask('chen', C_WED_EVE, 'wei', ['whos doing what saturday'], { intent: 'schedule', day: '2026-11-28' });
ask('chen', C_WED_EVE, 'wei', ['do we have anything sunday?'], {
  intent: 'schedule',
  day: '2026-11-29',
  says: ["Grandpa's birthday dinner"],
});
ask('chen', C_WED_EVE, 'wei', ['am i going to the gym tomorrow'], {
  intent: 'event_check',
  day: '2026-11-26',
  starts: 'No',
  says: ['Gym'],
});
ask('chen', C_WED_EVE, 'wei', ["when's my next gym"], { intent: 'next_event', says: ['Fri Nov 27'] });
ask('chen', C_FRI_AM, 'wei', ["what's on this weekend"], {
  intent: 'schedule',
  day: '2026-11-28',
  says: ['Hockey practice', 'Soccer game', "Grandpa's birthday dinner"],
});
ask('chen', C_FRI_AM, 'wei', ['whats max doing tmrw'], {
  intent: 'schedule',
  day: '2026-11-28',
  says: ['Hockey practice'],
});
ask('chen', C_FRI_AM, 'wei', ["who's dropping lily at soccer"], {
  intent: 'transport',
  says: ['Sat Nov 28'],
});
ask('chen', C_FRI_AM, 'wei', ["whens lily's game"], { intent: 'next_event', says: ['11am'] });
ask('chen', C_FRI_AM, 'wei', ["okay so what time is lily's soccer game tomorrow and where is it"], {
  intent: 'next_event',
  day: '2026-11-28',
  says: ['11am', 'Central Park'],
});
ask('chen', C_FRI_AM, 'david', ['am i free this evening'], {
  intent: 'free',
  day: '2026-11-27',
  starts: 'No',
  says: ['Date night'],
});
ask('chen', C_FRI_AM, 'wei', ['whats tonight'], {
  intent: 'schedule',
  day: '2026-11-27',
  says: ['Date night'],
});
ask('chen', C_FRI_AM, 'wei', ['did lily ask about a sleepover'], {
  intent: 'activities',
  says: ["Sleepover at Emma's"],
});
ask('chen', C_FRI_AM, 'wei', ['max clean his room yet?'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Clean room'],
});
ask('chen', C_FRI_AM, 'wei', ['whats on monday', 'anything the 30th'], {
  intent: 'schedule',
  day: '2026-11-30',
  says: ['Dentist'],
});
ask('chen', C_FRI_AM, 'wei', ["is max's dentist monday"], {
  intent: 'event_check',
  day: '2026-11-30',
  starts: 'Yes',
});
ask('chen', C_SUN_AM, 'wei', ['whos picking up max from hockey next sat'], {
  intent: 'transport',
  day: '2026-12-05',
  says: ['David'],
});
ask('chen', C_SUN_AM, 'wei', ['whats on christmas eve'], {
  intent: 'schedule',
  day: '2026-12-24',
  says: ['Christmas Eve dinner'],
});
ask('chen', C_SUN_AM, 'wei', ['what time is dinner tonight', 'whats for dinner tonight'], {
  intent: 'next_event',
  day: '2026-11-29',
  says: ["Grandpa's birthday dinner"],
});
ask('chen', C_SUN_AM, 'wei', ['anything this afternoon?'], { intent: 'schedule', day: '2026-11-29' });
ask('chen', C_SUN_AM, 'wei', ['is it gonna snow tomorrow'], { intent: 'help' });
ask('chen', C_SUN_AM, 'wei', ["when's the ski trip"], { intent: 'activities', says: ['Ski trip'] });
ask('chen', C_SUN_AM, 'wei', ['whats max have due this week'], { intent: 'tasks', says: ['Math homework'] });
ask('chen', C_SUN_AM, 'max', ["what's my homework"], { intent: 'tasks', says: ['Math homework'] });
ask('chen', C_SUN_AM, 'wei', ['whats on 12.1'], {
  intent: 'schedule',
  day: '2026-12-01',
  says: ['Flight to Chicago'],
});
ask('chen', C_SUN_AM, 'wei', ['is olivia free tmrw'], { intent: 'unknown_name' });
ask('chen', C_SUN_AM, 'wei', ['does grandpa joe have anything sunday'], {
  intent: 'schedule',
  day: '2026-11-29',
  says: ["Grandpa's birthday dinner"],
});

// ─── Okafor: Europe/London (day-first dates) ───────────────────────────────────────────────────────────────
const O_SUN_EVE = '2026-12-06T20:00:00';
const O_MON_AM = '2026-12-07T07:30:00';
const O_TUE_EVE = '2026-12-08T21:00:00';
const O_SAT_AM = '2026-12-12T09:30:00';
const O_SUN_EVE2 = '2026-12-13T19:00:00';

ask('okafor', O_SUN_EVE, 'ngozi', ['whats on tmoz'], {
  intent: 'schedule',
  day: '2026-12-07',
  says: ['Piano', "Parents' evening"],
});
ask('okafor', O_SUN_EVE, 'ngozi', ['anything on tomoz evening'], {
  intent: 'schedule',
  day: '2026-12-07',
  says: ["Parents' evening"],
});
ask('okafor', O_SUN_EVE, 'ngozi', ['what time is parents evening'], {
  intent: 'next_event',
  says: ['6-7pm'],
});
ask(
  'okafor',
  O_SUN_EVE,
  'ngozi',
  ["who's taking ada to piano tomorrow", "who's collecting ada from piano tmrw"],
  {
    intent: 'transport',
    day: '2026-12-07',
    says: ['Piano'],
  },
);
ask('okafor', O_SUN_EVE, 'ngozi', ["when's marco back", 'when is marco home from manchester'], {
  intent: 'next_event',
  says: ['Dec 9', '8pm'],
});
ask('okafor', O_SUN_EVE, 'ngozi', ['is marco away this week'], {
  intent: 'event_check',
  starts: 'Yes',
  says: ['Manchester'],
});
ask('okafor', O_SUN_EVE, 'ngozi', ['has tobi done his spellings'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Spelling homework'],
});
ask('okafor', O_SUN_EVE, 'ngozi', ['did ada feed the cat'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Feed the cat'],
});
ask('okafor', O_SUN_EVE, 'ngozi', ["what's tobi got to do"], {
  intent: 'tasks',
  says: ['Spelling homework', 'Tidy bedroom'],
});
ask('okafor', O_SUN_EVE, 'ngozi', ['anything on 8/12'], {
  intent: 'schedule',
  day: '2026-12-08',
  says: ['Football training', 'Dentist'],
});
ask('okafor', O_SUN_EVE, 'ngozi', ['whats on the 10th'], {
  intent: 'schedule',
  day: '2026-12-10',
  says: ['Nativity play'],
});
ask('okafor', O_SUN_EVE, 'ngozi', ['whens the nativity'], {
  intent: 'next_event',
  says: ['Thu Dec 10 2-3:30pm'],
});
ask('okafor', O_SUN_EVE, 'ngozi', ['is the nativity thurs?'], {
  intent: 'event_check',
  day: '2026-12-10',
  starts: 'Yes',
});
ask('okafor', O_SUN_EVE, 'ngozi', ['whens tobis dentist'], {
  intent: 'next_event',
  says: ['Tue Dec 8 4:15-4:45pm'],
});
ask('okafor', O_SUN_EVE, 'ngozi', ["who's taking tobi to the dentist"], {
  intent: 'transport',
  says: ['Dentist'],
});
ask('okafor', O_SUN_EVE, 'ngozi', ['is there footy tuesday'], {
  intent: 'event_check',
  day: '2026-12-08',
  starts: 'Yes',
  says: ['Football training'],
});
ask('okafor', O_SUN_EVE, 'ngozi', ["hi its me what time is tobi's football on tuesday"], {
  intent: 'next_event',
  day: '2026-12-08',
  says: ['5-6pm'],
});
ask('okafor', O_MON_AM, 'ngozi', ['whats on today x'], { intent: 'schedule', day: '2026-12-07' });
ask('okafor', O_MON_AM, 'ngozi', ['am i free at half 4'], {
  intent: 'free',
  day: '2026-12-07',
  starts: 'No',
});
ask('okafor', O_MON_AM, 'ngozi', ['is marco free for lunch wed'], {
  intent: 'free',
  day: '2026-12-09',
  starts: 'No',
  says: ['Manchester'],
});
ask('okafor', O_MON_AM, 'ngozi', ['is marco back tomorrow'], {
  intent: 'event_check',
  day: '2026-12-08',
  starts: 'No',
  says: ['Dec 9'],
});
ask('okafor', O_MON_AM, 'ngozi', ['wheres the dentist'], { intent: 'next_event', says: ['Smile Dental'] });
ask('okafor', O_MON_AM, 'ngozi', ['any homework due today'], {
  intent: 'tasks',
  says: ['Spelling homework'],
});
ask('okafor', O_TUE_EVE, 'ngozi', ['is marco back tomorrow'], {
  intent: 'event_check',
  day: '2026-12-09',
  starts: 'Yes',
  says: ['8pm'],
});
ask('okafor', O_TUE_EVE, 'ngozi', ['book club tmrw still?'], {
  intent: 'event_check',
  day: '2026-12-09',
  starts: 'Yes',
});
ask('okafor', O_TUE_EVE, 'ngozi', ["what time's book club"], { intent: 'next_event', says: ['7:30-9:30pm'] });
ask('okafor', O_TUE_EVE, 'ngozi', ["where's book club"], { intent: 'next_event', says: ["Ruth's house"] });
ask('okafor', O_TUE_EVE, 'ngozi', ['anything thursday arvo'], {
  intent: 'schedule',
  day: '2026-12-10',
  says: ['Nativity play'],
});
ask(
  'okafor',
  O_TUE_EVE,
  'ngozi',
  ['what time do i need to come on thursday', 'what time should i come on thursday'],
  {
    intent: 'schedule',
    day: '2026-12-10',
    says: ['Nativity play'],
  },
);
ask('okafor', O_TUE_EVE, 'ngozi', ['whens date night'], {
  intent: 'next_event',
  says: ['Fri Dec 11 7:30-10pm'],
});
ask('okafor', O_TUE_EVE, 'ngozi', ['where are we going for date night'], {
  intent: 'next_event',
  says: ['Dishoom'],
});
ask('okafor', O_TUE_EVE, 'ngozi', ["what's on at the weekend"], {
  intent: 'schedule',
  day: '2026-12-12',
  says: ['Swimming lesson', "Ada's birthday dinner"],
});
ask('okafor', O_TUE_EVE, 'ngozi', ["is ada's science project done"], { intent: 'task_check', starts: 'No' });
ask('okafor', O_TUE_EVE, 'ngozi', ['any requests waiting on me'], {
  intent: 'activities',
  says: ['Climbing club trial'],
});
ask('okafor', O_TUE_EVE, 'ngozi', ['did i turn down the cinema trip'], {
  intent: 'activities',
  says: ['declined'],
});
ask('okafor', O_TUE_EVE, 'ngozi', ['has ada sorted the dog walking rota'], {
  intent: 'activities',
  says: ['Walk the dog rota'],
});
ask(
  'okafor',
  O_TUE_EVE,
  'ngozi',
  [
    'book tobi in for the climbing trial',
    'cancel piano next monday',
    'add haircut fri 4pm for ada',
    'can you accept the climbing club thing',
    'stop sending me reminders about football',
  ],
  { intent: 'command', starts: CANT },
);
ask('okafor', O_TUE_EVE, 'ngozi', ['pls stop — whats on friday'], {
  intent: 'schedule',
  day: '2026-12-11',
  says: ['Date night'],
});
ask('okafor', O_SAT_AM, 'ngozi', ['whats on today'], {
  intent: 'schedule',
  day: '2026-12-12',
  says: ['Swimming lesson'],
});
ask('okafor', O_SAT_AM, 'ngozi', ['what r we doing tmrw'], {
  intent: 'schedule',
  day: '2026-12-13',
  says: ["Ada's birthday dinner"],
});
ask('okafor', O_SAT_AM, 'ngozi', ["where's ada's birthday meal"], {
  intent: 'next_event',
  says: ['Pizza Express'],
});
ask('okafor', O_SAT_AM, 'ngozi', ['is there school on monday'], {
  intent: 'event_check',
  day: '2026-12-14',
  starts: 'No',
  says: ['INSET day'],
});
ask('okafor', O_SAT_AM, 'ngozi', ['are the kids off school monday', 'is it an inset day monday'], {
  intent: 'event_check',
  day: '2026-12-14',
  starts: 'Yes',
  says: ['INSET day'],
});
ask('okafor', O_SAT_AM, 'ngozi', ['did marco get the tree'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Buy Christmas tree'],
});
ask('okafor', O_SAT_AM, 'ngozi', ['whens grandmas flight'], {
  intent: 'next_event',
  says: ['Sat Dec 19 2-3pm'],
});
ask('okafor', O_SAT_AM, 'ngozi', ["who's picking up grandma from heathrow"], {
  intent: 'transport',
  says: ['Marco'],
});
ask('okafor', O_SAT_AM, 'ngozi', ['when do we leave for leeds'], {
  intent: 'next_event',
  says: ['Wed Dec 23', '8am'],
});
ask('okafor', O_SAT_AM, 'ngozi', ['whats on xmas eve'], {
  intent: 'schedule',
  day: '2026-12-24',
  says: ['Christmas Eve service'],
});
ask('okafor', O_SAT_AM, 'ngozi', ['whats happening boxing day'], {
  intent: 'schedule',
  day: '2026-12-26',
  says: ['Boxing Day walk'],
});
ask('okafor', O_SAT_AM, 'ngozi', ['is swimming on boxing day'], {
  intent: 'event_check',
  day: '2026-12-26',
  starts: 'No',
});
ask('okafor', O_SAT_AM, 'ngozi', ['whats on 20/12', 'whats on 12/20'], {
  intent: 'schedule',
  day: '2026-12-20',
  says: ['Winter Wonderland'],
});
ask('okafor', O_SUN_EVE2, 'ngozi', ['is there school tomorrow'], {
  intent: 'event_check',
  day: '2026-12-14',
  starts: 'No',
  says: ['INSET day'],
});
ask('okafor', O_SUN_EVE2, 'ngozi', ["who's got the kids tomorrow"], {
  intent: 'transport',
  day: '2026-12-14',
  says: ['Piano'],
});
ask('okafor', O_SUN_EVE2, 'ngozi', ['whats on this week'], { intent: 'schedule', says: ['INSET day'] });
ask('okafor', O_SUN_EVE2, 'tobi', ['whats on tomorrow for me'], {
  intent: 'schedule',
  day: '2026-12-14',
  says: ['INSET day'],
});

// ─── Nguyen: Australia/Sydney (day-first dates) ────────────────────────────────────────────────────────────
const N_THU_EVE = '2026-12-17T20:00:00';
const N_FRI_AM = '2026-12-18T07:15:00';
const N_SAT_NOON = '2026-12-19T12:00:00';
const N_SUN_EVE = '2026-12-27T19:00:00';

ask('nguyen', N_THU_EVE, 'linh', ['whats on tmrw'], {
  intent: 'schedule',
  day: '2026-12-18',
  says: ['Last day of school', 'Work Christmas party'],
});
ask('nguyen', N_THU_EVE, 'linh', ['is it the last day of school tomorrow'], {
  intent: 'event_check',
  day: '2026-12-18',
  starts: 'Yes',
});
ask('nguyen', N_THU_EVE, 'linh', ['is there school tmrw'], {
  intent: 'event_check',
  day: '2026-12-18',
  says: ['Last day of school'],
});
ask('nguyen', N_THU_EVE, 'linh', ['did ben water the plants'], { intent: 'task_check', starts: 'No' });
ask('nguyen', N_THU_EVE, 'linh', ['has mia taken the library books back'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Return library books'],
});
ask('nguyen', N_THU_EVE, 'linh', ['what time is toms party'], {
  intent: 'next_event',
  says: ['6:30-10:30pm'],
});
ask('nguyen', N_THU_EVE, 'linh', ['whos picking up mia from dance'], { intent: 'transport', says: ['Tom'] });
ask('nguyen', N_THU_EVE, 'linh', ['whats on sat arvo'], { intent: 'schedule', day: '2026-12-19' });
ask('nguyen', N_THU_EVE, 'linh', ['whats on saturday'], {
  intent: 'schedule',
  day: '2026-12-19',
  says: ['Cricket', 'Date night'],
});
ask('nguyen', N_THU_EVE, 'linh', ["who's taking ben to cricket sat"], {
  intent: 'transport',
  day: '2026-12-19',
  says: ['Tom'],
});
ask('nguyen', N_THU_EVE, 'linh', ['what time does ben need to be at cricket on saturday morning'], {
  intent: 'next_event',
  day: '2026-12-19',
  says: ['8:30-10:30am'],
});
ask('nguyen', N_THU_EVE, 'linh', ['is date night sat?'], {
  intent: 'event_check',
  day: '2026-12-19',
  starts: 'Yes',
});
ask('nguyen', N_THU_EVE, 'linh', ["what's on 21/12"], {
  intent: 'schedule',
  day: '2026-12-21',
  says: ['Doctor'],
});
ask('nguyen', N_THU_EVE, 'linh', ["when's mia's doctors appointment"], {
  intent: 'next_event',
  says: ['Mon Dec 21 10:15-10:45am'],
});
ask('nguyen', N_THU_EVE, 'linh', ['whats happening on xmas'], {
  intent: 'schedule',
  day: '2026-12-25',
  says: ['Christmas lunch'],
});
ask('nguyen', N_THU_EVE, 'linh', ["what time's christmas lunch"], { intent: 'next_event', says: ['12-4pm'] });
ask('nguyen', N_THU_EVE, 'linh', ['any plans for boxing day'], {
  intent: 'schedule',
  day: '2026-12-26',
  says: ['Boxing Day sales'],
});
ask('nguyen', N_THU_EVE, 'linh', ['whats on nye'], {
  intent: 'schedule',
  day: '2026-12-31',
  says: ['Camping trip'],
});
ask('nguyen', N_THU_EVE, 'linh', ['when do we go camping'], { intent: 'next_event', says: ['Mon Dec 28'] });
ask('nguyen', N_THU_EVE, 'linh', ['when do we get back from camping'], {
  intent: 'next_event',
  says: ['Thu Dec 31', '4pm'],
});
ask('nguyen', N_THU_EVE, 'linh', ['what do i need to pack'], {
  intent: 'task_check',
  says: ['Pack for camping'],
});
ask('nguyen', N_THU_EVE, 'linh', ['what does tom need to buy'], {
  intent: 'task_check',
  says: ['Buy Christmas presents'],
});
ask('nguyen', N_THU_EVE, 'linh', ['any requests from mia'], {
  intent: 'activities',
  says: ["Pool party at Chloe's"],
});
ask('nguyen', N_THU_EVE, 'linh', ['has tom said yes to surf camp'], { intent: 'activities', starts: 'Yes' });
ask(
  'nguyen',
  N_THU_EVE,
  'linh',
  ['say yes to the pool party', 'add ben to swim school on the 29th', 'book a table for date night'],
  { intent: 'command', starts: CANT },
);
ask('nguyen', N_FRI_AM, 'linh', ['whats on today', 'whats on 18/12'], {
  intent: 'schedule',
  day: '2026-12-18',
});
ask('nguyen', N_FRI_AM, 'linh', ['am i free at 2 today'], {
  intent: 'free',
  day: '2026-12-18',
  starts: 'Yes',
});
ask('nguyen', N_FRI_AM, 'linh', ['is tom free tonight'], {
  intent: 'free',
  day: '2026-12-18',
  starts: 'No',
  says: ['Work Christmas party'],
});
ask('nguyen', N_FRI_AM, 'linh', ['is anyone free sunday'], {
  intent: 'free',
  day: '2026-12-20',
  starts: 'No',
});
ask('nguyen', N_FRI_AM, 'linh', ['what are we doing on the weekend'], {
  intent: 'schedule',
  day: '2026-12-19',
  says: ['Cricket', 'Beach day'],
});
ask('nguyen', N_FRI_AM, 'linh', ['beach still on sunday?'], {
  intent: 'event_check',
  day: '2026-12-20',
  starts: 'Yes',
  says: ['Beach day'],
});
ask('nguyen', N_FRI_AM, 'linh', ['whats ben got tues'], {
  intent: 'schedule',
  day: '2026-12-22',
  says: ['Swim school'],
});
ask('nguyen', N_FRI_AM, 'linh', ['wat time is swim school'], { intent: 'next_event', says: ['9-9:45am'] });
ask('nguyen', N_FRI_AM, 'linh', ["mia's jobs?"], { intent: 'tasks', says: ['Return library books'] });
ask('nguyen', N_FRI_AM, 'ben', ['what do i have to do'], { intent: 'tasks', says: ['Water the plants'] });
ask('nguyen', N_SAT_NOON, 'linh', ['anything tonight'], {
  intent: 'schedule',
  day: '2026-12-19',
  says: ['Date night'],
});
ask('nguyen', N_SAT_NOON, 'linh', ["who's picking ben up from cricket"], { intent: 'transport' });
ask('nguyen', N_SAT_NOON, 'linh', ['whats on tmoz'], {
  intent: 'schedule',
  day: '2026-12-20',
  says: ['Beach day'],
});
ask('nguyen', N_SAT_NOON, 'linh', ['whats on next week'], {
  intent: 'schedule',
  day: '2026-12-20',
  says: ['Doctor'],
});
ask('nguyen', N_SAT_NOON, 'linh', ['whats on mon'], {
  intent: 'schedule',
  day: '2026-12-21',
  says: ['Doctor'],
});
ask('nguyen', N_SAT_NOON, 'linh', ['is the doctor on monday'], {
  intent: 'event_check',
  day: '2026-12-21',
  starts: 'Yes',
});
ask('nguyen', N_SAT_NOON, 'linh', ['any thing on the 23rd'], { intent: 'schedule', day: '2026-12-23' });
ask('nguyen', N_SAT_NOON, 'linh', ['what are the kids doing xmas eve'], {
  intent: 'schedule',
  day: '2026-12-24',
  says: ['Dance class'],
});
ask('nguyen', N_SAT_NOON, 'linh', ['is dance on xmas eve'], {
  intent: 'event_check',
  day: '2026-12-24',
  starts: 'Yes',
});
ask('nguyen', N_SUN_EVE, 'linh', ['whats on tomorrow'], {
  intent: 'schedule',
  day: '2026-12-28',
  says: ['Camping trip'],
});
ask('nguyen', N_SUN_EVE, 'linh', ['when are we back from jervis bay'], {
  intent: 'next_event',
  says: ['Dec 31', '4pm'],
});
ask('nguyen', N_SUN_EVE, 'tom', ['is linh free wed'], {
  intent: 'free',
  day: '2026-12-30',
  starts: 'No',
  says: ['Camping trip'],
});
ask('nguyen', N_SUN_EVE, 'linh', ['whats on new years day'], { intent: 'schedule', day: '2027-01-01' });
ask('nguyen', N_SUN_EVE, 'linh', ['did i pack for camping'], { intent: 'task_check', starts: 'No' });
ask('nguyen', N_SUN_EVE, 'linh', ['whats on this week'], { intent: 'schedule', says: ['Camping trip'] });
ask('nguyen', N_SUN_EVE, 'linh', ['hows the traffic to jervis bay'], { intent: 'help' });
ask('nguyen', N_SUN_EVE, 'linh', ['cheers mate'], { intent: 'help' });

// ─── Round 5b: a second probe (51 texts), written by hand after the first fixes to check they generalise ─────
// (50 of 51 right on first run; the miss, "is it a school day monday", then fixed). Same families.
const P_R = '2026-11-30T07:45:00';
const P_C = '2026-11-23T19:30:00';
const P_O = '2026-12-06T20:00:00';
const P_O2 = '2026-12-13T19:00:00';
const P_OS = '2026-12-12T09:30:00';
const P_N = '2026-12-17T20:00:00';
const P_N2 = '2026-12-27T19:00:00';
ask('rivera', P_R, 'ana', ['is sam home friday night'], {
  intent: 'event_check',
  day: '2026-12-04',
  starts: 'Yes',
});
ask('rivera', P_R, 'ana', ["when's sam getting back"], { intent: 'next_event', says: ['Fri Dec 4'] });
ask('rivera', P_R, 'ana', ['is sam away thursday'], {
  intent: 'event_check',
  day: '2026-12-03',
  starts: 'Yes',
  says: ['Seattle'],
});
ask('rivera', P_R, 'ana', ['is sam out of town this week'], { intent: 'event_check', starts: 'Yes' });
ask('rivera', P_R, 'ana', ['is there school on the 4th'], {
  intent: 'event_check',
  day: '2026-12-04',
  starts: 'No',
  says: ['No school'],
});
ask('rivera', P_R, 'ana', ['do the kids have school thursday'], {
  intent: 'event_check',
  day: '2026-12-03',
  starts: 'Yes',
});
ask('rivera', P_R, 'ana', ['is there school saturday'], {
  intent: 'event_check',
  day: '2026-12-05',
  starts: 'No',
});
ask('rivera', P_R, 'ana', ['what do i need to get for noah'], {
  intent: 'task_check',
  says: ['Buy gift for Noah'],
});
ask('rivera', P_R, 'ana', ['when is the math worksheet due'], {
  intent: 'task_check',
  says: ['Math worksheet', 'due tomorrow 8pm'],
});
ask('rivera', P_R, 'ana', ['what does leo have to practice'], {
  intent: 'task_check',
  says: ['Practice piano'],
});
ask('rivera', P_R, 'ana', ['whats on the day after tomorrow', 'day after tmrw?'], {
  intent: 'schedule',
  day: '2026-12-02',
  says: ['Dentist'],
});
ask('rivera', P_R, 'ana', ['am i free for lunch wednesday'], {
  intent: 'free',
  day: '2026-12-02',
  starts: 'Yes',
});
ask('rivera', P_R, 'ana', ['is sam free at lunchtime tomorrow'], {
  intent: 'free',
  day: '2026-12-01',
  starts: 'Yes',
});
ask('rivera', P_R, 'ana', ['what time should we be there saturday'], {
  intent: 'schedule',
  day: '2026-12-05',
});
ask('rivera', P_R, 'ana', ['what time do we need to be at the soccer game'], {
  intent: 'next_event',
  says: ['Soccer game'],
});
ask('rivera', P_R, 'ana', ['stop texting me', 'turn off reminders', 'ok say no to paintball'], {
  intent: 'command',
  starts: CANT,
});
ask('rivera', P_R, 'ana', ['cheers x', 'thanks hun'], { intent: 'help' });
ask('chen', P_C, 'wei', ['when does david get back from chicago'], { intent: 'next_event' });
ask('chen', P_C, 'wei', ['is david back tomorrow'], {
  intent: 'event_check',
  day: '2026-11-24',
  starts: 'Yes',
});
ask('chen', P_C, 'wei', ['is there school on the 25th'], {
  intent: 'event_check',
  day: '2026-11-25',
  starts: 'No',
  says: ['No school'],
});
ask('chen', P_C, 'wei', ['are the kids off school wed'], {
  intent: 'event_check',
  day: '2026-11-25',
  starts: 'Yes',
});
ask('chen', P_C, 'wei', ['what do i need to bake'], { intent: 'task_check', says: ['Bake pies'] });
ask('chen', P_C, 'wei', ['whats due tmrw'], {
  intent: 'tasks',
  day: '2026-11-24',
  says: ['Science fair poster'],
});
ask('chen', P_C, 'wei', ["when's the turkey due"], { intent: 'task_check', says: ['Buy turkey'] });
ask('chen', P_C, 'wei', ['whats on thanksgiving day', 'whats happening turkey day', 'plans for tgiving?'], {
  intent: 'schedule',
  day: '2026-11-26',
});
ask('chen', P_C, 'wei', ['whats on the day after thanksgiving'], { intent: 'schedule', day: '2026-11-27' });
ask('chen', P_C, 'wei', ['whats grandpa joe doing thursday'], {
  intent: 'schedule',
  day: '2026-11-26',
  says: ['Thanksgiving'],
});
ask('okafor', P_O, 'ngozi', ['is marco home wednesday'], {
  intent: 'event_check',
  day: '2026-12-09',
  starts: 'Yes',
  says: ['8pm'],
});
ask('okafor', P_O, 'ngozi', ['is marco home tuesday'], {
  intent: 'event_check',
  day: '2026-12-08',
  starts: 'No',
});
ask('okafor', P_O, 'ngozi', ['what time is marco back on wednesday'], {
  intent: 'next_event',
  says: ['8pm'],
});
ask('okafor', P_O, 'ngozi', ["when's marco home"], { intent: 'next_event', says: ['Dec 9'] });
ask('okafor', P_OS, 'ngozi', ['is there school on monday the 14th'], {
  intent: 'event_check',
  day: '2026-12-14',
  starts: 'No',
  says: ['INSET'],
});
ask('okafor', P_O2, 'ngozi', ['are the kids at school tomorrow'], {
  intent: 'event_check',
  day: '2026-12-14',
  starts: 'No',
  says: ['INSET'],
});
ask('okafor', P_OS, 'ngozi', ['is it a school day monday'], {
  intent: 'event_check',
  day: '2026-12-14',
  starts: 'No',
  says: ['INSET'],
});
ask('okafor', P_O, 'ngozi', ['has tobi finished his spellings'], { intent: 'task_check', starts: 'No' });
ask('okafor', P_O, 'ngozi', ["when is ada's science project due"], {
  intent: 'task_check',
  says: ['Science project'],
});
ask('okafor', P_O, 'ngozi', ['what time should i be at the nativity'], {
  intent: 'next_event',
  says: ['Nativity play'],
});
ask('okafor', P_O, 'ngozi', ['am i free at lunch on friday'], {
  intent: 'free',
  day: '2026-12-11',
  starts: 'Yes',
});
ask('okafor', P_O, 'ngozi', ['turn off the daily summary'], { intent: 'command', starts: CANT });
ask('okafor', P_O, 'ngozi', ['cheers love'], { intent: 'help' });
ask('okafor', P_O, 'ngozi', ['whats on day after tomorrow'], { intent: 'schedule', day: '2026-12-08' });
ask('nguyen', P_N, 'linh', ['when are we home from camping'], { intent: 'next_event', says: ['Dec 31'] });
ask('nguyen', P_N2, 'tom', ['is linh away tuesday'], {
  intent: 'event_check',
  day: '2026-12-29',
  starts: 'Yes',
});
ask('nguyen', P_N, 'mia', ['what do i need to return'], {
  intent: 'task_check',
  says: ['Return library books'],
});
ask('nguyen', P_N, 'linh', ['what does ben need to water'], {
  intent: 'task_check',
  says: ['Water the plants'],
});

// ─── Round 5c: cases written with the fixes for two classes round 5 found ────────────────────────────────────
// A day word no reader took after "on / for / over" is an unread day, never today's listing.
ask(
  'chen',
  C_MON_EVE,
  'wei',
  ['what are we doing for tgivng', 'whats on for hanukkah', 'whats on over crimbo'],
  {
    intent: 'unclear_day',
    starts: UNCLEAR,
  },
);
ask('chen', C_MON_EVE, 'wei', ['whats on for the kids', 'anything on for daddy'], {
  intent: 'schedule',
  day: '2026-11-23',
});
// Two questions in one text: both answered; the second takes the first one's day when it names none.
ask('chen', C_MON_EVE, 'wei', ["is soccer on saturday? who's taking lily"], {
  intent: 'event_check',
  day: '2026-11-28',
  starts: 'Yes, Soccer game',
  says: ['nobody is dropping off Lily'],
});
ask('chen', C_MON_EVE, 'wei', ['whats on wed, also is david free thursday'], {
  intent: 'schedule',
  day: '2026-11-25',
  says: ['Violin lesson', 'No, David is busy on Thu Nov 26'],
});
// A follow-up word is no second question ("… and where", "… and what time").
ask('chen', C_MON_EVE, 'wei', ['when is date night and where'], {
  intent: 'next_event',
  says: ["Luigi's"],
  not: ['No school'],
});
ask('chen', C_MON_EVE, 'wei', ['who is picking up max and what time'], {
  intent: 'transport',
  says: ['David picks up Max'],
  not: ['No school'],
});
// "back on" is "still on"; "home" with no trip is the pickup that brings them home.
const O_TUE_AM = '2026-12-08T07:30:00';
ask('okafor', O_TUE_AM, 'ngozi', ['is the swimming back on saturday'], {
  intent: 'event_check',
  day: '2026-12-12',
  starts: 'Yes, Swimming lesson',
});
ask('okafor', O_TUE_AM, 'ngozi', ['what time is tobi home', 'whens tobi home from school'], {
  intent: 'next_event',
  says: ['picks up Tobi'],
});
ask('okafor', O_TUE_AM, 'ngozi', ['is marco back from manchester tomorrow'], {
  intent: 'event_check',
  day: '2026-12-09',
  starts: 'Yes, Marco is back tomorrow (Wed Dec 9) at 8pm',
});
// "help" or "can you help me figure out" before a question; the asker as the one picked up or dropped off.
const R_MON_PM = '2026-11-30T16:00:00';
ask('rivera', R_MON_PM, 'maya', ['help what time is soccer tmrw'], {
  intent: 'next_event',
  starts: 'Next Soccer practice: tomorrow (Tue Dec 1)',
});
ask('rivera', R_MON_PM, 'maya', ['can you help me figure out whats on sat'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ['Soccer game'],
});
ask(
  'rivera',
  R_MON_PM,
  'maya',
  ['what time do i get picked up tmrw', 'is anyone picking me up from soccer tomorrow'],
  {
    intent: 'transport',
    day: '2026-12-01',
    says: ['Sam picks up Maya from Soccer practice at 5:15pm'],
  },
);
ask('rivera', R_MON_PM, 'maya', ['who is dropping me off tmrw'], {
  intent: 'transport',
  day: '2026-12-01',
  says: ['Ana drops off Maya'],
  not: ['picks up'],
});
// "the cricket run" / "the school run" are drives; "hows next week looking"; "how long til christmas".
const N_SAT_AM = '2026-12-19T08:00:00';
ask('nguyen', N_SAT_AM, 'linh', ["who's doing the cricket run"], {
  intent: 'transport',
  says: ['Tom drops off Ben at Cricket at 8:15am', 'you pick up Ben'],
});
ask('nguyen', N_SAT_AM, 'linh', ['hows next week looking'], {
  intent: 'schedule',
  day: '2026-12-20',
  says: ['Beach day'],
});
ask('nguyen', N_SAT_AM, 'linh', ['how long til christmas'], {
  intent: 'schedule',
  day: '2026-12-25',
  says: ["Christmas lunch at Nana's"],
});
// "is it my turn to drive"; "any news on X" is a request, not the news; "how many events"; holidays named
// with a possessive are not people; a place alone finds its event.
const C_SAT_EARLY = '2026-11-28T07:00:00';
ask('chen', C_SAT_EARLY, 'david', ['is it my turn to drive', 'do i drive today'], {
  intent: 'transport',
  says: ['you drop off Max at Hockey practice at 7:40am'],
});
ask('chen', C_SAT_EARLY, 'david', ['any news on the movie night'], {
  intent: 'activities',
  says: ["Movie night at Sam's was declined"],
});
ask('chen', C_SAT_EARLY, 'david', ['how many events this week'], {
  intent: 'schedule',
  says: ['Hockey practice'],
});
const O_FRI_EVE = '2026-12-18T18:00:00';
ask('okafor', O_FRI_EVE, 'marco', ["what's on new year's day"], { intent: 'schedule', day: '2027-01-01' });
ask('okafor', O_FRI_EVE, 'marco', ['what time do i need to be at heathrow tmrw'], {
  intent: 'next_event',
  says: ["Grandma's flight", 'Heathrow T5'],
});
// British "sunday week" / "a week tomorrow", "christmas week", and "jan 7th" (never the 7th of this month).
const O_MON_AM2 = '2026-12-07T07:30:00';
ask('okafor', O_MON_AM2, 'ngozi', ['whats on sunday week'], {
  intent: 'schedule',
  day: '2026-12-20',
  says: ['Winter Wonderland'],
});
ask('okafor', O_MON_AM2, 'ngozi', ['a week tomorrow?'], { intent: 'schedule', day: '2026-12-15' });
ask('okafor', O_MON_AM2, 'ngozi', ['a week on friday'], { intent: 'schedule', day: '2026-12-18' });
ask('okafor', O_MON_AM2, 'ngozi', ['whats on christmas week'], {
  intent: 'schedule',
  day: '2026-12-20',
  says: ['Boxing Day walk'],
});
ask('okafor', O_MON_AM2, 'ngozi', ['whats on jan 7th'], { intent: 'schedule', day: '2027-01-07' });
// "the weekend of the 12th", "dec 5th and 6th", "sat morn", and "whats on tom" (not read: said, not today).
const R_MON_EVE = '2026-11-30T21:00:00';
ask('rivera', R_MON_EVE, 'ana', ['anything on the weekend of the 12th'], {
  intent: 'schedule',
  day: '2026-12-12',
  says: ['Sat Dec 12 to Sun Dec 13'],
});
ask('rivera', R_MON_EVE, 'ana', ['whats on dec 5th and 6th'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ['Soccer game', "Dinner at Grandma's"],
});
ask('rivera', R_MON_EVE, 'ana', ['whats on sat morn'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ['Soccer game'],
  not: ["Noah's birthday party"],
});
ask('rivera', R_MON_EVE, 'ana', ['whats on tom'], { intent: 'unclear_day', starts: UNCLEAR });

export const HELDOUT: readonly CorpusCase[] = cases;
