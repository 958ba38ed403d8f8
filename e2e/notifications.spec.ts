import { expect, screenshot, shots, test } from './fixtures.ts';

// Issue 3 "Visible history": the Family Members screen shows who was told what, when, by which channel,
// and whether it was delivered. The e2e server has no SMTP/Twilio configured, so an invitation cannot arrive:
// it is recorded as not sent, with the link to pass on by hand (issue 21).
test('the Family Members screen shows recent messages with their delivery status', async ({
  page,
  signUp,
}) => {
  await signUp({ familyName: 'The Riveras' });
  for (const invitee of [
    { name: 'Grandma Rose', email: 'rose@example.com', role: 'other', color: 'purple' },
    { name: 'Uncle Leo', email: 'leo@example.com', role: 'parent', color: 'green' },
  ]) {
    const res = await page.request.post('/api/family-members/invite', { data: invitee });
    expect(res.status(), await res.text()).toBeLessThan(300);
  }

  await page.goto('/family-members');
  const card = page.getByRole('region', { name: 'Recent messages' });
  await expect(card).toBeVisible();
  await expect(card.getByText('Invitation to Grandma Rose')).toBeVisible();
  await expect(card.getByText('Invitation to Uncle Leo')).toBeVisible();
  await expect(card.getByText('Not sent — copy the link', { exact: true })).toHaveCount(2);
  await expect(card.getByText('Delivered', { exact: true })).toHaveCount(0);
  await expect(card.getByText(/rose@example\.com/)).toBeVisible();

  await card.scrollIntoViewIfNeeded();
  await screenshot(card, `${shots}/notifications-recent-messages.png`);
  await page.setViewportSize({ width: 375, height: 800 });
  await card.scrollIntoViewIfNeeded();
  await screenshot(card, `${shots}/notifications-recent-messages-375.png`);
});

// The SMS assistant stores each question and its reply in the same history (src/server/assistant); the e2e
// server has no Twilio to receive texts, so the list is served as the API would return it.
test('assistant questions and replies read as a conversation in Recent messages', async ({
  page,
  signUp,
}) => {
  await signUp({ familyName: 'The Riveras' });
  const base = {
    family_member_id: 1,
    member_name: 'Ana',
    channel: 'sms',
    subject: null,
    status: 'sent',
    attempts: 0,
    last_error: null,
    expires_at: null,
    sent_at: '2026-11-22T08:00:00.000Z',
    send_after: '2026-11-22T08:00:00.000Z',
    created_at: '2026-11-22T08:00:00.000Z',
  };
  await page.route('**/api/notifications?**', (route) =>
    route.fulfill({
      json: {
        items: [
          {
            ...base,
            id: 2,
            kind: 'sms_answer',
            recipient: '+15551230001',
            body: 'Tomorrow (Mon Nov 23): 4pm Soccer practice (Maya).',
            status_reason: 'Replied by TwiML',
          },
          {
            ...base,
            id: 1,
            kind: 'sms_question',
            recipient: '+15559990000',
            body: 'whats on 2moro?',
            status_reason: 'Received from +15551230001',
          },
        ],
        next_before: null,
      },
    }),
  );
  await page.goto('/family-members');
  const card = page.getByRole('region', { name: 'Recent messages' });
  await expect(card.getByText('Question from Ana')).toBeVisible();
  await expect(card.getByText('Assistant reply to Ana')).toBeVisible();
  await expect(card.getByText('Received', { exact: true })).toBeVisible();
  await expect(card.getByText('Replied', { exact: true })).toBeVisible();
  // The server-side reasons and the assistant's own number are not shown.
  await expect(card.getByText(/TwiML|\+15559990000/)).toHaveCount(0);
  await card.scrollIntoViewIfNeeded();
  await screenshot(card, `${shots}/notifications-assistant-messages.png`);
});

// A reminder withdrawn before it was sent (its event moved) is `cancelled`, told apart from a policy suppression.
test('a cancelled reminder reads as Cancelled with its reason in Recent messages', async ({
  page,
  signUp,
}) => {
  await signUp({ familyName: 'The Okafors' });
  await page.route('**/api/notifications?**', (route) =>
    route.fulfill({
      json: {
        items: [
          {
            id: 1,
            family_member_id: 1,
            member_name: 'Ana',
            channel: 'email',
            recipient: 'ana@example.com',
            kind: 'event_reminder',
            subject: 'Coming up: Swim meet',
            body: '"Swim meet" starts at 10:00 AM today.',
            status: 'cancelled',
            status_reason: 'Event changed before the reminder was sent',
            attempts: 0,
            last_error: null,
            send_after: '2026-11-22T09:30:00.000Z',
            expires_at: '2026-11-22T10:00:00.000Z',
            sent_at: null,
            created_at: '2026-11-22T09:20:00.000Z',
          },
        ],
        next_before: null,
      },
    }),
  );
  await page.goto('/family-members');
  const card = page.getByRole('region', { name: 'Recent messages' });
  await expect(card.getByText('Cancelled', { exact: true })).toBeVisible();
  await expect(card.getByText('Event changed before the reminder was sent')).toBeVisible();
  await expect(card.getByText('Not sent', { exact: true })).toHaveCount(0);
});
