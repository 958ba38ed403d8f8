import type { CommandCase, CommandExpect } from './command-case.ts';

/**
 * Command texts and the confirmations they should get (see command-case.ts), the tuning part: the reader was
 * fixed until these read right. Rivera (Los Angeles): "now" is Monday Nov 30 2026, 7:45 AM or Wednesday Dec 2;
 * Okafor (London, day-first dates): Monday Dec 7 2026, 8 AM. The texter is a parent.
 */
const cases: CommandCase[] = [];

const MON = '2026-11-30T07:45:00';
const WED = '2026-12-02T07:45:00';
const MON_UK = '2026-12-07T08:00:00';

function riv(at: string, texts: string[], expect: CommandExpect | { refused: string }, asker = 'ana') {
  for (const text of texts) cases.push({ family: 'rivera', asker, at, text, expect });
}
function oka(texts: string[], expect: CommandExpect | { refused: string }, asker = 'ngozi') {
  for (const text of texts) cases.push({ family: 'okafor', asker, at: MON_UK, text, expect });
}

// Add an event (parseEventCommand, ADR 052).
riv(MON, ['add dentist for maya tue 3pm'], {
  kind: 'add_event',
  title: 'Dentist',
  who: ['maya'],
  start: '2026-12-01T15:00',
  says: ['tomorrow, Tue, Dec 1 at 3:00 PM', 'one time'],
});
riv(MON, ['soccer practice every sat 9am'], {
  kind: 'add_event',
  title: 'Soccer practice',
  start: '2026-12-05T09:00',
  repeat: 'weekly',
  says: ['every Saturday at 9:00 AM', 'repeating series'],
});
riv(WED, ['put pizza night on the calendar fri 6pm'], {
  kind: 'add_event',
  title: 'Pizza night',
  start: '2026-12-04T18:00',
});
riv(MON, ['add haircut for leo thurs 4:30'], {
  kind: 'add_event',
  title: 'Haircut',
  who: ['leo'],
  start: '2026-12-03T16:30',
  says: ['"4:30" read as 4:30 PM'],
});
riv(MON, ['schedule parent teacher conf dec 10 at 8'], {
  kind: 'add_event',
  title: 'Parent teacher conf',
  start: '2026-12-10T08:00',
  says: ['"8" read as 8:00 AM'],
});
oka(['add dentist for tobi 14/12 at 9'], {
  kind: 'add_event',
  title: 'Dentist',
  who: ['tobi'],
  start: '2026-12-14T09:00',
});
oka(['add swimming gala for ada sat 2pm'], {
  kind: 'add_event',
  title: 'Swimming gala',
  who: ['ada'],
  start: '2026-12-12T14:00',
});
oka(['add yoga every tuesday 7pm'], {
  kind: 'add_event',
  title: 'Yoga',
  start: '2026-12-08T19:00',
  repeat: 'weekly',
});

// Move one occurrence, or the series' time.
riv(MON, ['Move soccer to 5!'], {
  kind: 'move',
  title: 'Soccer practice',
  from: '2026-12-01T16:00',
  start: '2026-12-01T17:00',
  says: ['from 4:00 PM to 5:00 PM', 'this one only', '"5" read as 5:00 PM'],
});
riv(WED, ['move soccer tues to 5:30', "Can you move Maya's soccer on tuesday to 5:30?"], {
  kind: 'move',
  title: 'Soccer practice',
  from: '2026-12-08T16:00',
  start: '2026-12-08T17:30',
});
riv(WED, ['push piano to thu 4pm'], {
  kind: 'move',
  title: 'Piano lesson',
  from: '2026-12-02T17:00',
  start: '2026-12-03T16:00',
  says: ['to tomorrow, Thu, Dec 3 at 4:00 PM'],
});
riv(WED, ['move swim back an hour'], {
  kind: 'move',
  title: 'Swim practice',
  from: '2026-12-03T18:30',
  start: '2026-12-03T19:30',
});
riv(WED, ["move dinner at grandma's to 6"], {
  kind: 'move',
  title: "Dinner at Grandma's",
  from: '2026-12-06T17:00',
  start: '2026-12-06T18:00',
});
riv(MON, ['move all soccer to 4:30'], {
  kind: 'move',
  title: 'Soccer practice',
  from: '2026-12-01T16:00',
  start: '2026-12-01T16:30',
  scope: 'all',
  says: ['the whole series'],
});
oka(['move football tue to 5:30'], {
  kind: 'move',
  title: 'Football training',
  from: '2026-12-08T17:00',
  start: '2026-12-08T17:30',
});
oka(['move the dentist to 4:45'], {
  kind: 'move',
  title: 'Dentist',
  from: '2026-12-08T16:15',
  start: '2026-12-08T16:45',
});

// Cancel one occurrence or the series.
riv(WED, ['Cancel piano tonight pls'], {
  kind: 'cancel',
  title: 'Piano lesson',
  start: '2026-12-02T17:00',
  says: ['today, Wed, Dec 2 at 5:00 PM', 'this one only'],
});
riv(MON, ['cancel piano wed'], { kind: 'cancel', title: 'Piano lesson', start: '2026-12-02T17:00' });
riv(WED, ['skip swim thursday'], { kind: 'cancel', title: 'Swim practice', start: '2026-12-03T18:30' });
riv(WED, ['cancel dentist'], {
  kind: 'cancel',
  title: 'Dentist',
  start: '2026-12-02T10:30',
  says: ['one-time event'],
});
riv(WED, ['cancel soccer every week'], {
  kind: 'cancel',
  title: 'Soccer practice',
  start: '2026-12-08T16:00',
  scope: 'all',
  says: ['the whole series'],
});
riv(MON, ['cancel book club for good'], {
  kind: 'cancel',
  title: 'Book club',
  start: '2026-12-01T19:00',
  scope: 'all',
});
oka(['cancel football thursday'], { kind: 'cancel', title: 'Football training', start: '2026-12-10T17:00' });
oka(['cancel piano today'], { kind: 'cancel', title: 'Piano', start: '2026-12-07T16:30' });
riv(MON, ['cancel karate tmrw'], { refused: 'couldn\'t find "karate"' });

// Add a task.
riv(MON, ['remind leo to pack PE kit fri'], {
  kind: 'add_task',
  title: 'Pack PE kit',
  who: ['leo'],
  start: '2026-12-04T08:00',
  says: ['due on Fri, Dec 4 at 8:00 AM', 'No time given'],
});
riv(WED, ['add task call plumber tmrw'], {
  kind: 'add_task',
  title: 'Call plumber',
  who: ['ana'],
  start: '2026-12-03T08:00',
});
riv(WED, ['pls remind me to call grandma sunday at 4'], {
  kind: 'add_task',
  title: 'Call grandma',
  who: ['ana'],
  start: '2026-12-06T16:00',
  says: ['"4" read as 4:00 PM'],
});
riv(MON, ['remind maya to practice piano tmrw 5pm'], {
  kind: 'add_task',
  title: 'Practice piano',
  who: ['maya'],
  start: '2026-12-01T17:00',
});
oka(['remind tobi to do spellings tmrw'], {
  kind: 'add_task',
  title: 'Do spellings',
  who: ['tobi'],
  start: '2026-12-08T08:00',
});

// Take or give up a pickup or drop-off.
riv(MON, ["I'll get maya", 'ill get maya'], {
  kind: 'drive',
  title: 'Soccer practice',
  who: ['maya'],
  start: '2026-12-01T17:15',
  says: ['Sam has it now'],
});
riv(WED, ['i can grab leo from swim thurs'], {
  kind: 'drive',
  title: 'Swim practice',
  who: ['leo'],
  start: '2026-12-03T19:30',
});
riv(WED, ["I'm taking leo to piano"], {
  kind: 'drive',
  title: 'Piano lesson',
  who: ['leo'],
  start: '2026-12-02T16:50',
  leg: 'dropoff',
});
riv(WED, ['i cant do the pickup for leo tonight'], {
  kind: 'drive',
  title: 'Piano lesson',
  who: ['leo'],
  start: '2026-12-02T17:45',
  take: false,
  says: ['nobody will have it'],
});
riv(
  MON,
  ['ill pick up maya from the soccer game sat'],
  { kind: 'drive', title: 'Soccer game', who: ['maya'], start: '2026-12-05T10:15' },
  'sam',
);
riv(MON, ["Can't do maya's drop off tomorrow"], {
  kind: 'drive',
  title: 'Soccer practice',
  who: ['maya'],
  start: '2026-12-01T15:45',
  leg: 'dropoff',
  take: false,
});
oka(["I'll collect ada from piano"], {
  kind: 'drive',
  title: 'Piano',
  who: ['ada'],
  start: '2026-12-07T17:00',
  says: ['nobody has it yet'],
});
oka(
  ["i'll do the football drop off on thursday"],
  { kind: 'drive', title: 'Football training', who: ['tobi'], start: '2026-12-10T16:45', leg: 'dropoff' },
  'marco',
);

export const COMMAND_CASES: readonly CommandCase[] = cases;
