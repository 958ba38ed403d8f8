import type {
  AssistantActivity,
  AssistantEvent,
  AssistantTask,
  FamilyData,
} from '../../src/core/assistant/family-data.ts';

/**
 * The Rivera family's busy week, for the question corpus and the transcript in docs/assistant.md.
 * "Now" is Monday 2026-11-30 07:45 in the family's zone (America/Los_Angeles); weeks start on Sunday.
 *
 * Members: Ana (1, parent, the default asker), Sam (2, parent), Maya (3, child), Leo (4, child), Rosa (5, grandma).
 */
export const FIXTURE_NOW = '2026-11-30T07:45:00';

export const ANA = 1;
export const SAM = 2;
export const MAYA = 3;
export const LEO = 4;
export const ROSA = 5;

/** What an event is unless it says otherwise: an hour, timed, floating, no place, no transport, one-off. */
export const EVENT_BASE = {
  end: null,
  durationMinutes: 60,
  allDay: false,
  location: null,
  pickup: null,
  dropoff: null,
  rrule: null,
  exdates: [],
  rdates: [],
  // Floating: wall-clock time in the family's zone, whatever it is.
  zone: null,
  parentId: null,
  recurrenceId: null,
} satisfies Partial<AssistantEvent>;
/** A task: open and no transport task unless said (`transport`: the leg of the event it drives for). */
export const task = (
  id: number,
  title: string,
  due: string | null,
  assigneeIds: number[],
  completed = false,
  transport: AssistantTask['transport'] = null,
): AssistantTask => ({ id, title, due, assigneeIds, completed, transport });

export const FIXTURE_EVENTS: AssistantEvent[] = [
  // Monday Nov 30 (today)
  { ...EVENT_BASE, id: 1, title: 'Yoga', start: '2026-11-30T06:30:00', memberIds: [ANA] },
  {
    ...EVENT_BASE,
    id: 2,
    title: 'Orthodontist',
    start: '2026-11-30T15:30:00',
    durationMinutes: 45,
    location: 'Bright Smiles',
    memberIds: [LEO, ANA],
    dropoff: { memberId: ANA, minutesBefore: 15 },
  },
  { ...EVENT_BASE, id: 3, title: 'Grocery run', start: '2026-11-30T18:00:00', memberIds: [SAM] },
  // Weekly series
  {
    ...EVENT_BASE,
    id: 10,
    title: 'Soccer practice',
    start: '2026-09-01T16:00:00',
    durationMinutes: 90,
    location: 'Riverside Park',
    memberIds: [MAYA],
    rrule: 'FREQ=WEEKLY;BYDAY=TU',
    dropoff: { memberId: ANA, minutesBefore: 15 },
    pickup: { memberId: SAM, minutesBefore: 15 },
  },
  {
    ...EVENT_BASE,
    id: 11,
    title: 'Piano lesson',
    start: '2026-09-02T17:00:00',
    durationMinutes: 45,
    location: "Ms. Kim's studio",
    memberIds: [LEO],
    rrule: 'FREQ=WEEKLY;BYDAY=WE',
    // The teacher is away on Dec 9.
    exdates: ['2026-12-09T17:00:00'],
    dropoff: { memberId: ROSA, minutesBefore: 10 },
    pickup: { memberId: ANA, minutesBefore: 0 },
  },
  {
    ...EVENT_BASE,
    id: 12,
    title: 'Swim practice',
    start: '2026-09-03T18:00:00',
    location: 'Aquatic Center',
    memberIds: [MAYA, LEO],
    rrule: 'FREQ=WEEKLY;BYDAY=TH',
    // Dec 3's practice was moved to 18:30 (edited occurrence, id 13).
    pickup: { memberId: SAM, minutesBefore: 0 },
  },
  {
    ...EVENT_BASE,
    id: 13,
    title: 'Swim practice',
    start: '2026-12-03T18:30:00',
    parentId: 12,
    recurrenceId: '2026-12-03T18:00:00',
    location: 'Aquatic Center',
    memberIds: [MAYA, LEO],
    pickup: { memberId: ROSA, minutesBefore: 0 },
  },
  {
    ...EVENT_BASE,
    id: 14,
    title: 'Book club',
    start: '2026-09-01T19:00:00',
    durationMinutes: 120,
    memberIds: [ROSA],
    rrule: 'FREQ=MONTHLY;BYDAY=1TU',
  },
  // Rest of the week
  {
    ...EVENT_BASE,
    id: 20,
    title: 'Dentist',
    start: '2026-12-02T10:30:00',
    location: 'Dr. Patel',
    memberIds: [MAYA, ANA],
  },
  {
    ...EVENT_BASE,
    id: 21,
    title: 'PTA meeting',
    start: '2026-12-03T19:00:00',
    durationMinutes: 90,
    location: 'Lincoln Elementary',
    memberIds: [ANA],
  },
  {
    ...EVENT_BASE,
    id: 22,
    title: 'Work trip to Seattle',
    start: '2026-12-03T06:00:00',
    end: '2026-12-04T18:00:00',
    memberIds: [SAM],
  },
  {
    ...EVENT_BASE,
    id: 23,
    title: 'No school',
    start: '2026-12-04T00:00:00',
    allDay: true,
    memberIds: [MAYA, LEO],
  },
  {
    ...EVENT_BASE,
    id: 24,
    title: 'Soccer game',
    start: '2026-12-05T09:00:00',
    durationMinutes: 90,
    location: 'Westfield Fields',
    memberIds: [MAYA],
    dropoff: { memberId: SAM, minutesBefore: 30 },
    pickup: { memberId: ANA, minutesBefore: 15 },
  },
  {
    ...EVENT_BASE,
    id: 25,
    title: "Noah's birthday party",
    start: '2026-12-05T14:00:00',
    durationMinutes: 120,
    location: 'Jump Zone',
    memberIds: [LEO],
    dropoff: { memberId: ANA, minutesBefore: 10 },
    pickup: { memberId: null, minutesBefore: 0 },
  },
  {
    ...EVENT_BASE,
    id: 26,
    title: "Dinner at Grandma's",
    start: '2026-12-06T17:00:00',
    durationMinutes: 150,
    memberIds: [ANA, SAM, MAYA, LEO, ROSA],
  },
  // Next week and later
  {
    ...EVENT_BASE,
    id: 30,
    title: 'Holiday concert',
    start: '2026-12-11T18:30:00',
    durationMinutes: 90,
    location: 'Lincoln Elementary',
    memberIds: [MAYA, LEO],
  },
  {
    ...EVENT_BASE,
    id: 31,
    title: 'Flight to Denver',
    start: '2026-12-20T09:15:00',
    durationMinutes: 150,
    memberIds: [ANA, SAM, MAYA, LEO],
  },
];

export const FIXTURE_TASKS: AssistantTask[] = [
  task(1, 'Math worksheet', '2026-12-01T20:00:00', [MAYA]),
  task(2, 'Return library books', '2026-11-27T15:00:00', [LEO]),
  task(3, 'Pay soccer fees', '2026-11-29T12:00:00', [ANA]),
  task(4, 'Take out trash', '2026-11-30T19:00:00', [SAM]),
  task(5, 'Buy gift for Noah', '2026-12-04T17:00:00', [ANA]),
  task(6, 'Practice piano', null, [LEO]),
  task(7, 'Book flights', '2026-11-25T12:00:00', [SAM], true),
  task(8, 'Clean room', '2026-12-05T10:00:00', [MAYA, LEO]),
  task(9, 'Call plumber', '2026-11-28T09:00:00', []),
];

export const FIXTURE_ACTIVITIES: AssistantActivity[] = [
  {
    id: 1,
    title: 'Sleepover at Emma',
    status: 'pending',
    assignedTo: ANA,
    assignedBy: MAYA,
    due: '2026-12-12T18:00:00',
    location: null,
  },
  {
    id: 2,
    title: 'Chess club',
    status: 'accepted',
    assignedTo: SAM,
    assignedBy: LEO,
    due: '2026-12-09T15:30:00',
    location: 'Lincoln Elementary',
  },
  {
    id: 3,
    title: 'Paintball party',
    status: 'declined',
    assignedTo: ANA,
    assignedBy: LEO,
    due: '2026-12-12T13:00:00',
    location: null,
  },
];

/** The family's members, by id. */
export const FIXTURE_MEMBERS = [
  { id: ANA, name: 'Ana Rivera' },
  { id: SAM, name: 'Sam Rivera' },
  { id: MAYA, name: 'Maya Rivera' },
  { id: LEO, name: 'Leo Rivera' },
  { id: ROSA, name: 'Rosa Diaz' },
];

/** The fixture family as seen by `askerId` (default Ana) at `now` (default Monday 07:45). */
export function fixtureFamily(askerId = ANA, now = FIXTURE_NOW): FamilyData {
  return {
    now,
    timeZone: 'America/Los_Angeles',
    askerId,
    members: FIXTURE_MEMBERS,
    events: FIXTURE_EVENTS,
    tasks: FIXTURE_TASKS,
    activities: FIXTURE_ACTIVITIES,
  };
}
