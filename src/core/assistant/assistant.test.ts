import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { countSmsSegments } from '../notifications/sms-segments.ts';
import { deterministicAssistant } from './assistant.ts';
import { smsPages } from './format.ts';
import type { AssistantEvent, FamilyData } from './family-data.ts';
import {
  ANA,
  FIXTURE_EVENTS,
  LEO,
  MAYA,
  ROSA,
  SAM,
  fixtureFamily,
} from '../../../test/assistant/fixture-family.ts';

/**
 * The question corpus (issue 9): real-sounding texts, with typos, shorthand ("2moro", "tmrw"), emoji, all caps,
 * curly apostrophes and possessives, each with the exact reply expected from the Rivera family's busy week
 * (fixture-family.ts: "now" is Monday Nov 30 2026, 07:45 in America/Los_Angeles; weeks start on Sunday).
 * [asker, question, expected reply]
 */
const CORPUS: Array<[number, string, string]> = [
  // The docs/assistant.md transcript, verbatim.
  [
    ANA,
    "What's happening on Saturday?",
    "Sat Dec 5: 9am Soccer game (Maya); 2pm Noah's birthday party (Leo).",
  ],
  [ANA, "Maya's schedule thursday", 'Maya, on Thu Dec 3: 6:30pm Swim practice.'],
  [
    ANA,
    "who's picking up maya tmrw",
    'Tomorrow (Tue Dec 1): Sam picks up Maya from Soccer practice at 5:15pm.',
  ],
  [
    MAYA,
    'any chores for me? 🙏',
    'Your open tasks (2): Math worksheet (due tomorrow 8pm); Clean room (due Sat Dec 5 10am).',
  ],
  // The rest of the corpus.
  [
    ANA,
    "What's on today?",
    'Today (Mon Nov 30): 6:30am Yoga (Ana); 3:30pm Orthodontist (Leo and Ana); 6pm Grocery run (Sam).',
  ],
  [ANA, 'whats on 2moro', 'Tomorrow (Tue Dec 1): 4pm Soccer practice (Maya); 7pm Book club (Rosa).'],
  [ANA, 'wats happening tmrw??', 'Tomorrow (Tue Dec 1): 4pm Soccer practice (Maya); 7pm Book club (Rosa).'],
  [ANA, "What's on tomorrow 😊", 'Tomorrow (Tue Dec 1): 4pm Soccer practice (Maya); 7pm Book club (Rosa).'],
  [ANA, 'anything on saturday?', "Sat Dec 5: 9am Soccer game (Maya); 2pm Noah's birthday party (Leo)."],
  [ANA, "What's happening on Sat", "Sat Dec 5: 9am Soccer game (Maya); 2pm Noah's birthday party (Leo)."],
  [
    ANA,
    'what do we have next week',
    "Next week (Dec 6-12): Sun 5pm Dinner at Grandma's (everyone); Tue 4pm Soccer practice (Maya); Thu 6pm Swim practice (Maya and Leo); Fri 6:30pm Holiday concert (Maya and Leo).",
  ],
  [
    ANA,
    'whats on next wk',
    "Next week (Dec 6-12): Sun 5pm Dinner at Grandma's (everyone); Tue 4pm Soccer practice (Maya); Thu 6pm Swim practice (Maya and Leo); Fri 6:30pm Holiday concert (Maya and Leo).",
  ],
  [
    ANA,
    "What's on Dec 3?",
    'Thu Dec 3: 6am Work trip to Seattle (Sam); 6:30pm Swim practice (Maya and Leo); 7pm PTA meeting (Ana).',
  ],
  [
    ANA,
    'anything on dec 3rd',
    'Thu Dec 3: 6am Work trip to Seattle (Sam); 6:30pm Swim practice (Maya and Leo); 7pm PTA meeting (Ana).',
  ],
  [ANA, 'schedule for 12/5', "Sat Dec 5: 9am Soccer game (Maya); 2pm Noah's birthday party (Leo)."],
  [
    ANA,
    'what is on the 3rd',
    'Thu Dec 3: 6am Work trip to Seattle (Sam); 6:30pm Swim practice (Maya and Leo); 7pm PTA meeting (Ana).',
  ],
  [
    ANA,
    "what's on this week",
    "This week (Nov 30-Dec 5): Mon 6:30am Yoga (Ana); Mon 3:30pm Orthodontist (Leo and Ana); Mon 6pm Grocery run (Sam); Tue 4pm Soccer practice (Maya); Tue 7pm Book club (Rosa); Wed 10:30am Dentist (Maya and Ana); Wed 5pm Piano lesson (Leo); Thu 6am Work trip to Seattle (Sam); Thu 6:30pm Swim practice (Maya and Leo); Thu 7pm PTA meeting (Ana); Fri All day No school (Maya and Leo); Sat 9am Soccer game (Maya); Sat 2pm Noah's birthday party (Leo).",
  ],
  [
    ANA,
    'this weekend?',
    "This weekend (Dec 5-6): Sat 9am Soccer game (Maya); Sat 2pm Noah's birthday party (Leo); Sun 5pm Dinner at Grandma's (everyone).",
  ],
  [ANA, "what's on sunday", "Sun Dec 6: 5pm Dinner at Grandma's (everyone)."],
  [ANA, 'what is on next wednesday', 'Wed Dec 9: nothing on the calendar.'],
  [ANA, 'whats on wednsday', 'Wed Dec 2: 10:30am Dentist (Maya and Ana); 5pm Piano lesson (Leo).'],
  [
    ANA,
    'whats going on thurs',
    'Thu Dec 3: 6am Work trip to Seattle (Sam); 6:30pm Swim practice (Maya and Leo); 7pm PTA meeting (Ana).',
  ],
  [ANA, "what's on dec 9", 'Wed Dec 9: nothing on the calendar.'],
  [ANA, 'whats on tonight', 'Tonight (Mon Nov 30): 6pm Grocery run (Sam).'],
  [ANA, 'anything this evening?', 'Tonight (Mon Nov 30): 6pm Grocery run (Sam).'],
  [
    ANA,
    "what's on friday",
    'Fri Dec 4: Until 6pm Work trip to Seattle (Sam); All day No school (Maya and Leo).',
  ],
  [
    ANA,
    'what does Maya have tomorrow?',
    'Maya, tomorrow (Tue Dec 1): 4pm Soccer practice; 8pm task: Math worksheet.',
  ],
  [ANA, "maya's schedule thursday", 'Maya, on Thu Dec 3: 6:30pm Swim practice.'],
  [
    ANA,
    "MAYA'S SCHEDULE TOMORROW",
    'Maya, tomorrow (Tue Dec 1): 4pm Soccer practice; 8pm task: Math worksheet.',
  ],
  [
    ANA,
    "what's Leo doing on Saturday",
    "Leo, on Sat Dec 5: 10am task: Clean room; 2pm Noah's birthday party.",
  ],
  [
    ANA,
    'what’s maya up to tmrw',
    'Maya, tomorrow (Tue Dec 1): 4pm Soccer practice; 8pm task: Math worksheet.',
  ],
  [
    ANA,
    'what is maya doing this weekend',
    "Maya, this weekend (Dec 5-6): Sat 9am Soccer game; Sat 10am task: Clean room; Sun 5pm Dinner at Grandma's.",
  ],
  [
    ANA,
    'what is maya doing tomorrow afternoon',
    'Maya, tomorrow afternoon (Tue Dec 1): 4pm Soccer practice.',
  ],
  [ANA, 'wat does sam have on thurs', 'Sam, on Thu Dec 3: 6am Work trip to Seattle.'],
  [ANA, 'what does rosa have tuesday', 'Rosa, tomorrow (Tue Dec 1): 7pm Book club.'],
  [ANA, 'do i have anything tonight', 'Nothing on your calendar tonight (Mon Nov 30).'],
  [
    ANA,
    "what's on my calendar tomorrow",
    'You, tomorrow (Tue Dec 1): 3:45pm drop off Maya at Soccer practice.',
  ],
  [LEO, 'what do I have', 'You, today (Mon Nov 30): 3:30pm Orthodontist.'],
  [LEO, 'what do i have on saturday', "You, on Sat Dec 5: 10am task: Clean room; 2pm Noah's birthday party."],
  [
    ANA,
    'When is soccer next?',
    'Next Soccer practice: tomorrow (Tue Dec 1) 4-5:30pm at Riverside Park (Maya).',
  ],
  [ANA, "when's the next piano lesson", "Next Piano lesson: Wed Dec 2 5-5:45pm at Ms. Kim's studio (Leo)."],
  [
    ANA,
    'when is swim practice',
    'Next Swim practice: Thu Dec 3 6:30-7:30pm at Aquatic Center (Maya and Leo).',
  ],
  [
    ANA,
    'whens swim this week',
    'Next Swim practice: Thu Dec 3 6:30-7:30pm at Aquatic Center (Maya and Leo).',
  ],
  [ANA, "when is maya's soccer game", 'Next Soccer game: Sat Dec 5 9-10:30am at Westfield Fields (Maya).'],
  [ANA, 'When is the flight?', 'Next Flight to Denver: Sun Dec 20 9:15-11:45am (Ana, Sam, Maya and Leo).'],
  [
    ANA,
    'whens the concert',
    'Next Holiday concert: Fri Dec 11 6:30-8pm at Lincoln Elementary (Maya and Leo).',
  ],
  [ANA, 'when is ortho', 'Next Orthodontist: today 3:30-4:15pm at Bright Smiles (Leo and Ana).'],
  [ANA, 'when is the dentist', 'Next Dentist: Wed Dec 2 10:30-11:30am at Dr. Patel (Maya and Ana).'],
  [ANA, 'when is dinner at grandmas', "Next Dinner at Grandma's: Sun Dec 6 5-7:30pm (everyone)."],
  [ANA, 'what time is book club tomorrow', 'Next Book club: tomorrow (Tue Dec 1) 7-9pm (Rosa).'],
  [ANA, 'where is the soccer game', 'Next Soccer game: Sat Dec 5 9-10:30am at Westfield Fields (Maya).'],
  [ANA, 'where is piano', "Next Piano lesson: Wed Dec 2 5-5:45pm at Ms. Kim's studio (Leo)."],
  [
    ANA,
    'when is leos next swim',
    'Next Swim practice: Thu Dec 3 6:30-7:30pm at Aquatic Center (Maya and Leo).',
  ],
  [ANA, 'soccer?', 'Next Soccer practice: tomorrow (Tue Dec 1) 4-5:30pm at Riverside Park (Maya).'],
  [ANA, 'when is karate', 'I couldn\'t find "karate" on the calendar in the coming year.'],
  [
    ANA,
    'when is piano on dec 9',
    'No "piano" on Wed Dec 9. Next: Piano lesson, Wed Dec 16 5-5:45pm at Ms. Kim\'s studio (Leo).',
  ],
  [ANA, 'who is picking up Maya today?', 'No pickups for Maya today (Mon Nov 30).'],
  [
    ANA,
    "who's picking up maya tomorrow",
    'Tomorrow (Tue Dec 1): Sam picks up Maya from Soccer practice at 5:15pm.',
  ],
  [
    ANA,
    'whos picking up leo from swim on thursday',
    'Thu Dec 3: Rosa picks up Maya and Leo from Swim practice at 7:30pm.',
  ],
  [
    ANA,
    'who is dropping off leo at piano wednesday',
    'Wed Dec 2: Rosa drops off Leo at Piano lesson at 4:50pm.',
  ],
  [
    ANA,
    "who's driving on saturday",
    "Sat Dec 5: Sam drops off Maya at Soccer game at 8:30am; you pick up Maya from Soccer game at 10:15am; you drop off Leo at Noah's birthday party at 1:50pm; nobody is picking up Leo from Noah's birthday party yet (4pm).",
  ],
  [
    ANA,
    'who picks up from the birthday party',
    "Sat Dec 5: nobody is picking up Leo from Noah's birthday party yet (4pm).",
  ],
  [ANA, 'who takes maya to soccer', 'Tomorrow (Tue Dec 1): you drop off Maya at Soccer practice at 3:45pm.'],
  [
    ANA,
    'who is doing drop off saturday',
    "Sat Dec 5: Sam drops off Maya at Soccer game at 8:30am; you drop off Leo at Noah's birthday party at 1:50pm.",
  ],
  [ANA, 'any pickups today?', 'No pickups today (Mon Nov 30).'],
  [
    SAM,
    'who is picking up maya tmrw',
    'Tomorrow (Tue Dec 1): you pick up Maya from Soccer practice at 5:15pm.',
  ],
  [
    ANA,
    'my tasks',
    'Your open tasks (2): Pay soccer fees (overdue since Sun Nov 29); Buy gift for Noah (due Fri Dec 4 5pm).',
  ],
  [
    ANA,
    'what are my chores',
    'Your open tasks (2): Pay soccer fees (overdue since Sun Nov 29); Buy gift for Noah (due Fri Dec 4 5pm).',
  ],
  [
    MAYA,
    'any chores for me?',
    'Your open tasks (2): Math worksheet (due tomorrow 8pm); Clean room (due Sat Dec 5 10am).',
  ],
  [
    ANA,
    "what are Leo's tasks",
    "Leo's open tasks (3): Return library books (overdue since Fri Nov 27); Clean room (due Sat Dec 5 10am); Practice piano.",
  ],
  [
    ANA,
    'leos tasks',
    "Leo's open tasks (3): Return library books (overdue since Fri Nov 27); Clean room (due Sat Dec 5 10am); Practice piano.",
  ],
  [
    ANA,
    'Maya’s tasks',
    "Maya's open tasks (2): Math worksheet (due tomorrow 8pm); Clean room (due Sat Dec 5 10am).",
  ],
  [
    ANA,
    'mayas to do list',
    "Maya's open tasks (2): Math worksheet (due tomorrow 8pm); Clean room (due Sat Dec 5 10am).",
  ],
  [
    ANA,
    'family tasks',
    'Open family tasks (8): Return library books (Leo, overdue since Fri Nov 27); Call plumber (overdue since Sat Nov 28); Pay soccer fees (Ana, overdue since Sun Nov 29); Take out trash (Sam, due today 7pm); Math worksheet (Maya, due tomorrow 8pm); Buy gift for Noah (Ana, due Fri Dec 4 5pm); Clean room (Maya and Leo, due Sat Dec 5 10am); Practice piano (Leo).',
  ],
  [SAM, 'what do i need to do today', 'Your tasks due today (Mon Nov 30): Take out trash (due today 7pm).'],
  [
    ANA,
    'what does leo need to do this week',
    "Leo's tasks due this week (Nov 30-Dec 5): Clean room (due Sat Dec 5 10am).",
  ],
  [ROSA, 'what are my tasks', 'You have no open tasks.'],
  [
    ANA,
    "what's overdue",
    'Overdue (3): Return library books (Leo, due Fri Nov 27); Call plumber (due Sat Nov 28); Pay soccer fees (Ana, due Sun Nov 29).',
  ],
  [
    ANA,
    'anything overdue??',
    'Overdue (3): Return library books (Leo, due Fri Nov 27); Call plumber (due Sat Nov 28); Pay soccer fees (Ana, due Sun Nov 29).',
  ],
  [ANA, 'overdue tasks for leo', "Leo's overdue tasks (1): Return library books (due Fri Nov 27)."],
  [MAYA, 'do i have anything overdue', 'You have nothing overdue.'],
  [
    ANA,
    'is anything past due',
    'Overdue (3): Return library books (Leo, due Fri Nov 27); Call plumber (due Sat Nov 28); Pay soccer fees (Ana, due Sun Nov 29).',
  ],
  [
    ANA,
    'am i free at 3',
    "Yes, you're free at 3pm today (Mon Nov 30). Next: drop off Leo at Orthodontist at 3:15pm.",
  ],
  [ANA, 'am I free at 3:30 today', 'No, you have Orthodontist 3:30-4:15pm today (Mon Nov 30).'],
  [
    ANA,
    'is Sam free tomorrow at 5pm',
    'Yes, Sam is free at 5pm tomorrow (Tue Dec 1). Next: pick up Maya from Soccer practice at 5:15pm.',
  ],
  [ANA, 'is maya free at 4:30 tmrw', 'No, Maya has Soccer practice 4-5:30pm tomorrow (Tue Dec 1).'],
  [ANA, 'Is Sam free on Thursday', 'No, Sam is busy on Thu Dec 3: from 6am Work trip to Seattle.'],
  [ANA, 'is maya free saturday', 'No, Maya is busy on Sat Dec 5: 9-10:30am Soccer game.'],
  [ANA, 'Is Rosa free tomorrow night', 'No, Rosa is busy tomorrow night (Tue Dec 1): 7-9pm Book club.'],
  [LEO, 'am I busy saturday', "Yes, you are busy on Sat Dec 5: 2-4pm Noah's birthday party."],
  [
    ANA,
    'is anyone free friday at 4',
    // Maya and Leo's all-day "No school" counts as theirs (issue 28: all-day events they attend).
    'Yes, Ana and Rosa are free at 4pm on Fri Dec 4. Busy: Sam (Work trip to Seattle); Maya (No school); Leo (No school).',
  ],
  [
    ANA,
    'is everyone free sunday',
    "No, not everyone is free on Sun Dec 6: 5-7:30pm Dinner at Grandma's (everyone).",
  ],
  [ANA, 'is sam available at noon on thursday', 'No, Sam has Work trip to Seattle from 6am on Thu Dec 3.'],
  [
    ANA,
    'is olivia free tomorrow?',
    "I don't know anyone called Olivia in your family. Try a first name: Ana, Sam, Maya, Leo and Rosa.",
  ],
  [
    ANA,
    'is dad free at 6',
    "I don't know anyone called Dad in your family. Try a first name: Ana, Sam, Maya, Leo and Rosa.",
  ],
  [ANA, "what's next", 'Next: Orthodontist, today 3:30-4:15pm at Bright Smiles (Leo and Ana).'],
  [ANA, 'whats next??', 'Next: Orthodontist, today 3:30-4:15pm at Bright Smiles (Leo and Ana).'],
  [
    ANA,
    "what's next for Leo",
    'Next for Leo: Orthodontist, today 3:30-4:15pm at Bright Smiles (Leo and Ana).',
  ],
  [SAM, 'whats next for me', 'Next for you: Grocery run, today 6-7pm (Sam).'],
  [ANA, 'next event for rosa', 'Next for Rosa: Book club, tomorrow (Tue Dec 1) 7-9pm (Rosa).'],
  [
    MAYA,
    'when is my next appointment',
    'Next for you: Soccer practice, tomorrow (Tue Dec 1) 4-5:30pm at Riverside Park (Maya).',
  ],
  [
    ANA,
    'what does grandma have tuesday',
    "I don't know anyone called Grandma in your family. Try a first name: Ana, Sam, Maya, Leo and Rosa.",
  ],
  [
    ANA,
    'blah blah',
    'FamilyHub here. Ask me about your family calendar and tasks, e.g. "What\'s on tomorrow?", "What are my tasks?" or "Who is picking up today?"',
  ],
  [ANA, 'thanks!', "You're welcome! Text me any time about the family calendar."],
  [
    ANA,
    'hey whats up',
    'FamilyHub here. Ask me about your family calendar and tasks, e.g. "What\'s on tomorrow?", "What are my tasks?" or "Who is picking up today?"',
  ],
  [
    ANA,
    'help',
    'FamilyHub here. Ask me about your family calendar and tasks, e.g. "What\'s on tomorrow?", "What are my tasks?" or "Who is picking up today?"',
  ],
  [
    ANA,
    'what can you do',
    'FamilyHub here. Ask me about your family calendar and tasks, e.g. "What\'s on tomorrow?", "What are my tasks?" or "Who is picking up today?"',
  ],
  [
    ANA,
    '👍',
    'FamilyHub here. Ask me about your family calendar and tasks, e.g. "What\'s on tomorrow?", "What are my tasks?" or "Who is picking up today?"',
  ],
  [ANA, 'am i free at 3:20 today', 'No, you drop off Leo at Orthodontist at 3:15pm today (Mon Nov 30).'],
  [
    ANA,
    'is sam free at 5:20 tomorrow',
    'No, Sam picks up Maya from Soccer practice at 5:15pm tomorrow (Tue Dec 1).',
  ],
  [ANA, 'Whats on Tues?', 'Tomorrow (Tue Dec 1): 4pm Soccer practice (Maya); 7pm Book club (Rosa).'],
  [ANA, 'wat r we doing saturday morning', 'Sat Dec 5 morning: 9am Soccer game (Maya).'],
  [
    ANA,
    'what do the kids have on friday',
    'Fri Dec 4: Until 6pm Work trip to Seattle (Sam); All day No school (Maya and Leo).',
  ],
  [ANA, 'How about next weekend?', 'Next weekend (Dec 12-13): nothing on the calendar.'],
];

describe('the question corpus', () => {
  it('has at least 80 questions', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(80);
  });

  it.each(CORPUS)('asked by member %i: %s', (asker, question, expected) => {
    expect(deterministicAssistant.answer(question, fixtureFamily(asker))).toBe(expected);
  });

  it('sends every reply in GSM-7 SMS of at most 2 segments (issue 43)', () => {
    for (const [asker, question] of CORPUS) {
      for (const sms of smsPages(deterministicAssistant.answer(question, fixtureFamily(asker)))) {
        expect(countSmsSegments(sms), question).toMatchObject({ encoding: 'GSM-7' });
        expect(countSmsSegments(sms).segments, question).toBeLessThanOrEqual(2);
      }
    }
  });
});

/** A fixture event by id (tests build variations of it). */
function fixtureEvent(id: number): AssistantEvent {
  const event = FIXTURE_EVENTS.find((e) => e.id === id);
  if (!event) throw new Error(`no fixture event ${id}`);
  return event;
}

describe('names and words that look like dates', () => {
  /** A family of `names` (ids 1, 2, …) asked by the first, with no events or tasks. */
  const family = (names: string[]): FamilyData => ({
    now: '2026-11-30T07:45:00',
    timeZone: 'America/Los_Angeles',
    askerId: 1,
    members: names.map((name, i) => ({ id: i + 1, name })),
    events: [],
    tasks: [],
    activities: [],
  });

  it('reads a member called May as a name, not the month', () => {
    const data = family(['Ana Rivera', 'May Chen']);
    data.events = [{ ...fixtureEvent(2), memberIds: [2] }];
    expect(deterministicAssistant.answer('what does may have today', data)).toBe(
      'May, today (Mon Nov 30): 3:30pm Orthodontist.',
    );
  });

  it('reads a member called Tom as a name, not "tomorrow"', () => {
    const data = family(['Ana Rivera', 'Tom Chen']);
    expect(deterministicAssistant.answer("tom's tasks", data)).toBe('Tom has no open tasks.');
  });

  it('matches a first name with accents either way, and the first of two members sharing a first name', () => {
    const data = family(['Ana Rivera', 'José Luis', 'Jose Other']);
    expect(deterministicAssistant.answer('is jose free at 3', data)).toBe(
      'Yes, José is free at 3pm today (Mon Nov 30).',
    );
  });
});

describe('when there is little to say', () => {
  const empty: FamilyData = {
    now: '2026-11-30T07:45:00',
    timeZone: 'America/Los_Angeles',
    askerId: 1,
    members: [{ id: 1, name: 'Ana' }],
    events: [],
    tasks: [],
    activities: [],
  };

  it.each([
    ["what's on today", 'Today (Mon Nov 30): nothing on the calendar.'],
    ["what's next", 'Nothing coming up on the calendar.'],
    ['my tasks', 'You have no open tasks.'],
    ['overdue?', 'Nothing is overdue.'],
    ['who is picking up today', 'No pickups today (Mon Nov 30).'],
    ['when is soccer', 'I couldn\'t find "soccer" on the calendar in the coming year.'],
    ['am i free tomorrow', 'Yes, you are free tomorrow (Tue Dec 1): nothing on the calendar.'],
  ])('%s', (question, expected) => {
    expect(deterministicAssistant.answer(question, empty)).toBe(expected);
  });
});

describe('long answers', () => {
  it('sends as many items as fit in 2 segments and keeps the rest for MORE (issue 43)', () => {
    const events = Array.from({ length: 40 }, (_, i) => ({
      ...fixtureEvent(3),
      id: 100 + i,
      title: `Volunteer shift number ${i + 1}`,
      start: `2026-12-01T${String(6 + Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}:00`,
    }));
    const whole = deterministicAssistant.answer('whats on tomorrow', { ...fixtureFamily(), events });
    const [reply, ...more] = smsPages(whole);
    expect(countSmsSegments(reply ?? '').segments).toBeLessThanOrEqual(2);
    expect(reply).toMatch(
      /^Tomorrow \(Tue Dec 1\): 6am Volunteer shift number 1 \(Sam\); .* \+\d+ more\. Reply MORE$/,
    );
    expect(more.length).toBeGreaterThan(0);
    expect(more.at(-1)).toMatch(/Volunteer shift number 40 \(Sam\)\.$/);
  });
});

describe('any text at any time', () => {
  const words = [
    ...'what whats is on when next who picking up drop off free busy at tomorrow 2moro today tonight'.split(
      ' ',
    ),
    ..."saturday next week weekend my tasks overdue maya leo sam ana rosa maya's soccer piano swim".split(
      ' ',
    ),
    ...'3 4:30 5pm dec 3 12/5 the 3rd ? !! 😀 olivia help stop'.split(' '),
  ];
  const question = fc.oneof(
    fc.string({ unit: 'grapheme', maxLength: 200 }),
    fc.array(fc.constantFrom(...words), { maxLength: 12 }).map((w) => w.join(' ')),
  );
  // Any minute in 2026-2027, including the DST changes.
  const now = fc
    .integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 11, 31) })
    .map((ms) => new Date(Math.floor(ms / 60_000) * 60_000).toISOString().slice(0, 16) + ':00');

  it('never throws, and always answers in SMS of at most 2 segments', () => {
    fc.assert(
      fc.property(question, now, fc.constantFrom(ANA, SAM, MAYA, LEO, ROSA), (q, at, asker) => {
        const reply = deterministicAssistant.answer(q, fixtureFamily(asker, at));
        expect(reply.length).toBeGreaterThan(0);
        for (const sms of smsPages(reply)) expect(countSmsSegments(sms).segments).toBeLessThanOrEqual(2);
      }),
      { numRuns: 300 },
    );
  });
});
