import { describe, expect, it } from 'vitest';
import { escapeHtml, familyPhrase, invitationEmail, invitationLink, redactSecrets } from './templates.ts';

describe('familyPhrase', () => {
  it('reads naturally whatever the family calls itself', () => {
    expect(familyPhrase('Rivera')).toBe('the Rivera family');
    expect(familyPhrase('The Riveras')).toBe('The Riveras family');
    expect(familyPhrase('Rivera Family')).toBe('the Rivera Family');
  });
});

describe('invitationEmail', () => {
  const base = {
    publicUrl: 'https://hub.example/',
    token: 'a/b c',
    familyName: '<Okafor>',
    inviterName: 'Ada "Mum"',
    inviteeName: 'Leo',
    expiresAt: new Date('2026-12-01T12:00:00Z'),
  };

  it('builds the accept link from PUBLIC_URL, encoding the token', () => {
    expect(invitationLink('https://hub.example/', 'a/b c')).toBe(
      'https://hub.example/register-invitation/a%2Fb%20c',
    );
    const mail = invitationEmail(base);
    expect(mail.body).toContain('Accept the invitation: https://hub.example/register-invitation/a%2Fb%20c');
    expect(mail.html).toContain('href="https://hub.example/register-invitation/a%2Fb%20c"');
  });

  it('escapes names in the HTML but not in the text', () => {
    const mail = invitationEmail({ ...base, familyName: "O'Brien & Co", inviterName: "Ada 'Mum'" });
    expect(mail.subject).toBe("Ada 'Mum' invited you to join the O'Brien & Co family on FamilyHub");
    expect(mail.html).toContain('Ada &#39;Mum&#39;');
    expect(mail.html).toContain('O&#39;Brien &amp; Co');
  });

  it('quotes no stored name that carries markup, a phone number or a lure (issue 42: rows from before the rules)', () => {
    const mail = invitationEmail({
      ...base,
      familyName: 'Security Team, call 1 (800) 555-0199',
      inviterName: 'Account Suspended',
      inviteeName: 'Verify at 18005550199',
    });
    expect(mail.subject).toBe('A family member invited you to join a family on FamilyHub');
    for (const text of [mail.subject, mail.body, mail.html]) {
      expect(text).not.toMatch(/security|suspended|verify|800|555/i);
    }
    expect(mail.body.startsWith('Hi,\n')).toBe(true);
    const markup = invitationEmail(base); // '<Okafor>' and 'Ada "Mum"' are not plain names
    expect(markup.html).not.toContain('Okafor');
    expect(markup.subject).toBe('A family member invited you to join a family on FamilyHub');
  });

  it('states the expiry, formatted by the caller when asked, or that it never expires', () => {
    expect(invitationEmail(base).body).toContain('This invitation expires on 2026-12-01.');
    expect(invitationEmail({ ...base, formatExpiry: () => 'December 1st, 2026' }).body).toContain(
      'This invitation expires on December 1st, 2026.',
    );
    expect(invitationEmail({ ...base, expiresAt: null }).body).toContain('This invitation does not expire.');
  });

  it('is a transactional e-mail of kind invitation', () => {
    expect(invitationEmail(base)).toMatchObject({
      channel: 'email',
      kind: 'invitation',
      transactional: true,
    });
  });
});

describe('redactSecrets / escapeHtml', () => {
  it('hides invitation tokens in stored bodies', () => {
    expect(redactSecrets('Open https://hub.example/register-invitation/SECRET123 now')).toBe(
      'Open https://hub.example/register-invitation/… now',
    );
    expect(
      redactSecrets(
        invitationEmail({
          ...{
            publicUrl: 'http://x',
            token: 'T0K',
            familyName: 'F',
            inviterName: 'I',
            inviteeName: 'N',
            expiresAt: null,
          },
        }).html,
      ),
    ).not.toContain('T0K');
  });

  it('escapes the five HTML-special characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
  });
});
