import { describe, expect, it } from 'vitest';
import { confirmDriveQuestion, legAction, replyWord, whichLegReply } from './replies.ts';

describe('replyWord', () => {
  it.each([
    'DONE',
    'done',
    'Done!',
    ' done. ',
    'did it',
    'I did it',
    'finished',
    'All done 👍',
    "it's done",
    'Done, thanks',
  ])('reads %j as DONE', (body) => expect(replyWord(body)).toEqual({ kind: 'done' }));

  it.each([
    ["I'LL DRIVE", null],
    ['ill drive', null],
    ['I’ll drive!', null],
    ['i will drive', null],
    ['I can take her', null],
    ['me', null],
    ['Me!', null],
    ["I'll drive 2", 2],
    ['#2 me', 2],
    ['ill take 1', 1],
  ])("reads %j as I'LL DRIVE (item %s)", (body, item) =>
    expect(replyWord(body)).toEqual({ kind: 'drive', item }),
  );

  it.each(['YES', 'yes', 'Yep', 'ok', 'Yes please'])('reads %j as YES', (body) =>
    expect(replyWord(body)).toEqual({ kind: 'yes' }),
  );

  it.each([
    'done with soccer?',
    'who will drive?',
    'is the poster done',
    'what do i have tomorrow',
    'did i clean the garage',
    'I can drive on friday',
    'me and maya',
    'STOP',
    'help',
  ])('leaves %j to the assistant', (body) => expect(replyWord(body)).toBeNull());
});

describe('replyWord: MORE (issue 43)', () => {
  it.each(['MORE', 'more', 'More?', 'more pls', 'the rest', 'send more'])('reads "%s" as MORE', (body) => {
    expect(replyWord(body)).toEqual({ kind: 'more' });
  });

  it.each(['more soccer?', 'anything more tomorrow', 'no more reminders'])(
    'leaves "%s" to the assistant',
    (body) => {
      expect(replyWord(body)).toBeNull();
    },
  );
});

describe('reply texts', () => {
  const soccer = { kind: 'pickup' as const, who: 'Maya', title: 'Soccer', at: '2026-11-24T16:30:00' };

  it('names the pickup and its day as the family says it', () => {
    expect(confirmDriveQuestion(soccer, '2026-11-23')).toBe(
      'FamilyHub: reply YES to pick up Maya from Soccer at 4:30 PM tomorrow.',
    );
    expect(legAction({ ...soccer, kind: 'dropoff', who: '' }, '2026-11-24')).toBe(
      'drop off at Soccer at 4:30 PM today',
    );
    expect(legAction(soccer, '2026-11-20')).toBe('pick up Maya from Soccer at 4:30 PM on Tue, Nov 24');
  });

  it('asks which one by number', () => {
    expect(
      whichLegReply(
        [
          { item: 1, leg: soccer },
          { item: 2, leg: { ...soccer, who: 'Leo', title: 'Piano', at: '2026-11-24T18:00:00' } },
        ],
        '2026-11-23',
      ),
    ).toBe(
      "FamilyHub: which one? Reply I'LL DRIVE 1 to pick up Maya from Soccer at 4:30 PM tomorrow; I'LL DRIVE 2 to pick up Leo from Piano at 6:00 PM tomorrow.",
    );
  });
});
