import { describe, expect, it } from 'vitest';
import { countSmsSegments } from '../notifications/sms-segments.ts';
import {
  HELP_REPLY,
  MULTI_FAMILY_REPLY,
  START_REPLY,
  STOP_REPLY,
  UNKNOWN_SENDER_REPLY,
  carrierKeyword,
} from './keywords.ts';

describe('carrierKeyword', () => {
  it.each([
    ['STOP', 'stop'],
    [' stop ', 'stop'],
    ['Stop.', 'stop'],
    ['STOPALL', 'stop'],
    ['unsubscribe', 'stop'],
    ['Cancel', 'stop'],
    ['END', 'stop'],
    ['quit!', 'stop'],
    ['opt-out', 'stop'],
    ['START', 'start'],
    ['unstop', 'start'],
    ['Yes', 'start'],
    ['HELP', 'help'],
    ['info?', 'help'],
  ])('reads %j as %s', (body, keyword) => {
    expect(carrierKeyword(body)).toBe(keyword);
  });

  it.each(['stop soccer reminders?', 'help me find piano', 'when does soccer end', 'yes please', '', '🛑'])(
    'treats %j as a question, not a keyword',
    (body) => {
      expect(carrierKeyword(body)).toBeNull();
    },
  );
});

describe('fixed replies', () => {
  it('fit in one plain-text (GSM-7) segment or two, and name no family', () => {
    for (const reply of [STOP_REPLY, START_REPLY, HELP_REPLY, UNKNOWN_SENDER_REPLY, MULTI_FAMILY_REPLY]) {
      const count = countSmsSegments(reply);
      expect(count.encoding).toBe('GSM-7');
      expect(count.segments).toBeLessThanOrEqual(2);
    }
  });

  it('HELP says how to opt out and back in (CTIA)', () => {
    expect(HELP_REPLY).toMatch(/STOP/);
    expect(HELP_REPLY).toMatch(/START/);
  });
});
