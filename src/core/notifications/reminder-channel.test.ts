import { describe, expect, it } from 'vitest';
import {
  alertSmsLabel,
  reminderChannel,
  reminderChannelLabel,
  reminderGap,
  reminderGapAdvice,
  remindersText,
  taskReminderText,
} from './reminder-channel.ts';

const member = {
  phoneNumber: '+14155550123',
  phoneVerified: true,
  email: 'ana@example.com',
  smsOptedOut: false,
};

describe('reminderChannel', () => {
  it('says SMS only when the family can text and the member has a number and did not reply STOP', () => {
    expect(reminderChannel({ sms: true, email: true }, member)).toBe('sms');
    expect(reminderChannel({ sms: false, email: true }, member)).toBe('email');
    expect(reminderChannel({ sms: true, email: true }, { ...member, phoneNumber: null })).toBe('email');
    expect(reminderChannel({ sms: true, email: true }, { ...member, smsOptedOut: true })).toBe('email');
  });

  it('says SMS only for a verified number (issue 20)', () => {
    expect(reminderChannel({ sms: true, email: true }, { ...member, phoneVerified: false })).toBe('email');
    expect(reminderChannel({ sms: true, email: false }, { ...member, phoneVerified: false })).toBeNull();
  });

  it('says nothing reaches the member when neither channel can', () => {
    expect(reminderChannel({ sms: false, email: false }, member)).toBeNull();
    expect(reminderChannel({ sms: false, email: true }, { ...member, email: null })).toBeNull();
    expect(reminderChannelLabel('sms')).toBe('SMS');
  });
});

describe('reminderGap (issue 46: why nothing reaches a member, and what to do)', () => {
  const none = { phoneNumber: null, phoneVerified: false, email: null, smsOptedOut: false };
  it('blames the set-up first when no channel works, then what the member lacks', () => {
    const off = { sms: 'not_set_up', email: 'not_set_up' } as const;
    expect(reminderGap(off, member)).toBe('not_set_up');
    expect(reminderGap({ sms: 'not_set_up', email: 'switched_off' }, member)).toBe('switched_off');
    expect(reminderGap({ sms: 'on', email: 'on' }, member)).toBeNull();
    expect(reminderGap({ sms: 'on', email: 'not_set_up' }, { ...member, phoneVerified: false })).toBe(
      'verify_phone',
    );
    expect(reminderGap({ sms: 'not_set_up', email: 'on' }, none)).toBe('add_email');
    expect(reminderGap({ sms: 'on', email: 'not_set_up' }, none)).toBe('add_phone');
    expect(reminderGap({ sms: 'on', email: 'on' }, none)).toBe('add_contact');
  });

  it('says why and what to do, never just "Not reachable"', () => {
    expect(reminderChannelLabel(null, 'not_set_up')).toBe('Not set up');
    expect(reminderChannelLabel(null, 'verify_phone')).toBe('After phone verification');
    expect(reminderGapAdvice('verify_phone', 'Ana')).toBe("Verify Ana's phone number on Family Members");
    expect(reminderGapAdvice('add_email', 'you')).toBe(
      'Add an e-mail address to your profile on Family Members',
    );
    expect(reminderGapAdvice('not_set_up', 'Ana')).toMatch(/no e-mail or SMS set up/);
  });
});

describe('alertSmsLabel (SPEC §5)', () => {
  it("marks 'SMS' with a number, 'No SMS' without, and an unverified number apart", () => {
    expect(alertSmsLabel({ phone_number: '+14155550123', phone_verified: true })).toBe('SMS');
    expect(alertSmsLabel({ phone_number: null, phone_verified: false })).toBe('No SMS');
    expect(alertSmsLabel({ phone_number: '+14155550123', phone_verified: false })).toBe(
      'SMS after verification',
    );
  });
});

describe('taskReminderText', () => {
  it('names the one way every assignee is reached, or each one’s way', () => {
    expect(taskReminderText([{ name: 'Ana', channel: 'sms', gap: null }])).toBe('SMS reminder');
    expect(
      taskReminderText([
        { name: 'Ana', channel: 'email', gap: null },
        { name: 'Leo', channel: 'email', gap: null },
      ]),
    ).toBe('E-mail reminder');
    expect(taskReminderText([{ name: 'Ana', channel: null, gap: 'not_set_up' }])).toBe(
      'No reminder: e-mail and SMS are not set up',
    );
    expect(
      taskReminderText([
        { name: 'Ana', channel: null, gap: 'verify_phone' },
        { name: 'Leo', channel: null, gap: 'add_email' },
      ]),
    ).toBe("No reminder: Ana's phone is not verified, Leo has no e-mail address");
    expect(taskReminderText([])).toBe('No reminder: nobody is assigned');
    expect(
      taskReminderText([
        { name: 'Ana', channel: 'sms', gap: null },
        { name: 'Leo', channel: 'email', gap: null },
        { name: 'Sam', channel: null, gap: 'add_contact' },
      ]),
    ).toBe('Reminder: Ana by SMS, Leo by e-mail, Sam not reachable');
  });
});

describe('remindersText (the member card and Account Settings)', () => {
  it('names the channel, then push on the devices beside it', () => {
    expect(remindersText({ reminder_channel: 'sms', reminder_gap: null, push_devices: 0 })).toBe(
      'Reminders: SMS',
    );
    expect(remindersText({ reminder_channel: 'email', reminder_gap: null, push_devices: 2 })).toBe(
      'Reminders: E-mail + push on 2 devices',
    );
    expect(remindersText({ reminder_channel: null, reminder_gap: 'not_set_up', push_devices: 1 })).toBe(
      'Reminders: Push on 1 device',
    );
    expect(remindersText({ reminder_channel: null, reminder_gap: 'add_email', push_devices: 0 })).toBe(
      'Reminders: No e-mail address',
    );
  });
});
