import type { CorpusCase } from './case.ts';
import type { CorpusFamilyName } from './families.ts';
import { HELDOUT } from './heldout.ts';
import { HELDOUT_43 } from './heldout-43.ts';
import { HELDOUT_43B } from './heldout-43b.ts';
import { HELDOUT_43C } from './heldout-43c.ts';
import { UNDERSTANDING } from './understanding.ts';

export type { CorpusCase } from './case.ts';

type Expect = Omit<CorpusCase, 'family' | 'at' | 'asker' | 'text'>;

const cases: CorpusCase[] = [];

/** One expected answer for several ways of texting the same question. */
function ask(family: CorpusFamilyName, at: string, asker: string, texts: string[], expect: Expect) {
  for (const text of texts) cases.push({ family, at, asker, text, ...expect });
}

const CANT = "I can't";
const UNCLEAR = "I didn't catch which day";
const NOT_FOUND = "I couldn't find";

// ─── Chen: America/New_York, Thanksgiving week 2026 ───────────────────────────────────────────────────────
// Tue Nov 24 evening (the evening before) and Wed Nov 25 morning (the morning of).
const TUE_EVE = '2026-11-24T21:00:00';
const WED_AM = '2026-11-25T06:50:00';
const SAT_AM = '2026-11-28T10:00:00';
const SUN_PM = '2026-11-29T17:00:00';

ask(
  'chen',
  TUE_EVE,
  'wei',
  ['whats on tmrrw', "what's happening tomorrow?", 'anything tomorow', 'wat we got 2moro', 'tmrw plans?'],
  { intent: 'schedule', day: '2026-11-25', says: ['Wed Nov 25', 'Violin lesson', 'Book club'] },
);
ask('chen', WED_AM, 'wei', ["what's on today", 'todays schedule pls', 'whats going on 2day'], {
  intent: 'schedule',
  day: '2026-11-25',
  says: ['Today (Wed Nov 25)', 'Violin lesson'],
});
ask('chen', TUE_EVE, 'wei', ["what's on tonight", 'anything tonite?'], {
  intent: 'schedule',
  day: '2026-11-24',
  says: ['nothing on the calendar'],
});
ask('chen', TUE_EVE, 'wei', ['whats on in the morning', 'anything in the morning?'], {
  intent: 'schedule',
  day: '2026-11-25',
  says: ['Tomorrow morning (Wed Nov 25)', 'Gym'],
});
ask(
  'chen',
  TUE_EVE,
  'wei',
  [
    'what are we doing for thanksgiving',
    'whats on thanksgiving',
    'thanksgiving plans?',
    'anything on thanksgivng',
  ],
  { intent: 'schedule', day: '2026-11-26', says: ["Thanksgiving at Grandpa Joe's"] },
);
ask('chen', TUE_EVE, 'wei', ['whats on christmas eve', 'xmas eve plans'], {
  intent: 'schedule',
  day: '2026-12-24',
  says: ['Christmas Eve dinner'],
});
ask(
  'chen',
  TUE_EVE,
  'wei',
  ["what's on 11/28", 'anything on 11-28', 'schedule for 28/11', 'whats on nov 28th'],
  {
    intent: 'schedule',
    day: '2026-11-28',
    says: ['Hockey practice', 'Soccer game'],
  },
);
ask('chen', TUE_EVE, 'wei', ['whats on saturdy', 'wats on sat', 'anything saterday?'], {
  intent: 'schedule',
  day: '2026-11-28',
  says: ['Sat Nov 28', 'Hockey practice'],
});
ask('chen', TUE_EVE, 'wei', ['whats on fridy', 'anything on fri night'], {
  intent: 'schedule',
  day: '2026-11-27',
  says: ['Date night'],
});
ask('chen', TUE_EVE, 'wei', ['whats on blursday', 'anything on the 45th', 'schedule for 13/45'], {
  intent: 'unclear_day',
  starts: UNCLEAR,
});
ask('chen', TUE_EVE, 'wei', ['is book club tonight?', 'is book club tonite', 'book club tonight right?'], {
  intent: 'event_check',
  day: '2026-11-24',
  starts: 'No',
  says: ['Book club', 'tomorrow (Wed Nov 25)'],
});
ask('chen', TUE_EVE, 'wei', ['when is book club', 'what time is book club'], {
  intent: 'next_event',
  day: null,
  says: ['Book club', 'Wed Nov 25', '7-9pm'],
});
ask('chen', TUE_EVE, 'wei', ['whats for dinner', "what's for dinner tonight?"], {
  intent: 'next_event',
  day: '2026-11-24',
  starts: NOT_FOUND,
  not: ["Grandpa's birthday dinner"],
});
ask('chen', SUN_PM, 'wei', ['whats for dinner tonight'], {
  intent: 'next_event',
  day: '2026-11-29',
  says: ["Grandpa's birthday dinner", '6-8pm'],
});
ask('chen', TUE_EVE, 'wei', ["when's date night", 'date night when?', 'what time is date night'], {
  intent: 'next_event',
  day: null,
  says: ['Date night', 'Fri Nov 27', '7-10pm'],
});
ask('chen', TUE_EVE, 'wei', ['is date night still on friday', 'date night still friday?'], {
  intent: 'event_check',
  day: '2026-11-27',
  starts: 'Yes',
  says: ['Date night'],
});
ask('chen', TUE_EVE, 'wei', ['is soccer still on saturday', 'is lilys soccer game saturday'], {
  intent: 'event_check',
  day: '2026-11-28',
  starts: 'Yes',
  says: ['Soccer game'],
});
ask('chen', TUE_EVE, 'wei', ['is hockey on sunday'], {
  intent: 'event_check',
  day: '2026-11-29',
  starts: 'No',
  says: ['Hockey practice', 'Sat Nov 28'],
});
ask('chen', TUE_EVE, 'wei', ['am i free friday night', 'am i free fri evening'], {
  intent: 'free',
  day: '2026-11-27',
  starts: 'No',
  says: ['Date night'],
});
ask('chen', TUE_EVE, 'wei', ['am i free thursday', 'am I free on thanksgiving'], {
  intent: 'free',
  day: '2026-11-26',
  starts: 'No',
  says: ["Thanksgiving at Grandpa Joe's"],
});
ask('chen', TUE_EVE, 'wei', ['is david free at 9 tomorrow', 'is david free tmrw at 9am'], {
  intent: 'free',
  day: '2026-11-25',
  starts: 'No',
  says: ['Work call'],
});
ask('chen', TUE_EVE, 'wei', ['is lily free tomorrow at 4:45'], {
  intent: 'free',
  day: '2026-11-25',
  starts: 'No',
  says: ['Violin lesson'],
});
ask('chen', TUE_EVE, 'wei', ['is max free saturday at 10'], {
  intent: 'free',
  day: '2026-11-28',
  starts: 'Yes',
});
ask('chen', TUE_EVE, 'wei', ['am i free tmrw at 5'], {
  intent: 'free',
  day: '2026-11-25',
  starts: 'Yes',
  says: ['pick up Lily from Violin lesson at 5:15pm'],
});
ask('chen', TUE_EVE, 'david', ['am i free tomorrow morning'], {
  intent: 'free',
  day: '2026-11-25',
  starts: 'No',
  says: ['Work call'],
});
ask('chen', TUE_EVE, 'max', ["what's my next thing", 'whats next for me'], {
  intent: 'whats_next',
  day: null,
  says: ['No school'],
  not: ['Gym', 'Work call', 'Book club'],
});
ask('chen', TUE_EVE, 'joe', ['whats my next thing'], {
  intent: 'whats_next',
  day: null,
  says: ["Thanksgiving at Grandpa Joe's"],
});
ask('chen', TUE_EVE, 'david', ['whats next for me', "what's my next thing?"], {
  intent: 'whats_next',
  day: null,
  says: ['Work call'],
});
ask('chen', TUE_EVE, 'wei', ["lily's homework?", 'lilys tasks'], {
  intent: 'tasks',
  says: ['Science fair poster'],
  not: ['Reading log'],
});
ask('chen', TUE_EVE, 'wei', ["max's homework?", 'what does max need to do'], {
  intent: 'tasks',
  says: ['Math homework', 'Clean room'],
});
ask('chen', TUE_EVE, 'wei', ['did max clean his room', 'has max cleaned his room yet?'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Clean room'],
});
ask('chen', TUE_EVE, 'wei', ['did lily do her reading log', 'is lilys reading log done'], {
  intent: 'task_check',
  starts: 'Yes',
  says: ['Reading log'],
});
ask('chen', TUE_EVE, 'wei', ['has david bought the turkey', 'did david get the turkey'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Buy turkey'],
});
ask('chen', TUE_EVE, 'wei', ['is the science poster done?'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Science fair poster'],
});
ask('chen', TUE_EVE, 'wei', ['what does david need to do tomorrow'], {
  intent: 'tasks',
  day: '2026-11-25',
  says: ['Buy turkey'],
  not: ['Drop-off:'],
});
ask('chen', TUE_EVE, 'wei', ['any pending requests', 'pending requests?', 'any requests waiting'], {
  intent: 'activities',
  says: ["Sleepover at Emma's"],
  not: ['Ski trip'],
});
ask('chen', TUE_EVE, 'wei', ['did david approve the ski trip', 'did david say yes to the ski trip'], {
  intent: 'activities',
  starts: 'Yes',
  says: ['Ski trip', 'accepted'],
});
ask('chen', TUE_EVE, 'wei', ['did david ok movie night'], {
  intent: 'activities',
  starts: 'No',
  says: ['declined'],
});
ask('chen', TUE_EVE, 'lily', ['is the sleepover approved', 'did mom approve my sleepover'], {
  intent: 'activities',
  starts: 'No',
  says: ["Sleepover at Emma's", 'pending'],
});
ask('chen', TUE_EVE, 'wei', ["what's overdue", 'anything overdue?'], {
  intent: 'overdue',
  says: ['Science fair poster'],
});
ask(
  'chen',
  TUE_EVE,
  'wei',
  [
    'add dentist for max dec 10 at 3pm',
    'cancel book club tomorrow',
    'remind me to buy milk at 5',
    'move date night to saturday',
    'delete the gym on friday',
    'mark clean room done',
    "approve lily's sleepover",
    'text david to grab milk',
    'put hockey on the calendar for sunday',
    'schedule a playdate sat 2pm',
    'reschedule the dentist',
    'can you add violin on thursday',
    'set a reminder for pies at 4',
  ],
  { intent: 'command', starts: CANT },
);
ask('chen', TUE_EVE, 'wei', ["who's picking up lily tmrw", 'who gets lily from violin tomorrow'], {
  intent: 'transport',
  day: '2026-11-25',
  says: ['you pick up Lily from Violin lesson at 5:15pm'],
});
ask('chen', TUE_EVE, 'wei', ['who drops off lily at violin', 'who takes lily to violin'], {
  intent: 'transport',
  says: ['David drops off Lily at Violin lesson at 4:15pm'],
});
ask('chen', TUE_EVE, 'wei', ["who's driving saturday", 'saturday rides?'], {
  intent: 'transport',
  day: '2026-11-28',
  says: ['Hockey practice', 'nobody is dropping off Lily'],
});
ask('chen', TUE_EVE, 'wei', ['what do i have tomorrow', 'my schedule tmrw'], {
  intent: 'schedule',
  day: '2026-11-25',
  says: ['pick up Lily from Violin lesson', 'Book club'],
  not: ['Pickup: Lily'],
});
ask('chen', SAT_AM, 'wei', ['whats left today', 'anything else today?'], {
  intent: 'schedule',
  day: '2026-11-28',
  says: ['Soccer game'],
});
ask('chen', SAT_AM, 'wei', ['who is picking up lily', 'who gets lily from soccer'], {
  intent: 'transport',
  day: undefined,
  says: ['you pick up Lily from Soccer game at 12:30pm'],
});

// ─── Okafor: Europe/London, the second week of December 2026 (dates are day-first) ─────────────────────────
const SUN_EVE = '2026-12-06T20:30:00';
const MON_AM = '2026-12-07T07:10:00';
const FRI_PM = '2026-12-11T16:00:00';

ask(
  'okafor',
  SUN_EVE,
  'ngozi',
  ["what's on tomorrow", 'whats on tmrw', 'tmrrw?', "what's happening tomoro"],
  {
    intent: 'schedule',
    day: '2026-12-07',
    says: ['Mon Dec 7', "Parents' evening", 'Piano'],
  },
);
ask('okafor', SUN_EVE, 'ngozi', ['anything in the morning?', 'what do we have in the morning'], {
  intent: 'schedule',
  day: '2026-12-07',
  says: ['Tomorrow morning (Mon Dec 7)', 'Work trip to Manchester'],
});
ask('okafor', SUN_EVE, 'ngozi', ["what's on tonight"], {
  intent: 'schedule',
  day: '2026-12-06',
  says: ['nothing on the calendar'],
});
ask('okafor', MON_AM, 'ngozi', ["what's on today", 'whats on this morning', 'today?'], {
  intent: 'schedule',
  day: '2026-12-07',
  says: ['Mon Dec 7'],
});
ask('okafor', SUN_EVE, 'ngozi', ["what's on 10/12", 'anything on 10.12', 'whats on the 10th'], {
  intent: 'schedule',
  day: '2026-12-10',
  says: ['Nativity play'],
});
ask('okafor', SUN_EVE, 'ngozi', ['anything on 13/12', 'whats on 13-12', 'what about sunday 13th'], {
  intent: 'schedule',
  day: '2026-12-13',
  says: ["Ada's birthday dinner"],
});
ask('okafor', SUN_EVE, 'ngozi', ['whats on 9-12', 'whats on wendsday', 'wats on wednesdy'], {
  intent: 'schedule',
  day: '2026-12-09',
  says: ['Book club'],
});
ask('okafor', SUN_EVE, 'ngozi', ['14.12?', 'whats on monday 14th', 'anything on 14 dec'], {
  intent: 'schedule',
  day: '2026-12-14',
  says: ['INSET day'],
});
// 12 October in the UK (day first): already past this year, so this year's, said as such (issue 43).
ask('okafor', SUN_EVE, 'ngozi', ['schedule for 12/10'], {
  intent: 'schedule',
  day: '2026-10-12',
  says: ['Mon Oct 12', 'already past'],
});
ask('okafor', SUN_EVE, 'ngozi', ["what's on christmas eve", 'anything on xmas eve', 'christmas eve plans'], {
  intent: 'schedule',
  day: '2026-12-24',
  says: ['Christmas Eve service'],
});
ask('okafor', SUN_EVE, 'ngozi', ['boxing day plans', 'whats on boxing day'], {
  intent: 'schedule',
  day: '2026-12-26',
  says: ['Boxing Day walk'],
  not: ['Swimming lesson'],
});
ask('okafor', SUN_EVE, 'ngozi', ['what are we doing on christmas', 'christmas day?'], {
  intent: 'schedule',
  day: '2026-12-25',
  says: ['nothing on the calendar'],
});
ask('okafor', SUN_EVE, 'ngozi', ['whats on thanksgiving'], { intent: 'unclear_day', starts: UNCLEAR });
ask('okafor', SUN_EVE, 'ngozi', ['whats on saturdy', 'anything on satrday', 'whats happening sat'], {
  intent: 'schedule',
  day: '2026-12-12',
  says: ['Swimming lesson'],
});
ask('okafor', SUN_EVE, 'ngozi', ['anything on fridya', 'what about frday'], {
  intent: 'schedule',
  day: '2026-12-11',
  says: ['Date night'],
});
ask('okafor', SUN_EVE, 'ngozi', ['whats on tuesdya', 'tusday?'], {
  intent: 'schedule',
  day: '2026-12-08',
  says: ['Dentist', 'Football training'],
});
ask('okafor', SUN_EVE, 'ngozi', ['schedule for thrsday', 'whats on thursdy'], {
  intent: 'schedule',
  day: '2026-12-10',
  says: ['Nativity play'],
});
ask('okafor', SUN_EVE, 'ngozi', ['whats on decmber 13', 'anything on 13 decemebr'], {
  intent: 'schedule',
  day: '2026-12-13',
  says: ["Ada's birthday dinner"],
});
ask('okafor', SUN_EVE, 'ngozi', ['anything on 20th december', 'whats on 20/12'], {
  intent: 'schedule',
  day: '2026-12-20',
  says: ['Winter Wonderland'],
});
ask(
  'okafor',
  SUN_EVE,
  'ngozi',
  ["what's on the 32nd", 'whats on the 0th', 'whats on 31/11', 'schedule for next fortnight'],
  { intent: 'unclear_day', starts: UNCLEAR },
);
ask('okafor', SUN_EVE, 'ngozi', ['is football on blursday'], { intent: 'unclear_day', starts: UNCLEAR });
ask('okafor', SUN_EVE, 'ngozi', ['when do we leave for grandmas', 'when are we going to grandmas'], {
  intent: 'next_event',
  day: null,
  says: ["Trip to Grandma's", 'Wed Dec 23'],
  not: ["Grandma's flight"],
});
ask('okafor', SUN_EVE, 'ngozi', ['when does grandmas flight land', "what time is grandma's flight"], {
  intent: 'next_event',
  day: null,
  says: ["Grandma's flight", 'Sat Dec 19'],
});
ask('okafor', SUN_EVE, 'ngozi', ["when's date night", 'whens date night'], {
  intent: 'next_event',
  day: null,
  says: ['Date night', 'Fri Dec 11'],
});
ask('okafor', SUN_EVE, 'ngozi', ['when is the nativity', 'what time is the nativity play'], {
  intent: 'next_event',
  day: null,
  says: ['Nativity play', 'Thu Dec 10'],
});
ask('okafor', SUN_EVE, 'ngozi', ["where is ada's birthday dinner", 'where is the birthday dinner'], {
  intent: 'next_event',
  day: null,
  says: ['Pizza Express'],
});
ask('okafor', SUN_EVE, 'ngozi', ["when's the panto", 'when is karate for tobi', 'when is ballet'], {
  intent: 'next_event',
  day: null,
  starts: NOT_FOUND,
});
ask('okafor', SUN_EVE, 'ngozi', ['whens the dentist', 'when is tobis dentist'], {
  intent: 'next_event',
  day: null,
  says: ['Dentist', 'Tue Dec 8'],
});
ask('okafor', SUN_EVE, 'ngozi', ['when is football', 'when is tobis football next'], {
  intent: 'next_event',
  day: null,
  says: ['Football training', 'Tue Dec 8'],
});
ask('okafor', SUN_EVE, 'ngozi', ['when is swimming', 'when is adas swimming lesson'], {
  intent: 'next_event',
  day: null,
  says: ['Swimming lesson', 'Sat Dec 12'],
});
ask('okafor', SUN_EVE, 'ngozi', ['whens the winter wonderland trip'], {
  intent: 'next_event',
  day: null,
  says: ['Winter Wonderland', 'Sun Dec 20'],
});
ask('okafor', MON_AM, 'ngozi', ['what time is parents evening', "when is parents' evening"], {
  intent: 'next_event',
  day: null,
  says: ["Parents' evening", '6-7pm'],
});
ask('okafor', SUN_EVE, 'ngozi', ['is football on tuesday', 'is tobi still doing football tues'], {
  intent: 'event_check',
  day: '2026-12-08',
  starts: 'Yes',
  says: ['Football training'],
});
ask('okafor', SUN_EVE, 'ngozi', ['is swimming still on saturday'], {
  intent: 'event_check',
  day: '2026-12-12',
  starts: 'Yes',
  says: ['Swimming lesson'],
});
ask('okafor', SUN_EVE, 'ngozi', ['is piano tonight'], {
  intent: 'event_check',
  day: '2026-12-06',
  starts: 'No',
  says: ['Piano', 'tomorrow (Mon Dec 7)'],
});
ask('okafor', FRI_PM, 'ngozi', ['is date night tomorrow'], {
  intent: 'event_check',
  day: '2026-12-12',
  starts: 'No',
  says: ['Date night', 'today'],
});
ask('okafor', SUN_EVE, 'ngozi', ['is there swimming on boxing day'], {
  intent: 'event_check',
  day: '2026-12-26',
  starts: 'No',
  says: ['Swimming lesson', 'Sat Jan 2'],
});
ask('okafor', SUN_EVE, 'ngozi', ['am i free tomorrow evening', 'am i free tmrw night'], {
  intent: 'free',
  day: '2026-12-07',
  starts: 'No',
  says: ["Parents' evening"],
});
ask('okafor', SUN_EVE, 'ngozi', ['am i free tomorrow at 4:30'], {
  intent: 'free',
  day: '2026-12-07',
  starts: 'No',
  says: ['drop off Ada at Piano'],
});
ask('okafor', SUN_EVE, 'ngozi', ['is marco free tuesday', 'is marco around on tuesday'], {
  intent: 'free',
  day: '2026-12-08',
  starts: 'No',
  says: ['Work trip to Manchester'],
});
ask('okafor', SUN_EVE, 'ngozi', ['is ada free on the 14th'], {
  intent: 'free',
  day: '2026-12-14',
  starts: 'No',
  says: ['INSET day'],
});
ask('okafor', SUN_EVE, 'ngozi', ['is tobi free thursday at 3'], {
  intent: 'free',
  day: '2026-12-10',
  starts: 'No',
  says: ['Nativity play'],
});
ask('okafor', SUN_EVE, 'ngozi', ['is anyone free friday at 8pm'], {
  intent: 'free',
  day: '2026-12-11',
  starts: 'Yes',
  says: ['Ada and Tobi', 'Date night'],
});
ask('okafor', FRI_PM, 'ngozi', ['is marco free on sunday'], {
  intent: 'free',
  day: '2026-12-13',
  starts: 'No',
  says: ["Ada's birthday dinner"],
});
ask('okafor', FRI_PM, 'marco', ['am i free saturday morning'], {
  intent: 'free',
  day: '2026-12-12',
  starts: 'No',
  says: ['drop off Ada at Swimming lesson'],
});
ask('okafor', SUN_EVE, 'ngozi', ["tobi's homework?", 'tobis homework'], {
  intent: 'tasks',
  says: ['Spelling homework'],
});
ask('okafor', SUN_EVE, 'ngozi', ['did ada tidy her room', 'has ada tidied her bedroom'], {
  intent: 'task_check',
  starts: 'Yes',
  says: ['Tidy bedroom'],
});
ask('okafor', SUN_EVE, 'ngozi', ['did tobi tidy his room', 'tobi tidy his room yet?'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Tidy bedroom'],
});
ask('okafor', SUN_EVE, 'ngozi', ['has marco got the christmas tree', 'did marco buy the tree'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Buy Christmas tree'],
});
ask('okafor', SUN_EVE, 'ngozi', ["what are ada's tasks", 'adas chores'], {
  intent: 'tasks',
  says: ['Science project', 'Feed the cat'],
  not: ['Tidy bedroom'],
});
ask('okafor', SUN_EVE, 'marco', ['my tasks', 'what do i need to do'], {
  intent: 'tasks',
  says: ['Buy Christmas tree', 'Wrap presents'],
  not: ['Pickup:'],
});
ask('okafor', SUN_EVE, 'ngozi', ['did marco approve the sleepover', 'did marco ok the sleepover?'], {
  intent: 'activities',
  starts: 'Yes',
  says: ["Sleepover at Jake's", 'accepted'],
});
ask('okafor', SUN_EVE, 'ngozi', ['any pending requests', 'what requests are pending'], {
  intent: 'activities',
  says: ['Climbing club trial', 'Walk the dog rota'],
  not: ['Cinema trip'],
});
ask('okafor', SUN_EVE, 'ngozi', ['what requests are waiting for me', 'any requests for me?'], {
  intent: 'activities',
  says: ['Climbing club trial'],
  not: ['Walk the dog rota'],
});
ask('okafor', SUN_EVE, 'ada', ['was the cinema trip approved', 'did mum say yes to the cinema trip'], {
  intent: 'activities',
  starts: 'No',
  says: ['Cinema trip', 'declined'],
});
ask('okafor', SUN_EVE, 'ngozi', ["status of tobi's climbing request"], {
  intent: 'activities',
  says: ['Climbing club trial', 'pending'],
});
ask('okafor', SUN_EVE, 'ngozi', ['any requests from ada'], {
  intent: 'activities',
  says: ["Sleepover at Jake's", 'Cinema trip'],
  not: ['Climbing club trial'],
});
ask('okafor', MON_AM, 'ngozi', ["who's picking up ada from piano", 'who collects ada from piano today'], {
  intent: 'transport',
  says: ['nobody is picking up Ada from Piano yet'],
});
ask('okafor', MON_AM, 'ngozi', ['who takes tobi to football tomorrow'], {
  intent: 'transport',
  day: '2026-12-08',
  says: ['you drop off Tobi at Football training at 4:45pm'],
});
ask('okafor', MON_AM, 'ngozi', ['what do i have tomorrow', 'my schedule for tomorrow'], {
  intent: 'schedule',
  day: '2026-12-08',
  says: ['drop off Tobi at Dentist', 'drop off Tobi at Football training'],
  not: ['task: Drop-off'],
});
ask(
  'okafor',
  SUN_EVE,
  'ngozi',
  [
    'add swimming for ada on the 19th',
    'cancel piano tomorrow',
    'remind me to buy milk at 5',
    'can you move date night to saturday',
    'delete book club',
    'book a dentist appt for ada',
    "mark tobi's spelling done",
    'accept the climbing club request',
    'tell marco to pick up tobi',
    'change football to 6pm',
  ],
  { intent: 'command', starts: CANT },
);

// ─── Nguyen: Australia/Sydney, the week before Christmas 2026 (dates are day-first) ────────────────────────
const THU_EVE = '2026-12-17T19:45:00';
const FRI_AM = '2026-12-18T07:30:00';
const XMAS_EVE = '2026-12-24T20:00:00';

ask('nguyen', THU_EVE, 'linh', ["what's on tomorrow", 'anything tmrw?', 'tomorow?'], {
  intent: 'schedule',
  day: '2026-12-18',
  says: ['Last day of school', 'Work Christmas party'],
});
ask('nguyen', THU_EVE, 'linh', ['anything on in the morning'], {
  intent: 'schedule',
  day: '2026-12-18',
  says: ['Last day of school'],
});
ask('nguyen', FRI_AM, 'linh', ['whats on today', 'what are we up to today'], {
  intent: 'schedule',
  day: '2026-12-18',
  says: ['Today (Fri Dec 18)'],
});
ask('nguyen', THU_EVE, 'linh', ["what's on christmas day", 'christmas plans?', 'whats on xmas'], {
  intent: 'schedule',
  day: '2026-12-25',
  says: ["Christmas lunch at Nana's"],
});
ask('nguyen', XMAS_EVE, 'linh', ['what time do we need to be at nanas tomorrow'], {
  intent: 'next_event',
  day: '2026-12-25',
  says: ["Christmas lunch at Nana's", '12-4pm'],
});
ask('nguyen', THU_EVE, 'linh', ['boxing day?', 'what is on boxing day'], {
  intent: 'schedule',
  day: '2026-12-26',
  says: ['Boxing Day sales', 'Cricket'],
});
ask('nguyen', THU_EVE, 'linh', ['new years eve plans', "what's on nye"], {
  intent: 'schedule',
  day: '2026-12-31',
  says: ['Camping trip'],
});
ask('nguyen', THU_EVE, 'linh', ['whats on 21/12', 'anything on 21-12', 'monday 21st?'], {
  intent: 'schedule',
  day: '2026-12-21',
  says: ['Doctor'],
});
ask('nguyen', THU_EVE, 'linh', ['anything on 22/12', 'whats on 22.12'], {
  intent: 'schedule',
  day: '2026-12-22',
  says: ['Swim school'],
});
ask('nguyen', THU_EVE, 'linh', ['what about 26-12', 'schedule 12/26'], {
  intent: 'schedule',
  day: '2026-12-26',
  says: ['Boxing Day sales'],
});
ask('nguyen', THU_EVE, 'linh', ['whats on satday', 'saturdays plans', 'anythin on sat'], {
  intent: 'schedule',
  day: '2026-12-19',
  says: ['Cricket', 'Date night'],
});
ask('nguyen', THU_EVE, 'linh', ['anythin on sundy', 'sunday?'], {
  intent: 'schedule',
  day: '2026-12-20',
  says: ['Beach day'],
});
ask('nguyen', THU_EVE, 'linh', ['mondy?', 'whats on monday'], {
  intent: 'schedule',
  day: '2026-12-21',
  says: ['Doctor'],
});
ask('nguyen', THU_EVE, 'linh', ['wat about tuesdy'], {
  intent: 'schedule',
  day: '2026-12-22',
  says: ['Swim school'],
});
ask(
  'nguyen',
  THU_EVE,
  'linh',
  ["what's on the 35th", 'anything on 31/02', 'anything on the 40th', "what's on thanksgiving"],
  {
    intent: 'unclear_day',
    starts: UNCLEAR,
  },
);
ask('nguyen', THU_EVE, 'linh', ['when is the beach day', 'beach day when'], {
  intent: 'next_event',
  day: null,
  says: ['Beach day', 'Sun Dec 20'],
});
ask('nguyen', THU_EVE, 'linh', ["when's cricket", 'what time is bens cricket'], {
  intent: 'next_event',
  day: null,
  says: ['Cricket', 'Sat Dec 19', '8:30'],
});
ask('nguyen', THU_EVE, 'linh', ['when is date night'], {
  intent: 'next_event',
  day: null,
  says: ['Date night', 'Sat Dec 19'],
});
ask('nguyen', THU_EVE, 'linh', ['when do we go camping', 'when do we leave for camping'], {
  intent: 'next_event',
  day: null,
  says: ['Camping trip', 'Mon Dec 28'],
});
ask('nguyen', THU_EVE, 'linh', ["when is mia's doctor", 'mias doctor appt when'], {
  intent: 'next_event',
  day: null,
  says: ['Doctor', 'Mon Dec 21'],
});
ask('nguyen', THU_EVE, 'linh', ['when is netball', 'when is bens footy'], {
  intent: 'next_event',
  day: null,
  starts: NOT_FOUND,
});
ask('nguyen', THU_EVE, 'linh', ['when is the work party', "when's tom's work party"], {
  intent: 'next_event',
  day: null,
  says: ['Work Christmas party'],
});
ask('nguyen', THU_EVE, 'linh', ['is cricket on saturday', 'cricket still on sat?'], {
  intent: 'event_check',
  day: '2026-12-19',
  starts: 'Yes',
  says: ['Cricket'],
});
ask('nguyen', THU_EVE, 'linh', ['is date night saturday'], {
  intent: 'event_check',
  day: '2026-12-19',
  starts: 'Yes',
  says: ['Date night'],
});
ask('nguyen', THU_EVE, 'linh', ['is the beach day on saturday'], {
  intent: 'event_check',
  day: '2026-12-19',
  starts: 'No',
  says: ['Beach day', 'Sun Dec 20'],
});
ask('nguyen', THU_EVE, 'linh', ['is swim school on monday'], {
  intent: 'event_check',
  day: '2026-12-21',
  starts: 'No',
  says: ['Swim school', 'Tue Dec 22'],
});
ask('nguyen', THU_EVE, 'tom', ['am i free saturday night', 'am i free sat night'], {
  intent: 'free',
  day: '2026-12-19',
  starts: 'No',
  says: ['Date night'],
});
ask('nguyen', THU_EVE, 'linh', ['is ben free on monday'], {
  intent: 'free',
  day: '2026-12-21',
  starts: 'Yes',
});
ask('nguyen', THU_EVE, 'linh', ['is mia free at 10:30 on monday'], {
  intent: 'free',
  day: '2026-12-21',
  starts: 'No',
  says: ['Doctor'],
});
ask('nguyen', THU_EVE, 'ben', ['am i free tomorrow'], {
  intent: 'free',
  day: '2026-12-18',
  starts: 'No',
  says: ['Last day of school'],
});
ask('nguyen', THU_EVE, 'tom', ['is linh free sunday'], {
  intent: 'free',
  day: '2026-12-20',
  starts: 'No',
  says: ['Beach day'],
});
ask('nguyen', FRI_AM, 'mia', ['whats my next thing', "what's next for me"], {
  intent: 'whats_next',
  day: null,
  says: ['Beach day'],
  not: ['Work Christmas party', 'Cricket'],
});
ask('nguyen', FRI_AM, 'tom', ["what's next for me"], {
  intent: 'whats_next',
  day: null,
  says: ['Work Christmas party'],
});
ask('nguyen', THU_EVE, 'linh', ['did ben water the plants', 'has ben watered the plants'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Water the plants'],
});
ask('nguyen', THU_EVE, 'linh', ['did ben clean his room'], {
  intent: 'task_check',
  starts: 'Yes',
  says: ['Clean room'],
});
ask('nguyen', THU_EVE, 'linh', ["mia's homework?", 'what does mia have to do'], {
  intent: 'tasks',
  says: ['Return library books'],
});
ask('nguyen', THU_EVE, 'linh', ["what's overdue"], { intent: 'overdue', says: ['Water the plants'] });
ask('nguyen', THU_EVE, 'linh', ['any pending requests', 'requests?'], {
  intent: 'activities',
  says: ["Pool party at Chloe's"],
  not: ['Surf camp'],
});
ask('nguyen', THU_EVE, 'linh', ['did tom approve surf camp'], {
  intent: 'activities',
  starts: 'Yes',
  says: ['Surf camp'],
});
ask('nguyen', THU_EVE, 'mia', ['did mum ok the pool party', 'is my pool party approved'], {
  intent: 'activities',
  starts: 'No',
  says: ['pending'],
});
ask('nguyen', THU_EVE, 'linh', ["who's picking up mia from dance"], {
  intent: 'transport',
  says: ['Tom picks up Mia from Dance class', 'Thu Dec 24'],
});
ask('nguyen', THU_EVE, 'linh', ["who's dropping ben at cricket", 'who takes ben to cricket'], {
  intent: 'transport',
  says: ['Tom drops off Ben at Cricket at 8:15am'],
});
ask(
  'nguyen',
  THU_EVE,
  'linh',
  [
    'add beach day for next sunday',
    'cancel the doctor',
    'remind ben to water the plants',
    'delete date night',
    'please add swim school on 29/12',
    'approve the pool party',
    'can you book cricket for the 2nd',
    'change the doctor to 11',
  ],
  { intent: 'command', starts: CANT },
);

// ─── Rivera: America/Los_Angeles, the transcript family (fixture-family.ts) ───────────────────────────────
const R_SUN_EVE = '2026-11-29T20:30:00';
const R_MON_AM = '2026-11-30T07:45:00';

ask('rivera', R_SUN_EVE, 'ana', ['whats on tmrw', 'tomorrows schedule?'], {
  intent: 'schedule',
  day: '2026-11-30',
  says: ['Orthodontist'],
});
ask('rivera', R_SUN_EVE, 'ana', ['anything in the morning'], {
  intent: 'schedule',
  day: '2026-11-30',
  says: ['6:30am Yoga'],
});
ask('rivera', R_MON_AM, 'ana', ['whats on saturdy', "what's on 12-5", 'anything on 12/5?'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ['Soccer game', "Noah's birthday party"],
});
ask('rivera', R_MON_AM, 'ana', ['wat about thrusday', 'whats on 12.3'], {
  intent: 'schedule',
  day: '2026-12-03',
  says: ['PTA meeting'],
});
ask('rivera', R_MON_AM, 'ana', ['anything on 12/9'], {
  intent: 'schedule',
  day: '2026-12-09',
  says: ['nothing on the calendar'],
});
// May 12 in the US (month first); a Wednesday, so the weekly piano lesson is on.
ask('rivera', R_MON_AM, 'ana', ['what about 5/12'], {
  intent: 'schedule',
  day: '2027-05-12',
  says: ['Wed May 12'],
});
ask('rivera', R_MON_AM, 'ana', ['what are we doing christmas eve', 'christmas eve?'], {
  intent: 'schedule',
  day: '2026-12-24',
});
ask('rivera', R_MON_AM, 'ana', ['new years eve plans?'], { intent: 'schedule', day: '2026-12-31' });
ask('rivera', R_MON_AM, 'ana', ["when's dinner at grandmas", 'when is dinner at grandma'], {
  intent: 'next_event',
  day: null,
  says: ["Dinner at Grandma's", 'Sun Dec 6'],
});
ask('rivera', R_MON_AM, 'ana', ['when do we fly to denver', 'when is our flight'], {
  intent: 'next_event',
  day: null,
  says: ['Flight to Denver', 'Sun Dec 20'],
});
ask('rivera', R_MON_AM, 'ana', ["when's date night", 'when is grandmas flight', 'when is karate'], {
  intent: 'next_event',
  day: null,
  starts: NOT_FOUND,
});
ask('rivera', R_MON_AM, 'ana', ['whats for dinner'], {
  intent: 'next_event',
  day: '2026-11-30',
  starts: NOT_FOUND,
  not: ["Dinner at Grandma's"],
});
ask('rivera', R_MON_AM, 'ana', ['is soccer still on tuesday', 'soccer still on for tues?'], {
  intent: 'event_check',
  day: '2026-12-01',
  starts: 'Yes',
  says: ['Soccer practice'],
});
ask('rivera', R_MON_AM, 'ana', ['is soccer on friday'], {
  intent: 'event_check',
  day: '2026-12-04',
  starts: 'No',
  says: ['Soccer'],
});
ask('rivera', R_MON_AM, 'ana', ['is book club tonight', 'book club tonight?'], {
  intent: 'event_check',
  day: '2026-11-30',
  starts: 'No',
  says: ['Book club', 'tomorrow (Tue Dec 1)'],
});
ask('rivera', R_MON_AM, 'ana', ['is piano on wednesday'], {
  intent: 'event_check',
  day: '2026-12-02',
  starts: 'Yes',
  says: ['Piano lesson'],
});
ask('rivera', R_MON_AM, 'ana', ['is piano on the 9th'], {
  intent: 'event_check',
  day: '2026-12-09',
  starts: 'No',
  says: ['Piano lesson', 'Wed Dec 16'],
});
ask('rivera', R_MON_AM, 'maya', ['am i free friday'], {
  intent: 'free',
  day: '2026-12-04',
  starts: 'No',
  says: ['No school'],
});
ask('rivera', R_MON_AM, 'ana', ['am i free sunday at 6'], {
  intent: 'free',
  day: '2026-12-06',
  starts: 'No',
  says: ["Dinner at Grandma's"],
});
ask('rivera', R_MON_AM, 'ana', ['am i free tomorrow at 3:50'], {
  intent: 'free',
  day: '2026-12-01',
  starts: 'No',
  says: ['drop off Maya at Soccer practice'],
});
ask('rivera', R_MON_AM, 'ana', ['is maya free saturday', 'is maya around sat'], {
  intent: 'free',
  day: '2026-12-05',
  starts: 'No',
  says: ['Soccer game'],
});
ask('rivera', R_MON_AM, 'ana', ['is maya busy on saturday'], {
  intent: 'free',
  day: '2026-12-05',
  starts: 'Yes',
  says: ['Soccer game'],
});
ask('rivera', R_MON_AM, 'rosa', ['whats my next thing', 'what have i got next'], {
  intent: 'whats_next',
  day: null,
  says: ['Book club'],
});
ask('rivera', R_MON_AM, 'leo', ["what's my next thing"], {
  intent: 'whats_next',
  day: null,
  says: ['Orthodontist'],
});
ask('rivera', R_MON_AM, 'ana', ['whats next for sam'], {
  intent: 'whats_next',
  day: null,
  says: ['Grocery run'],
});
ask('rivera', R_MON_AM, 'sam', ['what do i have tomorrow', 'my schedule tmrw'], {
  intent: 'schedule',
  day: '2026-12-01',
  says: ['pick up Maya from Soccer practice'],
  not: ['task: Pickup'],
});
ask('rivera', R_MON_AM, 'ana', ['my schedule tomorrow'], {
  intent: 'schedule',
  day: '2026-12-01',
  says: ['drop off Maya at Soccer practice'],
  not: ['task: Drop-off'],
});
ask('rivera', R_MON_AM, 'ana', ['did leo clean his room', 'has leo cleaned his room'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Clean room'],
});
ask('rivera', R_MON_AM, 'ana', ["maya's homework?", 'mayas homework'], {
  intent: 'tasks',
  says: ['Math worksheet'],
});
ask('rivera', R_MON_AM, 'ana', ['did sam book the flights'], {
  intent: 'task_check',
  starts: 'Yes',
  says: ['Book flights'],
});
ask('rivera', R_MON_AM, 'ana', ['did anyone call the plumber', 'has the plumber been called'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Call plumber'],
});
ask('rivera', R_MON_AM, 'ana', ['has maya done her math worksheet'], {
  intent: 'task_check',
  starts: 'No',
  says: ['Math worksheet'],
});
ask('rivera', R_MON_AM, 'ana', ['any pending requests', 'pending requests'], {
  intent: 'activities',
  says: ['Sleepover at Emma'],
  not: ['Chess club'],
});
ask('rivera', R_MON_AM, 'maya', ['did mom approve the sleepover', 'did ana approve my sleepover'], {
  intent: 'activities',
  starts: 'No',
  says: ['Sleepover at Emma', 'pending'],
});
ask('rivera', R_MON_AM, 'ana', ['did sam approve chess club', 'is chess club approved'], {
  intent: 'activities',
  starts: 'Yes',
  says: ['Chess club'],
});
ask('rivera', R_MON_AM, 'ana', ['what happened with the paintball party'], {
  intent: 'activities',
  says: ['Paintball party', 'declined'],
});
ask('rivera', R_MON_AM, 'ana', ['any requests for me'], {
  intent: 'activities',
  says: ['Sleepover at Emma'],
  not: ['Chess club'],
});
ask(
  'rivera',
  R_MON_AM,
  'ana',
  [
    'add dentist for maya dec 10 at 3pm',
    'cancel soccer tomorrow',
    'remind me to buy milk at 5',
    'move piano to thursday',
    'delete the grocery run',
    'can u add a playdate sat at 2',
    'mark math worksheet done',
    'assign clean room to leo',
    'reschedule ortho to friday',
    'tell sam to pick up maya',
    'accept the sleepover',
    'create a task for leo to practice piano',
    'sign leo up for chess club',
    'pls remind sam about the trash at 7',
  ],
  { intent: 'command', starts: CANT },
);
ask('rivera', R_MON_AM, 'ana', ['is olivia free tomorrow', "what's olivia doing saturday"], {
  intent: 'unknown_name',
  starts: "I don't know anyone called Olivia",
});
ask('rivera', R_MON_AM, 'ana', ['thanks!', 'ok cool', 'lol', '👍'], { intent: 'help' });

// ─── Round 2: the classes a held-out set found (weekend and week spans, "get/grab X" pickups, "who's got X",
// titles that do not exist, a weekday that is not the date's, past parts of today). Expected answers written
// before the code that answers them; other families, times and phrasings than the held-out messages.
const O_SUN_EVE = '2026-12-06T20:00:00';
const O_SUN_AM = '2026-12-13T10:00:00';
const O_SAT_PM = '2026-12-12T15:00:00';
const O_MON_AM = '2026-12-07T07:30:00';
const O_MON_EVE = '2026-12-07T19:00:00';
const O_MON_LATE = '2026-12-07T21:00:00';

ask('okafor', O_SUN_EVE, 'ngozi', ['anything on this w/e'], {
  intent: 'schedule',
  day: '2026-12-12',
  says: ['Next weekend (Dec 12-13)', 'Swimming lesson', "Ada's birthday dinner"],
});
ask('okafor', O_SUN_AM, 'ngozi', ['whats on this weekend'], {
  intent: 'schedule',
  day: '2026-12-13',
  says: ["Ada's birthday dinner"],
  not: ['Swimming lesson'],
});
ask('okafor', O_SAT_PM, 'marco', ["what's on this wkend"], {
  intent: 'schedule',
  day: '2026-12-12',
  says: ['This weekend (Dec 12-13)', "Ada's birthday dinner"],
});
ask('okafor', O_MON_AM, 'ngozi', ['whats on sat n sun'], {
  intent: 'schedule',
  day: '2026-12-12',
  says: ['Swimming lesson', "Ada's birthday dinner"],
});
ask('okafor', O_MON_AM, 'ngozi', ["what's on thurs-fri"], {
  intent: 'schedule',
  day: '2026-12-10',
  says: ['Nativity play', 'Date night', 'Football training'],
});
ask('okafor', O_MON_AM, 'ngozi', ['anything on over half term'], { intent: 'unclear_day', starts: UNCLEAR });
ask('okafor', O_MON_AM, 'tobi', ['what have we got on weeknights'], {
  intent: 'unclear_day',
  starts: UNCLEAR,
});
ask('okafor', O_MON_AM, 'ngozi', ['whats on the week after next'], {
  intent: 'schedule',
  day: '2026-12-20',
  says: ['Winter Wonderland'],
});
ask('okafor', O_MON_AM, 'marco', ['what time do i need to grab tobi'], {
  intent: 'transport',
  day: null,
  says: ['Tue Dec 8', 'you pick up Tobi from Football training at 6pm'],
});
ask('okafor', O_MON_AM, 'ngozi', ['when do i collect ada from piano'], {
  intent: 'transport',
  says: ['nobody is picking up Ada from Piano yet'],
});
ask('okafor', O_MON_AM, 'ngozi', ["who's got tobi after school tuesday"], {
  intent: 'transport',
  day: '2026-12-08',
  says: ['Marco picks up Tobi from Football training at 6pm'],
  not: ['Dentist', 'No school'],
});
ask('okafor', O_SUN_EVE, 'marco', ['who has ada saturday'], {
  intent: 'transport',
  day: '2026-12-12',
  says: ['you drop off Ada at Swimming lesson at 8:50am'],
});
ask('okafor', O_MON_AM, 'ngozi', ['is the school disco still on'], {
  intent: 'event_check',
  day: null,
  starts: NOT_FOUND,
  says: ['school disco'],
});
ask('okafor', O_MON_AM, 'ada', ['is my recital tomorrow'], {
  intent: 'event_check',
  day: '2026-12-08',
  starts: 'No, there\'s no "recital"',
});
ask('okafor', O_MON_AM, 'ngozi', ["when's the carol concert"], {
  intent: 'next_event',
  starts: NOT_FOUND,
  says: ['carol concert'],
});
ask('okafor', O_MON_AM, 'ngozi', ['whats on tuesday the 9th'], {
  intent: 'schedule',
  day: '2026-12-09',
  says: ['Dec 9 is a Wednesday, not a Tuesday', 'Book club'],
});
ask('okafor', O_MON_AM, 'ngozi', ['anything on fri 12/12'], {
  intent: 'schedule',
  day: '2026-12-12',
  says: ['not a Friday', 'Swimming lesson'],
});
ask('okafor', O_MON_EVE, 'marco', ['am i free monday afternoon'], {
  intent: 'free',
  day: '2026-12-14',
  starts: 'Yes',
});
ask('okafor', O_MON_EVE, 'ngozi', ['anyone free this afternoon'], {
  intent: 'free',
  day: '2026-12-07',
  says: ['already over'],
});
ask('okafor', O_MON_LATE, 'ngozi', ['is tobi free at 4'], {
  intent: 'free',
  day: '2026-12-08',
  starts: 'Yes',
  says: ['tomorrow (Tue Dec 8)'],
});

const C_SUN_EVE = '2026-11-22T19:00:00';
const C_SAT_PM = '2026-11-28T14:00:00';
const C_SUN_EVE2 = '2026-11-29T19:00:00';
ask('chen', C_SUN_EVE, 'wei', ["what's the plan for the weekend"], {
  intent: 'schedule',
  day: '2026-11-28',
  says: ['Next weekend (Nov 28-29)', 'Hockey practice', "Grandpa's birthday dinner"],
});
ask('chen', C_SUN_EVE, 'david', ['anything this weekend for max'], {
  intent: 'schedule',
  day: '2026-11-28',
  says: ['Hockey practice'],
});
ask('chen', TUE_EVE, 'wei', ['do i need to get lily tomorrow'], {
  intent: 'transport',
  day: '2026-11-25',
  says: ['you pick up Lily from Violin lesson at 5:15pm'],
});
ask('chen', TUE_EVE, 'david', ['when am i grabbing max'], {
  intent: 'transport',
  day: null,
  says: ['Sat Nov 28', 'you pick up Max from Hockey practice at 9:30am'],
});
ask('chen', TUE_EVE, 'wei', ["who's collecting lily from soccer saturday"], {
  intent: 'transport',
  day: '2026-11-28',
  says: ['you pick up Lily from Soccer game at 12:30pm'],
});
ask('chen', TUE_EVE, 'wei', ["who's taking lily to soccer sat"], {
  intent: 'transport',
  day: '2026-11-28',
  says: ['nobody is dropping off Lily at Soccer game yet (10:45am)'],
});
ask('chen', TUE_EVE, 'david', ["who's got the kids thanksgiving"], {
  intent: 'transport',
  day: '2026-11-26',
  starts: 'No pickups or drop-offs',
});
ask('chen', TUE_EVE, 'wei', ['is the turkey trot still on'], {
  intent: 'event_check',
  day: null,
  starts: NOT_FOUND,
  says: ['turkey trot'],
});
ask('chen', TUE_EVE, 'lily', ['is my piano recital on friday'], {
  intent: 'event_check',
  day: '2026-11-27',
  starts: 'No',
  says: ['piano recital'],
});
ask('chen', TUE_EVE, 'wei', ['whats on monday the 1st'], {
  intent: 'schedule',
  day: '2026-12-01',
  says: ['Dec 1 is a Tuesday, not a Monday', 'Flight to Chicago'],
});
ask('chen', TUE_EVE, 'wei', ['anything on wed 11/26'], {
  intent: 'schedule',
  day: '2026-11-26',
  says: ['not a Wednesday', "Thanksgiving at Grandpa Joe's"],
});
ask('chen', SAT_AM, 'wei', ['r we free sat morning'], { intent: 'free', day: '2026-11-28', starts: 'No' });
ask('chen', C_SAT_PM, 'wei', ['anything on this morning'], {
  intent: 'schedule',
  day: '2026-11-28',
  says: ['This morning (Sat Nov 28)', 'Hockey practice'],
});
ask('chen', C_SAT_PM, 'david', ['am i free saturday morning'], {
  intent: 'free',
  day: '2026-12-05',
  starts: 'No',
});
ask('chen', C_SUN_EVE2, 'wei', ['what are we doing this weekend'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ['Hockey practice'],
});
ask('chen', TUE_EVE, 'max', ['do i have hockey next weekend'], {
  intent: 'event_check',
  day: '2026-12-05',
  starts: 'Yes',
});
ask('chen', TUE_EVE, 'wei', ['whats on the next few days'], {
  intent: 'schedule',
  day: '2026-11-24',
  says: ['Violin lesson', "Thanksgiving at Grandpa Joe's"],
});
ask('chen', TUE_EVE, 'wei', ['what did we have last weekend'], {
  intent: 'schedule',
  day: '2026-11-21',
  says: ['Last weekend (Nov 21-22)', 'Hockey practice'],
});
ask('chen', TUE_EVE, 'wei', ['anything over the winter break', 'plans for the next couple weeks?'], {
  intent: 'unclear_day',
  starts: UNCLEAR,
});

const N_SUN_EVE = '2026-12-20T18:30:00';
const N_THU_EVE = '2026-12-17T19:00:00';
const N_SAT_AM = '2026-12-19T07:00:00';
ask('nguyen', N_SUN_EVE, 'linh', ["what's on this weekend"], {
  intent: 'schedule',
  day: '2026-12-26',
  says: ['Next weekend (Dec 26-27)', 'Boxing Day sales'],
});
ask('nguyen', N_SUN_EVE, 'tom', ['am i free next weekend'], {
  intent: 'free',
  day: '2026-12-26',
  starts: 'No',
});
ask('nguyen', N_THU_EVE, 'linh', ['what time do i pick ben up saturday'], {
  intent: 'transport',
  day: '2026-12-19',
  says: ['you pick up Ben from Cricket at 10:30am'],
});
ask('nguyen', N_THU_EVE, 'tom', ['when do i need to fetch mia'], {
  intent: 'transport',
  day: null,
  says: ['Thu Dec 24', 'you pick up Mia from Dance class at 5pm'],
});
ask('nguyen', N_THU_EVE, 'linh', ["who's got ben saturday morning"], {
  intent: 'transport',
  day: '2026-12-19',
  says: ['Tom drops off Ben at Cricket at 8:15am', 'you pick up Ben from Cricket at 10:30am'],
});
ask('nguyen', N_THU_EVE, 'mia', ['is the nativity still on'], {
  intent: 'event_check',
  day: null,
  starts: NOT_FOUND,
});
ask('nguyen', N_THU_EVE, 'linh', ["is ben's swim carnival still on"], {
  intent: 'event_check',
  day: null,
  starts: NOT_FOUND,
  says: ['swim carnival'],
});
ask('nguyen', N_THU_EVE, 'linh', ['whats on sunday the 21st'], {
  intent: 'schedule',
  day: '2026-12-21',
  says: ['Dec 21 is a Monday, not a Sunday', 'Doctor'],
});
ask('nguyen', N_THU_EVE, 'linh', ['anything on tues 23/12'], {
  intent: 'schedule',
  day: '2026-12-23',
  says: ['Dec 23 is a Wednesday, not a Tuesday'],
});
ask('nguyen', N_THU_EVE, 'linh', ['r we all free thursday afternoon'], {
  intent: 'free',
  day: '2026-12-24',
  starts: 'No',
  says: ['Dance class'],
});
ask('nguyen', N_THU_EVE, 'linh', ['what was on this morning'], {
  intent: 'schedule',
  day: '2026-12-17',
  says: ['This morning (Thu Dec 17)'],
});
ask('nguyen', N_THU_EVE, 'ben', ['is mia free tonight'], {
  intent: 'free',
  day: '2026-12-17',
  starts: 'Yes',
});
ask('nguyen', N_THU_EVE, 'linh', ['any plans sat-sun'], {
  intent: 'schedule',
  day: '2026-12-19',
  says: ['Cricket', 'Beach day'],
});
ask('nguyen', N_THU_EVE, 'linh', ['whats on over the school hols'], {
  intent: 'unclear_day',
  starts: UNCLEAR,
});
ask('nguyen', N_SAT_AM, 'tom', ['whats on this wknd'], {
  intent: 'schedule',
  day: '2026-12-19',
  says: ['This weekend (Dec 19-20)', 'Beach day'],
});
ask('nguyen', N_SAT_AM, 'linh', ['do i have to get ben today'], {
  intent: 'transport',
  day: '2026-12-19',
  says: ['you pick up Ben from Cricket at 10:30am'],
});

const R_WED_EVE = '2026-12-02T18:00:00';
ask('rivera', R_MON_AM, 'ana', ['when do i grab maya'], {
  intent: 'transport',
  day: null,
  says: ['Sat Dec 5', 'you pick up Maya from Soccer game at 10:15am'],
});
ask('rivera', R_MON_AM, 'sam', ["who's got leo after school wednesday"], {
  intent: 'transport',
  day: '2026-12-02',
  says: ['Ana picks up Leo from Piano lesson at 5:45pm'],
});
ask('rivera', R_MON_AM, 'ana', ["is leo's spelling bee still on"], {
  intent: 'event_check',
  day: null,
  starts: NOT_FOUND,
});
ask('rivera', R_MON_AM, 'ana', ['whats on friday the 5th'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ['Dec 5 is a Saturday, not a Friday', 'Soccer game'],
});
ask('rivera', R_WED_EVE, 'rosa', ['am i free this afternoon'], {
  intent: 'free',
  day: '2026-12-02',
  says: ['already over'],
});
ask('rivera', R_WED_EVE, 'ana', ['free wednesday morning?'], {
  intent: 'free',
  day: '2026-12-09',
  starts: 'Yes',
});
ask('rivera', R_MON_AM, 'ana', ["what's on sat & sun"], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ['Soccer game', "Dinner at Grandma's"],
});
ask('rivera', R_MON_AM, 'ana', ['anything for the rest of the month'], {
  intent: 'schedule',
  day: '2026-11-30',
  says: ['Orthodontist'],
});
ask('rivera', R_MON_AM, 'ana', ['whats coming up next month'], {
  intent: 'schedule',
  day: '2026-12-01',
  says: ['December (Dec 1-31)', 'Soccer practice'],
});
// "next weekend" asked on a weekday is the one after the coming one (Dec 12-13), so the weekend after it is
// Dec 19-20 (as "the week after next" is the week after "next week").
ask('rivera', R_MON_AM, 'ana', ['whats on the weekend after next'], {
  intent: 'schedule',
  day: '2026-12-19',
  says: ['Sat Dec 19 to Sun Dec 20', 'Flight to Denver'],
});
ask('rivera', R_MON_AM, 'maya', ["who's getting me from swim thursday"], {
  intent: 'transport',
  day: '2026-12-03',
  says: ['Rosa picks up Maya and Leo from Swim practice at 7:30pm'],
});
ask('rivera', R_MON_AM, 'ana', ['whats on weekday evenings'], { intent: 'unclear_day', starts: UNCLEAR });
ask('rivera', R_MON_AM, 'ana', ['when do we get the tree'], {
  intent: 'next_event',
  starts: NOT_FOUND,
  not: ['buy'],
});

// ─── Round 3 (written before running them): clock-time questions, free-day searches, parts of days filtered
// to their hours, "who's doing what" with the drives, holiday words inside a title ─────────────────────────
const R_MON_NOON = '2026-11-30T12:10:00';

// A specific clock time: yes or no about that time first, then what is next that day.
ask('rivera', R_MON_NOON, 'ana', ['is there anything at 6am monday'], {
  intent: 'at_time',
  day: '2026-11-30',
  starts: 'No, nothing at 6am today',
  says: ['Next: 6:30am Yoga (Ana)'],
  not: ['Grocery run'],
});
ask('rivera', R_MON_NOON, 'ana', ['anything on at 3:30 today?'], {
  intent: 'at_time',
  day: '2026-11-30',
  starts: 'Yes',
  says: ['Orthodontist'],
  not: ['Yoga'],
});
ask('rivera', R_MON_NOON, 'ana', ['do we have anything at 9am sat'], {
  intent: 'at_time',
  day: '2026-12-05',
  starts: 'Yes',
  says: ['Soccer game'],
  not: ["Noah's birthday party"],
});
ask('rivera', R_MON_NOON, 'ana', ['anything around noon tomorrow'], {
  intent: 'at_time',
  day: '2026-12-01',
  starts: 'No, nothing around 12pm tomorrow (Tue Dec 1)',
  says: ['Next: 4pm Soccer practice (Maya)'],
});
ask('rivera', R_MON_NOON, 'ana', ['is there anything at 6:30 tonight'], {
  intent: 'at_time',
  day: '2026-11-30',
  starts: 'Yes',
  says: ['Grocery run'],
});
ask('rivera', R_MON_NOON, 'ana', ['whats on at 4 tomorrow'], {
  intent: 'at_time',
  day: '2026-12-01',
  starts: 'Yes',
  says: ['Soccer practice'],
  not: ['Book club'],
});
ask('rivera', R_MON_NOON, 'ana', ['does leo have anything at 4 today'], {
  intent: 'at_time',
  day: '2026-11-30',
  starts: 'Yes, Leo has Orthodontist',
});
ask('rivera', R_MON_NOON, 'ana', ['do i have anything at 5 on wednesday'], {
  intent: 'at_time',
  day: '2026-12-02',
  starts: 'No, you have nothing at 5pm',
  says: ['Next: 5:45pm pick up Leo from Piano lesson'],
});
ask('rivera', R_MON_NOON, 'ana', ['is soccer at 4 tomorrow'], {
  intent: 'event_check',
  day: '2026-12-01',
  starts: 'Yes',
  says: ['Soccer practice'],
});
ask('rivera', R_MON_NOON, 'ana', ['is piano at 4 on wednesday'], {
  intent: 'event_check',
  day: '2026-12-02',
  starts: 'No',
  says: ['5-5:45pm', 'not 4pm'],
});
ask('rivera', R_MON_NOON, 'ana', ['am i free around noon tmrw'], {
  intent: 'free',
  day: '2026-12-01',
  starts: 'Yes',
  says: ['around 12pm'],
});
ask('rivera', R_MON_NOON, 'ana', ['is maya free around 4 tmrw'], {
  intent: 'free',
  day: '2026-12-01',
  starts: 'No',
  says: ['Soccer practice'],
});
ask('rivera', R_MON_NOON, 'ana', ['will sam be free by 6 tomorrow'], {
  intent: 'free',
  day: '2026-12-01',
  starts: 'Yes',
});
ask('okafor', SUN_EVE, 'ngozi', ['is there anything at 4 on tuesday'], {
  intent: 'at_time',
  day: '2026-12-08',
  starts: 'No, nothing at 4pm on Tue Dec 8',
  says: ['Next: 4:15pm Dentist (Tobi)'],
});
ask('chen', TUE_EVE, 'wei', ['is there anything at 8 on saturday'], {
  intent: 'at_time',
  day: '2026-11-28',
  starts: 'Yes',
  says: ['Hockey practice'],
});
ask('nguyen', THU_EVE, 'linh', ['is anything on at 9 on the 22nd'], {
  intent: 'at_time',
  day: '2026-12-22',
  starts: 'Yes',
  says: ['Swim school'],
});

// Parts of a day list what starts in their hours (docs/assistant.md): a 4pm practice is not "tomorrow night".
ask('rivera', R_MON_NOON, 'ana', ['anything going on tmrw night'], {
  intent: 'schedule',
  day: '2026-12-01',
  starts: 'Tomorrow night (Tue Dec 1)',
  says: ['Book club'],
  not: ['Soccer practice'],
});
ask('rivera', R_MON_NOON, 'ana', ['whats on tomorrow evening'], {
  intent: 'schedule',
  day: '2026-12-01',
  starts: 'Tomorrow evening (Tue Dec 1)',
  says: ['Book club'],
  not: ['Soccer practice'],
});
ask('rivera', R_MON_NOON, 'ana', ['anything this arvo'], {
  intent: 'schedule',
  day: '2026-11-30',
  starts: 'This afternoon (Mon Nov 30)',
  says: ['Orthodontist'],
  not: ['Grocery run', 'Yoga'],
});
ask('rivera', R_MON_NOON, 'ana', ['whats on after school tomorrow'], {
  intent: 'schedule',
  day: '2026-12-01',
  starts: 'Tomorrow after school (Tue Dec 1)',
  says: ['Soccer practice'],
  not: ['Book club'],
});
ask('rivera', R_MON_NOON, 'ana', ['anything after dinner tonight'], {
  intent: 'schedule',
  day: '2026-11-30',
  says: ['after dinner', 'nothing on the calendar'],
  not: ['Grocery run'],
});
ask('rivera', R_MON_NOON, 'ana', ["what's on wed morning"], {
  intent: 'schedule',
  day: '2026-12-02',
  says: ['Dentist'],
  not: ['Piano lesson'],
});
ask('rivera', R_MON_NOON, 'ana', ['what does ana have thursday night'], {
  intent: 'schedule',
  day: '2026-12-03',
  says: ['PTA meeting'],
});
ask('rivera', R_MON_NOON, 'ana', ["who's picking up tomorrow evening"], {
  intent: 'transport',
  day: '2026-12-01',
  says: ['Sam picks up Maya from Soccer practice at 5:15pm'],
  not: ['drops off'],
});
ask('okafor', SUN_EVE, 'ngozi', ['anything on tues evening'], {
  intent: 'schedule',
  day: '2026-12-08',
  says: ['Football training'],
  not: ['Dentist'],
});
ask('chen', TUE_EVE, 'wei', ['anything tmrw arvo'], {
  intent: 'schedule',
  day: '2026-11-25',
  says: ['Violin lesson'],
  not: ['Book club', 'Work call'],
});
ask('nguyen', THU_EVE, 'linh', ['whats on sat arvo'], {
  intent: 'schedule',
  day: '2026-12-19',
  says: ['nothing on the calendar'],
  not: ['Cricket', 'Date night'],
});

// "Who's doing what": each person's events and drives.
ask('rivera', R_MON_NOON, 'ana', ['whos doing what tomorrow'], {
  intent: 'schedule',
  day: '2026-12-01',
  says: [
    'Ana: 3:45pm drop off Maya at Soccer practice',
    'Sam: 5:15pm pick up Maya from Soccer practice',
    'Rosa: 7pm Book club',
  ],
});
ask('rivera', R_MON_NOON, 'ana', ["who's doing what saturday"], {
  intent: 'schedule',
  day: '2026-12-05',
  says: [
    'Sam: 8:30am drop off Maya at Soccer game',
    "Ana: 10:15am pick up Maya from Soccer game, 1:50pm drop off Leo at Noah's birthday party",
  ],
});
ask('rivera', R_MON_NOON, 'ana', ["what's everyone doing wednesday"], {
  intent: 'schedule',
  day: '2026-12-02',
  says: ['Rosa: 4:50pm drop off Leo at Piano lesson', 'Leo: 5pm Piano lesson'],
});
ask('okafor', SUN_EVE, 'ngozi', ["who's doing what tuesday"], {
  intent: 'schedule',
  day: '2026-12-08',
  says: ['Ngozi: 4pm drop off Tobi at Dentist', '6pm pick up Tobi from Football training'],
});
ask('chen', TUE_EVE, 'wei', ["who's doing what tomorrow"], {
  intent: 'schedule',
  day: '2026-11-25',
  says: ['David: 9am Work call, 4:15pm drop off Lily at Violin lesson'],
});
ask('nguyen', THU_EVE, 'linh', ['who is doing what on saturday'], {
  intent: 'schedule',
  day: '2026-12-19',
  says: ['Tom: 8:15am drop off Ben at Cricket'],
});

// The next free day, evening or weekend: searched forward (8 weeks), the first one that qualifies named.
ask('rivera', R_MON_NOON, 'ana', ["when's our next free saturday"], {
  intent: 'free_search',
  starts: 'Next free Saturday for everyone: Sat Dec 12',
});
ask('rivera', R_MON_NOON, 'ana', ["when's our first free evening"], {
  intent: 'free_search',
  starts: 'Next free evening for everyone: Sat Dec 5',
});
ask('rivera', R_MON_NOON, 'ana', ['when are we all free'], {
  intent: 'free_search',
  starts: 'Next free day for everyone: Mon Dec 7',
});
ask('rivera', R_MON_NOON, 'ana', ['do we have a free weekend in december'], {
  intent: 'free_search',
  starts: 'Yes',
  says: ['Sat Dec 12'],
});
ask('rivera', R_MON_NOON, 'ana', ['next free friday night for me'], {
  intent: 'free_search',
  starts: 'Next free Friday night for you: Fri Dec 4',
});
ask('rivera', R_MON_NOON, 'ana', ['when is our next free tuesday'], {
  intent: 'free_search',
  starts: 'No free Tuesday for everyone in the next 8 weeks',
});
ask('okafor', SUN_EVE, 'ngozi', ['when are we next free on a saturday'], {
  intent: 'free_search',
  starts: 'No free Saturday for everyone in the next 8 weeks',
});
ask('okafor', SUN_EVE, 'ngozi', ['first free evening for marco'], {
  intent: 'free_search',
  starts: 'Next free evening for Marco: Sat Dec 12',
});
ask('chen', TUE_EVE, 'wei', ['when are we free next'], {
  intent: 'free_search',
  starts: 'Next free day for everyone: Thu Dec 3',
});
ask('nguyen', THU_EVE, 'linh', ["when's our next free evening"], {
  intent: 'free_search',
  starts: 'Next free evening for everyone: Sun Dec 20',
});

// A holiday word inside a title question is tried as part of the title first, then as a date.
ask('rivera', R_MON_NOON, 'ana', ['is the christmas fair still on'], {
  intent: 'event_check',
  day: null,
  starts: NOT_FOUND,
  says: ['christmas fair'],
});
ask('rivera', R_MON_NOON, 'ana', ["when's the xmas party"], {
  intent: 'next_event',
  day: null,
  starts: NOT_FOUND,
  says: ['christmas party'],
});
ask('nguyen', THU_EVE, 'linh', ['is the christmas lunch still on'], {
  intent: 'event_check',
  day: null,
  starts: "Yes, Christmas lunch at Nana's",
});
ask('nguyen', THU_EVE, 'linh', ['what time is the christmas party'], {
  intent: 'next_event',
  day: null,
  says: ['Work Christmas party'],
});
ask('okafor', SUN_EVE, 'ngozi', ['is the christmas service still on'], {
  intent: 'event_check',
  day: null,
  starts: 'Yes, Christmas Eve service',
});
ask('chen', TUE_EVE, 'wei', ['is the thanksgiving parade on'], {
  intent: 'event_check',
  day: null,
  starts: NOT_FOUND,
});
ask('nguyen', THU_EVE, 'linh', ['what are we doing for christmas'], {
  intent: 'schedule',
  day: '2026-12-25',
  says: ["Christmas lunch at Nana's"],
});

// Found by round 3's held-out check (added after it, so not part of its score): a part of a day beside a
// holiday is not a title word, and a bare clock time beside an event is about that event's next one.
ask('chen', TUE_EVE, 'wei', ['whats on thanksgiving night'], {
  intent: 'schedule',
  day: '2026-11-26',
  says: ["Thanksgiving at Grandpa Joe's"],
  not: ['Date night'],
});
ask('chen', TUE_EVE, 'wei', ['is the christmas eve dinner at 6'], {
  intent: 'event_check',
  day: null,
  starts: 'Yes, Christmas Eve dinner',
});

// ─── Issue 27: who is driving, and the gaps (pickups and drop-offs no one can do) ───────────────────────
ask(
  'okafor',
  '2026-12-07T08:00:00',
  'ngozi',
  [
    'any gaps this week?',
    'any gaps this wk',
    'anything not covered this week?',
    'any driving clashes this week',
  ],
  {
    intent: 'transport_gaps',
    day: '2026-12-07',
    starts: 'This week (Dec 7-12): 2 gaps:',
    says: [
      'no one is picking up Ada from Piano at 5pm today',
      'Marco picks up Tobi from Football training at 6pm tomorrow but is at Work trip to Manchester',
    ],
  },
);
ask('okafor', '2026-12-07T08:00:00', 'ngozi', ['does anyone need a driver tomorrow', 'any gaps tmrw?'], {
  intent: 'transport_gaps',
  day: '2026-12-08',
  says: ['Tomorrow (Tue Dec 8): 1 gap', 'Marco picks up Tobi'],
  not: ['Piano'],
});
ask('okafor', '2026-12-07T08:00:00', 'ngozi', ['anything uncovered next week?', 'gaps next week'], {
  intent: 'transport_gaps',
  day: '2026-12-13',
  starts: 'Next week (Dec 13-19): 1 gap: no one is picking up Ada from Piano at 5pm Mon Dec 14.',
});
ask('okafor', '2026-12-07T08:00:00', 'ngozi', ['any gaps friday?'], {
  intent: 'transport_gaps',
  day: '2026-12-11',
  starts: 'Fri Dec 11: no pickups or drop-offs.',
});
ask('okafor', '2026-12-07T08:00:00', 'ngozi', ["who's driving Friday?", 'whos driving fri'], {
  intent: 'transport',
  day: '2026-12-11',
  starts: 'No pickups or drop-offs on Fri Dec 11.',
});
ask('okafor', '2026-12-07T08:00:00', 'ngozi', ["who's driving tuesday?"], {
  intent: 'transport',
  day: '2026-12-08',
  says: ['Marco picks up Tobi from Football training at 6pm'],
});

/** Every case of the corpus. */
// ─── Round 4: a held-out probe (2026-11-23) found thanks answered with the help text, weather questions read as
// an event, "what's due" answered with events, and "when am I going to the gym" by someone who never goes.
ask('okafor', MON_AM, 'ngozi', ['thanks so much', 'ty!', 'cheers'], {
  intent: 'help',
  starts: "You're welcome",
});
ask('okafor', MON_AM, 'marco', ["what's the weather like on saturday", 'is it going to rain tmrw'], {
  intent: 'help',
  starts: "I only know your family's calendar",
  not: ['Next', 'No,'],
});
ask('chen', TUE_EVE, 'wei', ['whats due tomorrow', 'anything due tmrw?'], {
  intent: 'tasks',
  day: '2026-11-25',
  says: ['Buy turkey', 'Bake pies'],
  not: ['Violin lesson'],
});
ask('chen', TUE_EVE, 'wei', ['thanks, and whats on tmrw'], {
  intent: 'schedule',
  day: '2026-11-25',
  says: ['Book club'],
});
ask('chen', TUE_EVE, 'david', ['when am i going to the gym next', 'when do i go to the gym'], {
  intent: 'next_event',
  starts: 'You have no "gym" on the calendar',
  says: ['Wei'],
});
ask('nguyen', THU_EVE, 'linh', ['whats on tmoz', 'anything on 2moz?'], {
  intent: 'schedule',
  day: '2026-12-18',
  says: ['Last day of school'],
});
ask('nguyen', THU_EVE, 'tom', ['whats on satdy'], {
  intent: 'schedule',
  day: '2026-12-19',
  says: ['Cricket'],
});
ask('nguyen', THU_EVE, 'tom', ['anything on sundy arvo'], {
  intent: 'schedule',
  day: '2026-12-20',
});
ask('okafor', MON_AM, 'ngozi', ["how's my week looking", 'how is my week looking?'], {
  intent: 'schedule',
  starts: 'You, this week',
});
ask('okafor', MON_AM, 'marco', ['how does tomorrow look', 'hows it looking for tmrw'], {
  intent: 'schedule',
  day: '2026-12-08',
});
ask('okafor', SUN_EVE, 'ngozi', ['whens grandmas flight landing', 'what time does grandma land'], {
  intent: 'next_event',
  says: ["Grandma's flight", 'Sat Dec 19'],
});
ask('okafor', SUN_EVE, 'ngozi', ['what time do i need to leave for the dentist'], {
  intent: 'next_event',
  starts: 'Next Dentist',
});

// ─── Round 7 (issue 43 item 1): tuning cases for the classes still failing ──────────────────────────────
// Written for the fixes of round 7, in words of their own; the round's held-out part (heldout-43b.ts) was
// written first and is never read while tuning.
const round7From = cases.length;
const B7_MON_AM = '2026-11-30T07:30:00';
const B7_SAT_AM = '2026-12-05T10:00:00';
const H7_SAT_AM = '2026-12-05T11:00:00';
const H7_MON_EVE = '2026-12-07T18:00:00';

// A question in the past tense means the day just gone: a weekday, "the 27th", a holiday.
ask('brooks', B7_MON_AM, 'dana', ['did we have anything friday', 'what happened last fri'], {
  intent: 'schedule',
  day: '2026-11-27',
  says: ['Fri Nov 27', 'Flu shots'],
});
ask('brooks', B7_MON_AM, 'dana', ['what was on the 27th', 'what did we have on the 27th'], {
  intent: 'schedule',
  day: '2026-11-27',
  says: ['Flu shots'],
});
ask('brooks', B7_MON_AM, 'dana', ['what was on thanksgiving'], {
  intent: 'schedule',
  day: '2026-11-26',
  says: ['Thu Nov 26'],
});
ask('brooks', B7_MON_AM, 'dana', ['whats on the 28th', 'anything on friday'], {
  intent: 'schedule',
  not: ['Nov 2'],
});
ask('harris', H7_MON_EVE, 'priya', ['what did we have on saturday', 'what did jack do on sat'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ['Sat Dec 5', 'Cinema'],
});
ask('harris', H7_MON_EVE, 'priya', ['what was on the 5th'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ['Swimming'],
});
ask('harris', H7_SAT_AM, 'priya', ['what did we do on thursday', 'what did we get up to thurs'], {
  intent: 'schedule',
  day: '2026-12-03',
  says: ['Gym'],
});
ask('harris', H7_SAT_AM, 'priya', ['what did we do today'], { intent: 'schedule', day: '2026-12-05' });

// "Off" school without the word school, "school shut", and no question word at all.
ask('brooks', B7_MON_AM, 'dana', ['are the kids off on friday', 'kids off school fri?'], {
  intent: 'event_check',
  day: '2026-12-04',
  starts: 'Yes',
  says: ['Fri Dec 4'],
});
ask('brooks', B7_MON_AM, 'dana', ['r the kids off thursday'], {
  intent: 'event_check',
  day: '2026-12-03',
  starts: 'No',
});
ask('harris', H7_MON_EVE, 'priya', ['is school shut friday', 'are the kids off on the 11th'], {
  intent: 'event_check',
  day: '2026-12-11',
  starts: 'Yes',
});
ask('harris', H7_MON_EVE, 'priya', ['school tmrw?'], {
  intent: 'event_check',
  day: '2026-12-08',
  starts: 'Yes',
});

// Words run together or split apart ("bookclub", "hair cut"), and one wider typo beside a word that matches.
ask('brooks', B7_MON_AM, 'dana', ['whens bookclub', 'when is my hair cut', 'when is the swimmeet'], {
  intent: 'next_event',
  starts: 'Next',
  not: [NOT_FOUND],
});
ask('brooks', B7_MON_AM, 'dana', ['is the cake sell on the 11th', 'is the cake sael still on fri 11th'], {
  intent: 'event_check',
  day: '2026-12-11',
  starts: 'Yes',
  says: ['Cake sale'],
});
ask('brooks', B7_MON_AM, 'dana', ['when is the bike sale', 'when is the book sale'], {
  intent: 'next_event',
  starts: NOT_FOUND,
});
ask('harris', H7_MON_EVE, 'priya', ['whens the nativty rehursal'], {
  intent: 'next_event',
  says: ['Nativity rehearsal', 'Wed Dec 9'],
});

// Who could do a drive: "any1", "some1", "who can collect …", "who's free to drive …"; no day named is the
// next such drive; an event with a pickup only answers "take" with its pickup.
ask('brooks', B7_MON_AM, 'dana', ['anyone free to pick eli up from piano', 'can some1 grab eli from piano'], {
  intent: 'free',
  says: ['Pickup of Eli from Piano at 4:45pm Wed Dec 2', 'nobody has it yet', 'Chris'],
});
ask('brooks', B7_MON_AM, 'chris', ['any1 free to take eli to tutoring thurs'], {
  intent: 'free',
  day: '2026-12-03',
  says: ['Pickup of Eli from Tutoring at 4:30pm', "it's yours"],
});
ask('brooks', B7_SAT_AM, 'dana', ["who's free to drive eli to the swim meet", 'who can take eli to swim'], {
  intent: 'free',
  says: ['Drop-off of Eli at Swim meet at 7:30am tomorrow', 'Chris has it'],
});
ask('harris', H7_MON_EVE, 'james', ['who can collect olivia from the rehearsal on wednesday'], {
  intent: 'free',
  day: '2026-12-09',
  says: ['4:30pm', 'Priya has it'],
});
ask(
  'harris',
  H7_MON_EVE,
  'james',
  ['do i need to collect anyone tonight', 'do i have to get anybody 2nite'],
  {
    intent: 'transport',
    day: '2026-12-07',
    says: ['you pick up Olivia from Brownies at 7:30pm'],
  },
);

// A birthday said by the age in its title; "Did you mean …?" for a title sharing a word; task drives by day.
ask('harris', H7_MON_EVE, 'priya', ['whens nans birthday do', 'where is nans party'], {
  intent: 'next_event',
  says: ["Nan's 70th", 'Sun Dec 13'],
});
ask('harris', H7_MON_EVE, 'priya', ['when is the nativity play', 'nativity show when'], {
  intent: 'next_event',
  starts: NOT_FOUND,
  says: ['Did you mean "Nativity rehearsal" (Wed Dec 9)?'],
});
ask('harris', H7_MON_EVE, 'priya', ['whens the xmas fayre'], {
  intent: 'next_event',
  says: ['Christmas fair', 'Sat Dec 12'],
});
ask('brooks', B7_SAT_AM, 'dana', ['what do i have due this week', 'any tasks for me this week'], {
  intent: 'tasks',
  day: '2026-11-29',
  says: ['but you drive', 'Soccer practice Tue Dec 1 at 4:45pm', 'Swim meet tomorrow at 12pm'],
});

// "need picking up", "a lift"; "did dad say I can go to …" is a request; "piano lesson" for "Piano".
const B7_TUE_AM = '2026-12-01T07:00:00';
ask('brooks', B7_TUE_AM, 'dana', ['do the kids need picking up today', 'kids need a ride today?'], {
  intent: 'transport',
  day: '2026-12-01',
  says: ['Zoe', 'Soccer practice'],
});
ask('harris', H7_MON_EVE, 'priya', ['does jack need a lift to football wed'], {
  intent: 'transport',
  day: '2026-12-09',
  says: ['James picks up Jack from Football at 5:30pm'],
});
ask('brooks', B7_TUE_AM, 'zoe', ['did dad say i can go to the sleepover', 'can i go to avas sleepover'], {
  intent: 'activities',
  starts: 'No',
  says: ['declined'],
});
ask('brooks', B7_TUE_AM, 'eli', ['did mom say i could join robotics'], {
  intent: 'activities',
  says: ['pending'],
});
ask('brooks', B7_TUE_AM, 'eli', ['when is my next piano lesson', 'when is my piano class'], {
  intent: 'next_event',
  says: ['Next Piano', 'Wed Dec 2'],
});
ask('brooks', B7_TUE_AM, 'eli', ['is piano class on wed'], { intent: 'event_check', starts: 'Yes' });

// "When was …": the latest one, not the next.
ask('brooks', B7_TUE_AM, 'dana', ['when was the dentist', 'when was the last time we had flu shots'], {
  intent: 'next_event',
  starts: 'Last',
  not: ['2027'],
});
ask('harris', H7_MON_EVE, 'priya', ['when did jack last have football'], {
  intent: 'next_event',
  starts: 'Last Football: Wed Dec 2',
});
ask('brooks', B7_TUE_AM, 'dana', ['when was the cake sale'], {
  intent: 'next_event',
  says: ['lately', 'Next Cake sale: Fri Dec 11'],
});

// A title typed without its apostrophe is still the title (an age in it is no day); fillers ("omg", "lol").
const H7_THU_AM = '2026-12-03T07:20:00';
ask('harris', H7_THU_AM, 'olivia', ['omg when is nans 70th', 'so um whens nans 70th', 'nan bday when? 🎉'], {
  intent: 'next_event',
  says: ["Nan's 70th", 'Sun Dec 13'],
});
ask('harris', H7_THU_AM, 'jack', ['wen is footie', 'lol when is football'], {
  intent: 'next_event',
  says: ['Football', 'Wed Dec 9'],
});
ask('harris', H7_MON_EVE, 'priya', ['when is nans visit'], {
  intent: 'next_event',
  starts: NOT_FOUND,
  says: ['Did you mean "Nan\'s 70th" (Sun Dec 13)?'],
});

// A drive is the driver's own, in a part of a day too (a 4:45pm drop-off for a 5pm practice is "afternoon").
const B7_MON_EVE = '2026-11-30T20:00:00';
ask('brooks', B7_MON_EVE, 'dana', ['am i free tomorrow afternoon', 'am i busy tmrw afternoon'], {
  intent: 'free',
  day: '2026-12-01',
  says: ['busy tomorrow afternoon', '4:45-5:15pm drop off Zoe at Soccer practice'],
});
ask('brooks', B7_MON_EVE, 'dana', ['do i need to be anywhere tmrw'], {
  intent: 'schedule',
  day: '2026-12-01',
  says: ['4:45pm drop off Zoe at Soccer practice'],
});
ask('brooks', B7_MON_EVE, 'chris', ['when am i next on pickup duty'], {
  intent: 'transport',
  says: ['you pick up Zoe from Soccer practice at 6:30pm'],
});
ask('brooks', B7_SAT_AM, 'chris', ['is there any thing on tomorrow'], {
  intent: 'schedule',
  day: '2026-12-06',
  says: ['Swim meet'],
});

// "<weekday> week" asked on that weekday is a week today, as a bare weekday asked on it is today.
ask('harris', H7_MON_EVE, 'priya', ['anything on monday week', 'whats on a week on monday'], {
  intent: 'schedule',
  day: '2026-12-14',
  says: ['Mon Dec 14'],
});

ask('brooks', '2026-12-05T21:00:00', 'dana', ['how was the party', 'how did the bday party go'], {
  intent: 'next_event',
  starts: "Last Zoe's bday party: today",
});

// A run-on's aside ("… i forgot", "… i need to get favors", "… bc i have a meeting") is not the question.
ask('brooks', B7_TUE_AM, 'dana', ['whats on today i forgot', 'whats on 2day i totally forget'], {
  intent: 'schedule',
  day: '2026-12-01',
  starts: 'Today (Tue Dec 1)',
  says: ['School', 'Work dinner'],
});
ask('brooks', B7_TUE_AM, 'chris', ['when is zoes party i need to get favors'], {
  intent: 'next_event',
  says: ["Zoe's bday party", 'Sat Dec 5'],
});
ask('brooks', B7_TUE_AM, 'dana', ['quick q is chris free thursday night i want to go to book club'], {
  intent: 'free',
  day: '2026-12-03',
  starts: 'No, Chris is busy',
});
ask('brooks', B7_TUE_AM, 'dana', ['i think eli has piano tomorrow can u check'], {
  intent: 'event_check',
  day: '2026-12-02',
  starts: 'Yes, Piano',
});
ask('brooks', B7_TUE_AM, 'dana', ['running late can someone check who is getting zoe from soccer tonight'], {
  intent: 'transport',
  day: '2026-12-01',
  says: ['Chris picks up Zoe from Soccer practice at 6:30pm'],
});
ask('harris', H7_MON_EVE, 'olivia', ['do i have brownies tonight i dont want to go lol'], {
  intent: 'event_check',
  day: '2026-12-07',
  starts: 'Yes, Brownies',
});

// An "I" that tells ("I'm trying to figure out …", "I was wondering …") is not the subject, nor the past tense.
ask('brooks', B7_TUE_AM, 'dana', ['hey so im trying to figure out tomorrow whats on for everyone'], {
  intent: 'schedule',
  day: '2026-12-02',
  starts: 'Tomorrow (Wed Dec 2)',
  says: ['School', 'Piano'],
});
ask('brooks', B7_TUE_AM, 'dana', ['i was wondering whats on saturday'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ['Yoga'],
});
ask('brooks', B7_TUE_AM, 'dana', ['is piano on wed i heard it was moved'], {
  intent: 'event_check',
  day: '2026-12-02',
  starts: 'Yes, Piano',
});

/** Round 7's tuning cases (issue 43 item 1), counted on their own by the bench. */
export const ROUND_7: readonly CorpusCase[] = cases.slice(round7From);

// Round 8 (issue 43 item 1): the classes round 8's held-out part missed on its first run (heldout-43c.ts), in
// other words: a teen's dropped g's and "wot" ("takin", "gettin", "wot time"), "ther" for "there", "hw" for
// homework, and an "I" that tells ("I might …", "I'm working late") with a "late" that is not overdue.
const round8From = cases.length;
const O8_MON_PM = '2026-12-07T16:00:00';
const B8_MON_AM = '2026-11-30T07:45:00';
const H8_WED_AM = '2026-12-02T10:00:00';
const H8_THU_PM = '2026-12-03T17:00:00';

ask('okafor', O8_MON_PM, 'ada', ['wot time is piano'], { intent: 'next_event', says: ['Piano', '4:30'] });
ask('okafor', O8_MON_PM, 'tobi', ['whos takin me to football tmrw'], {
  intent: 'transport',
  day: '2026-12-08',
  says: ['Ngozi', '4:45pm'],
});
ask('okafor', O8_MON_PM, 'ada', ['is ther swimming on sat'], {
  intent: 'event_check',
  day: '2026-12-12',
  starts: 'Yes',
});
ask('okafor', O8_MON_PM, 'tobi', ['did i finish my spelling hw'], { intent: 'task_check', starts: 'No' });
ask('okafor', O8_MON_PM, 'marco', ['whats on wednesday i may have to stay late'], {
  intent: 'schedule',
  day: '2026-12-09',
  says: ['Book club'],
});
ask('brooks', B8_MON_AM, 'chris', ['whats on thursday im working late'], {
  intent: 'schedule',
  day: '2026-12-03',
  says: ['Soccer practice', 'Book club'],
});
ask('harris', H8_WED_AM, 'jack', ['whos gettin me from football'], {
  intent: 'transport',
  says: ['James', '5:30pm'],
});
ask('harris', H8_THU_PM, 'olivia', ['wots on sat'], {
  intent: 'schedule',
  day: '2026-12-05',
  says: ['Swimming'],
});

/** Round 8's tuning cases (issue 43 item 1), counted on their own by the bench. */
export const ROUND_8: readonly CorpusCase[] = cases.slice(round8From);

/**
 * Every case: rounds 1-4 above, round 5 (heldout.ts, the held-out set of 2026-11-23), round 6 (issue 43:
 * understanding.ts and its held-out part heldout-43.ts), round 7 (the tuning cases above, ROUND_7, and its
 * held-out part heldout-43b.ts), round 8 (the tuning cases above, ROUND_8, and its held-out
 * part heldout-43c.ts, tuned on after its first run).
 */
export const CORPUS: readonly CorpusCase[] = [
  ...cases,
  ...HELDOUT,
  ...UNDERSTANDING,
  ...HELDOUT_43,
  ...HELDOUT_43B,
  ...HELDOUT_43C,
];
