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
    const mail = invitationEmail(base);
    expect(mail.subject).toBe('Ada "Mum" invited you to join the <Okafor> family on FamilyHub');
    expect(mail.html).toContain('Ada &quot;Mum&quot;');
    expect(mail.html).toContain('&lt;Okafor&gt;');
    expect(mail.html).not.toContain('<Okafor>');
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
