import type { CommandCase, CommandExpect } from './command-case.ts';

/**
 * The held-out part of the command corpus (issue 43 item 2): written with the tuning part, before the reader was
 * run on it, and never used to fix the reader. Families and "now" as in command-cases.ts.
 */
const cases: CommandCase[] = [];

const MON = '2026-11-30T07:45:00';
const MON_UK = '2026-12-07T08:00:00';

function riv(text: string, expect: CommandExpect, asker = 'ana') {
  cases.push({ family: 'rivera', asker, at: MON, text, expect });
}
function oka(text: string, expect: CommandExpect, asker = 'ngozi') {
  cases.push({ family: 'okafor', asker, at: MON_UK, text, expect });
}

riv('hey can u add orthodontist for leo on friday at 3:15', {
  kind: 'add_event',
  title: 'Orthodontist',
  who: ['leo'],
  start: '2026-12-04T15:15',
});
riv('Add family movie night sat 7pm for everyone', {
  kind: 'add_event',
  title: 'Family movie night',
  who: ['ana', 'sam', 'maya', 'leo', 'rosa'],
  start: '2026-12-05T19:00',
});
riv('tennis lessons for maya every wed at 4', {
  kind: 'add_event',
  title: 'Tennis lessons',
  who: ['maya'],
  start: '2026-12-02T16:00',
  repeat: 'weekly',
});
riv('move piano lesson to 6', {
  kind: 'move',
  title: 'Piano lesson',
  from: '2026-12-02T17:00',
  start: '2026-12-02T18:00',
});
riv('reschedule the dentist to thursday', {
  kind: 'move',
  title: 'Dentist',
  from: '2026-12-02T10:30',
  start: '2026-12-03T10:30',
});
riv('push soccer 30 min later', {
  kind: 'move',
  title: 'Soccer practice',
  from: '2026-12-01T16:00',
  start: '2026-12-01T16:30',
});
riv('cancel swim on thurs', { kind: 'cancel', title: 'Swim practice', start: '2026-12-03T18:30' });
riv('delete the PTA meeting', { kind: 'cancel', title: 'PTA meeting', start: '2026-12-03T19:00' });
riv('cancel all piano lessons', {
  kind: 'cancel',
  title: 'Piano lesson',
  start: '2026-12-02T17:00',
  scope: 'all',
});
riv('remind sam to buy birthday present for noah sat', {
  kind: 'add_task',
  title: 'Buy birthday present for noah',
  who: ['sam'],
  start: '2026-12-05T08:00',
});
riv('remind me to renew passport dec 15', {
  kind: 'add_task',
  title: 'Renew passport',
  who: ['ana'],
  start: '2026-12-15T08:00',
});
riv(
  'ill take maya to soccer tmrw',
  { kind: 'drive', title: 'Soccer practice', who: ['maya'], start: '2026-12-01T15:45', leg: 'dropoff' },
  'sam',
);
riv('I can get leo from swim', {
  kind: 'drive',
  title: 'Swim practice',
  who: ['leo'],
  start: '2026-12-03T19:30',
});
riv(
  'cant pick up maya from soccer tomorrow',
  { kind: 'drive', title: 'Soccer practice', who: ['maya'], start: '2026-12-01T17:15', take: false },
  'sam',
);
oka('add haircut for ada 12/12 10am', {
  kind: 'add_event',
  title: 'Haircut',
  who: ['ada'],
  start: '2026-12-12T10:00',
});
oka('Move date night to 8', {
  kind: 'move',
  title: 'Date night',
  from: '2026-12-11T19:30',
  start: '2026-12-11T20:00',
});
oka('cancel swimming sat', { kind: 'cancel', title: 'Swimming lesson', start: '2026-12-12T09:00' });
oka('remind marco to get the christmas tree sat', {
  kind: 'add_task',
  title: 'Get the christmas tree',
  who: ['marco'],
  start: '2026-12-12T08:00',
});
oka("I'll pick up tobi from football tomorrow", {
  kind: 'drive',
  title: 'Football training',
  who: ['tobi'],
  start: '2026-12-08T18:00',
});
oka("can you cancel tobi's dentist appt", { kind: 'cancel', title: 'Dentist', start: '2026-12-08T16:15' });

export const COMMAND_HELDOUT: readonly CommandCase[] = cases;
