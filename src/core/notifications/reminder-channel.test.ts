import { describe, expect, it } from 'vitest';
import {
  reminderChannel,
  reminderChannelLabel,
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
    expect(reminderChannelLabel(null)).toBe('Not reachable');
    expect(reminderChannelLabel('sms')).toBe('SMS');
  });
});

describe('taskReminderText', () => {
  it('names the one way every assignee is reached, or each one’s way', () => {
    expect(taskReminderText([{ name: 'Ana', channel: 'sms' }])).toBe('SMS reminder');
    expect(
      taskReminderText([
        { name: 'Ana', channel: 'email' },
        { name: 'Leo', channel: 'email' },
      ]),
    ).toBe('E-mail reminder');
    expect(taskReminderText([{ name: 'Ana', channel: null }])).toBe('No reminder can be sent');
    expect(taskReminderText([])).toBe('No reminder can be sent');
    expect(
      taskReminderText([
        { name: 'Ana', channel: 'sms' },
        { name: 'Leo', channel: 'email' },
        { name: 'Sam', channel: null },
      ]),
    ).toBe('Reminder: Ana by SMS, Leo by e-mail, Sam not reachable');
  });
});

describe('remindersText (the member card and Account Settings)', () => {
  it('names the channel, then push on the devices beside it', () => {
    expect(remindersText({ reminder_channel: 'sms', push_devices: 0 })).toBe('Reminders: SMS');
    expect(remindersText({ reminder_channel: 'email', push_devices: 2 })).toBe(
      'Reminders: E-mail + push on 2 devices',
    );
    expect(remindersText({ reminder_channel: null, push_devices: 1 })).toBe('Reminders: Push on 1 device');
    expect(remindersText({ reminder_channel: null, push_devices: 0 })).toBe('Reminders: Not reachable');
  });
});
