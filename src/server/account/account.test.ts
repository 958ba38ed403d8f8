import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { SoftAuthenticator } from '../auth/testing/soft-authenticator.ts';
import { COMMON_PASSWORD_MESSAGE, PERSONAL_PASSWORD_MESSAGE } from '../auth/password-policy.ts';
import { familyMembers, userAccounts } from '../db/schema/families.ts';
import { sessionCookie, signUp, testServerPerFile } from '../test/harness.ts';
import { mailTo, tokenFromMail } from './testing/mail.ts';
import { INVALID_CONFIRMATION_MESSAGE, WRONG_PASSWORD_MESSAGE } from './service.ts';

const server = testServerPerFile();

const CHROME_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

function api(
  method: string,
  url: string,
  cookie: string | null,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return server.app.inject({
    method: method as 'GET',
    url,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

async function login(email: string, password: string, userAgent = CHROME_LINUX) {
  return api('POST', '/api/auth/login', null, { email, password }, { 'user-agent': userAgent });
}

const cookieNamed = (setCookie: string | string[] | undefined, name: string) =>
  ([] as string[])
    .concat(setCookie ?? [])
    .map((header) => header.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${name}=`) && pair !== `${name}=`) ?? '';

const sessionOk = async (cookie: string) =>
  (await api('GET', '/api/auth/session', cookie)).statusCode === 200;

describe('change password', () => {
  it('needs the current password, refuses weak ones, then ends the other sessions and tells the account', async () => {
    const { email, password, cookie } = await signUp(server.app, { familyName: 'The Adeyemis' });
    const other = sessionCookie((await login(email, password)).headers['set-cookie']);
    const change = (body: object) => api('POST', '/api/account/password', cookie, body);

    const wrong = await change({
      current_password: 'not it',
      new_password: 'fresh secret',
      confirm_password: 'fresh secret',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ current_password: WRONG_PASSWORD_MESSAGE });
    for (const [candidate, message] of [
      ['iloveyou', COMMON_PASSWORD_MESSAGE],
      ['adeyemis', PERSONAL_PASSWORD_MESSAGE],
      [email.split('@')[0] ?? '', PERSONAL_PASSWORD_MESSAGE],
    ] as const) {
      const res = await change({
        current_password: password,
        new_password: candidate,
        confirm_password: candidate,
      });
      expect(res.statusCode, candidate).toBe(400);
      expect(res.json().error.fields).toEqual({ new_password: message });
    }
    const short = await change({
      current_password: password,
      new_password: '12345',
      confirm_password: '12345',
    });
    expect(short.json().error.fields.new_password).toBe('Password must be at least 6 characters');
    expect(await sessionOk(other)).toBe(true);
    expect(await mailTo(server.database.system, email, 'password_changed')).toEqual([]);

    const ok = await change({
      current_password: password,
      new_password: 'fresh secret',
      confirm_password: 'fresh secret',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await sessionOk(cookie)).toBe(true);
    expect(await sessionOk(other)).toBe(false);
    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(email, 'fresh secret')).statusCode).toBe(200);
    const [notice] = await mailTo(server.database.system, email, 'password_changed');
    expect(notice?.body).toContain('Every other device that was signed in has been signed out.');
  });
});

describe('change e-mail', () => {
  it('confirms through a link to the new address, tells the old one, and the link works once', async () => {
    const { email, password, cookie } = await signUp(server.app);
    const newEmail = `moved-${Date.now()}@example.com`;
    const wrong = await api('POST', '/api/account/email', cookie, {
      new_email: newEmail,
      current_password: 'nope',
    });
    expect(wrong.json().error.fields).toEqual({ current_password: WRONG_PASSWORD_MESSAGE });
    const same = await api('POST', '/api/account/email', cookie, {
      new_email: email,
      current_password: password,
    });
    expect(same.json().error.fields).toEqual({ new_email: 'This is already your email.' });
    const taken = (await signUp(server.app)).email;
    const clash = await api('POST', '/api/account/email', cookie, {
      new_email: taken,
      current_password: password,
    });
    expect(clash.statusCode).toBe(409);

    const res = await api('POST', '/api/account/email', cookie, {
      new_email: newEmail.toUpperCase(),
      current_password: password,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ pending_email: newEmail });
    expect((await api('GET', '/api/account', cookie)).json()).toMatchObject({
      email,
      pending_email: newEmail,
    });
    // Nothing changes until the link is opened.
    expect((await login(email, password)).statusCode).toBe(200);
    const [confirmMail] = await mailTo(server.database.system, newEmail, 'email_change_confirm');
    expect(confirmMail?.subject).toBe('Confirm your new FamilyHub e-mail address');
    const token = await tokenFromMail(
      server.database.system,
      newEmail,
      'email_change_confirm',
      'confirm-email',
    );

    // The link may be opened signed out, in another browser.
    const confirm = await api('POST', '/api/account/email/confirm', null, { token });
    expect(confirm.statusCode, confirm.body).toBe(200);
    expect(confirm.json()).toEqual({ email: newEmail });
    expect((await api('GET', '/api/auth/session', cookie)).json().email).toBe(newEmail);
    expect((await login(email, password)).statusCode).toBe(401);
    expect((await login(newEmail, password)).statusCode).toBe(200);
    const [account] = await server.database.system
      .select()
      .from(userAccounts)
      .where(eq(userAccounts.email, newEmail));
    const [member] = await server.database.system
      .select()
      .from(familyMembers)
      .where(eq(familyMembers.id, account?.familyMemberId ?? 0));
    expect(member?.email).toBe(newEmail);
    const [told] = await mailTo(server.database.system, email, 'email_changed');
    expect(told?.body).toContain(newEmail);

    const again = await api('POST', '/api/account/email/confirm', null, { token });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.fields).toEqual({ token: INVALID_CONFIRMATION_MESSAGE });
  });

  it('refuses a confirmation link after 24 hours', async () => {
    const { email, password, cookie } = await signUp(server.app);
    const newEmail = `late-${Date.now()}@example.com`;
    await api('POST', '/api/account/email', cookie, { new_email: newEmail, current_password: password });
    const token = await tokenFromMail(
      server.database.system,
      newEmail,
      'email_change_confirm',
      'confirm-email',
    );
    server.clock.advanceMinutes(24 * 60 + 1);
    const res = await api('POST', '/api/account/email/confirm', null, { token });
    expect(res.statusCode).toBe(400);
    expect((await api('GET', '/api/account', cookie)).json()).toMatchObject({ email, pending_email: null });
  });
});

describe('sessions', () => {
  it('lists the user’s sessions with device names, signs one out, and signs out everywhere else', async () => {
    const { email, password } = await signUp(server.app);
    const laptop = sessionCookie((await login(email, password, CHROME_LINUX)).headers['set-cookie']);
    server.clock.advanceMinutes(10);
    const phone = sessionCookie((await login(email, password, SAFARI_IPHONE)).headers['set-cookie']);
    const stranger = await signUp(server.app);

    const list = await api('GET', '/api/account/sessions', laptop);
    expect(list.statusCode).toBe(200);
    const items = list.json() as { id: string; device: string; current: boolean; last_used_at: string }[];
    expect(items).toHaveLength(3); // registration, laptop, phone
    expect(items.find((s) => s.current)?.device).toBe('Chrome 140 on Linux');
    const phoneItem = items.find((s) => s.device === 'Safari 18 on iOS');
    expect(phoneItem).toMatchObject({ current: false, last_used_at: server.clock.now().toISOString() });
    expect(items.filter((s) => s.current)).toHaveLength(1);

    // Someone else's session id, a made-up one and garbage: 404, nothing ends.
    const strangerId = (await api('GET', '/api/account/sessions', stranger.cookie)).json()[0].id as string;
    expect((await api('DELETE', `/api/account/sessions/${strangerId}`, laptop)).statusCode).toBe(404);
    expect(
      (await api('DELETE', '/api/account/sessions/00000000-0000-4000-8000-000000000000', laptop)).statusCode,
    ).toBe(404);
    expect((await api('DELETE', '/api/account/sessions/1%20or%201=1', laptop)).statusCode).toBe(404);
    expect(await sessionOk(stranger.cookie)).toBe(true);

    expect((await api('DELETE', `/api/account/sessions/${phoneItem?.id}`, laptop)).statusCode).toBe(204);
    expect(await sessionOk(phone)).toBe(false);
    expect(await sessionOk(laptop)).toBe(true);

    const again = sessionCookie((await login(email, password, SAFARI_IPHONE)).headers['set-cookie']);
    const everywhere = await api('POST', '/api/account/sessions/sign-out-others', laptop, {});
    expect(everywhere.json()).toEqual({ ended: 2, app_passwords_revoked: 0 });
    expect(await sessionOk(again)).toBe(false);
    expect(await sessionOk(laptop)).toBe(true);
    expect(await sessionOk(stranger.cookie)).toBe(true);
    expect((await api('GET', '/api/account/sessions', laptop)).json()).toHaveLength(1);
    const [notice] = await mailTo(server.database.system, email, 'sessions_ended');
    expect(notice?.body).toContain('2 other signed-in devices were signed out');
  });
});

/** Adds a passkey through the API with a software authenticator. */
async function addPasskey(cookie: string, password: string, name = 'Ana’s laptop') {
  const authenticator = new SoftAuthenticator(server.config.PUBLIC_URL);
  const options = await api('POST', '/api/account/passkeys/options', cookie, { current_password: password });
  expect(options.statusCode, options.body).toBe(200);
  const step = cookieNamed(options.headers['set-cookie'], 'fh_challenge');
  const res = await api('POST', '/api/account/passkeys', `${cookie}; ${step}`, {
    response: authenticator.register(options.json()),
    name,
  });
  return { authenticator, res };
}

/** Signs in with the password and returns the second-step cookie. */
async function startSecondStep(email: string, password: string): Promise<string> {
  const res = await login(email, password);
  expect(res.statusCode).toBe(200);
  expect(res.json()).toEqual({ second_factor_required: true });
  expect(cookieNamed(res.headers['set-cookie'], 'fh_session')).toBe('');
  return cookieNamed(res.headers['set-cookie'], 'fh_challenge');
}

describe('passkeys and recovery codes', () => {
  it('adds a passkey (password first), hands out ten recovery codes once, and tells the account', async () => {
    const { email, password, cookie } = await signUp(server.app);
    const refused = await api('POST', '/api/account/passkeys/options', cookie, { current_password: 'wrong' });
    expect(refused.json().error.fields).toEqual({ current_password: WRONG_PASSWORD_MESSAGE });

    const { res } = await addPasskey(cookie, password);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.passkey).toMatchObject({ name: 'Ana’s laptop', last_used_at: null });
    expect(body.recovery_codes).toHaveLength(10);
    expect(new Set(body.recovery_codes).size).toBe(10);
    for (const code of body.recovery_codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await api('GET', '/api/account', cookie)).json()).toMatchObject({ recovery_codes_left: 10 });
    expect((await mailTo(server.database.system, email, 'passkey_added'))[0]?.body).toContain('Ana’s laptop');

    // A second passkey: no new codes.
    const second = await addPasskey(cookie, password, 'Ana’s phone');
    expect(second.res.json().recovery_codes).toBeNull();
    expect((await api('GET', '/api/account', cookie)).json().passkeys).toHaveLength(2);
  });

  it('refuses a registration without its step, from another origin, or replayed', async () => {
    const { password, cookie } = await signUp(server.app);
    const authenticator = new SoftAuthenticator(server.config.PUBLIC_URL);
    const options = await api('POST', '/api/account/passkeys/options', cookie, {
      current_password: password,
    });
    const step = cookieNamed(options.headers['set-cookie'], 'fh_challenge');
    const response = authenticator.register(options.json());
    expect((await api('POST', '/api/account/passkeys', cookie, { response, name: 'x' })).statusCode).toBe(
      400,
    );
    const phishing = new SoftAuthenticator('https://familyhub.evil.example').register(options.json());
    expect(
      (await api('POST', '/api/account/passkeys', `${cookie}; ${step}`, { response: phishing, name: 'x' }))
        .statusCode,
    ).toBe(400);
    expect((await api('GET', '/api/account', cookie)).json().passkeys).toEqual([]);
    expect(
      (await api('POST', '/api/account/passkeys', `${cookie}; ${step}`, { response, name: 'x' })).statusCode,
    ).toBe(201);
    // Used up: the same response cannot be played again.
    expect(
      (await api('POST', '/api/account/passkeys', `${cookie}; ${step}`, { response, name: 'y' })).statusCode,
    ).toBe(400);
    expect((await api('GET', '/api/account', cookie)).json().passkeys).toHaveLength(1);
  });

  it('asks for the passkey after the password, and signs in with it', async () => {
    const { email, password, cookie } = await signUp(server.app);
    const { authenticator } = await addPasskey(cookie, password);
    const step = await startSecondStep(email, password);

    const options = await api('POST', '/api/auth/second-factor/options', step, {});
    expect(options.statusCode).toBe(200);
    expect(options.json().allowCredentials).toEqual([expect.objectContaining({ id: authenticator.id })]);
    const res = await api('POST', '/api/auth/second-factor/passkey', step, {
      response: authenticator.assert(options.json()),
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = cookieNamed(res.headers['set-cookie'], 'fh_session');
    expect(await sessionOk(session)).toBe(true);
    expect((await api('GET', '/api/account', session)).json().passkeys[0].last_used_at).not.toBeNull();
    // The step is used up.
    expect((await api('POST', '/api/auth/second-factor/options', step, {})).statusCode).toBe(401);
  });

  it('refuses another user’s passkey, a cloned (replayed) one and a step past ten minutes', async () => {
    const victim = await signUp(server.app);
    await addPasskey(victim.cookie, victim.password);
    const attacker = await signUp(server.app);
    const { authenticator: attackerKey } = await addPasskey(attacker.cookie, attacker.password);

    const step = await startSecondStep(victim.email, victim.password);
    const options = (await api('POST', '/api/auth/second-factor/options', step, {})).json();
    const foreign = await api('POST', '/api/auth/second-factor/passkey', step, {
      response: attackerKey.assert(options),
    });
    expect(foreign.statusCode).toBe(400);
    expect(cookieNamed(foreign.headers['set-cookie'], 'fh_session')).toBe('');

    // The attacker's own sign-in, then the same counter again (a cloned authenticator): refused.
    const own = await startSecondStep(attacker.email, attacker.password);
    const ownOptions = (await api('POST', '/api/auth/second-factor/options', own, {})).json();
    expect(
      (
        await api('POST', '/api/auth/second-factor/passkey', own, {
          response: attackerKey.assert(ownOptions),
        })
      ).statusCode,
    ).toBe(200);
    const replay = await startSecondStep(attacker.email, attacker.password);
    const replayOptions = (await api('POST', '/api/auth/second-factor/options', replay, {})).json();
    attackerKey.counter -= 1;
    expect(
      (
        await api('POST', '/api/auth/second-factor/passkey', replay, {
          response: attackerKey.assert(replayOptions),
        })
      ).statusCode,
    ).toBe(400);

    const slow = await startSecondStep(attacker.email, attacker.password);
    server.clock.advanceMinutes(11);
    expect((await api('POST', '/api/auth/second-factor/options', slow, {})).statusCode).toBe(401);
  });

  it('takes a recovery code once instead of the passkey, tells the account, and ends the step after five misses', async () => {
    const { email, password, cookie } = await signUp(server.app);
    const codes = (await addPasskey(cookie, password)).res.json().recovery_codes as string[];
    const code = codes[3] ?? '';

    const step = await startSecondStep(email, password);
    const wrong = await api('POST', '/api/auth/second-factor/recovery-code', step, { code: 'aaaaa-bbbbb' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.fields).toEqual({ code: 'That recovery code is not valid or has been used.' });
    // Typed with spaces and capitals: still the code.
    const res = await api('POST', '/api/auth/second-factor/recovery-code', step, {
      code: ` ${code.toUpperCase().replace('-', ' ')} `,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await sessionOk(cookieNamed(res.headers['set-cookie'], 'fh_session'))).toBe(true);
    expect((await mailTo(server.database.system, email, 'recovery_code_used'))[0]?.body).toContain(
      '9 unused codes are left',
    );
    expect((await api('GET', '/api/account', cookie)).json().recovery_codes_left).toBe(9);

    const next = await startSecondStep(email, password);
    const reused = await api('POST', '/api/auth/second-factor/recovery-code', next, { code });
    expect(reused.statusCode).toBe(400);
    for (let i = 0; i < 4; i++) {
      expect(
        (await api('POST', '/api/auth/second-factor/recovery-code', next, { code: `wrong-${i}` })).statusCode,
      ).toBe(400);
    }
    // Five misses: the step is gone, even for a good code.
    const gone = await api('POST', '/api/auth/second-factor/recovery-code', next, { code: codes[5] });
    expect(gone.statusCode).toBe(401);
  });

  it('signs in with a passkey alone when the user is verified, and not otherwise', async () => {
    const { email, password, cookie } = await signUp(server.app);
    const { authenticator } = await addPasskey(cookie, password);
    const begin = async () => {
      const res = await api('POST', '/api/auth/passkey/options', null, {});
      expect(res.statusCode).toBe(200);
      expect(res.json().userVerification).toBe('required');
      return { options: res.json(), step: cookieNamed(res.headers['set-cookie'], 'fh_challenge') };
    };
    const first = await begin();
    const res = await api('POST', '/api/auth/passkey', first.step, {
      response: authenticator.assert(first.options),
    });
    expect(res.statusCode, res.body).toBe(200);
    const session = cookieNamed(res.headers['set-cookie'], 'fh_session');
    expect((await api('GET', '/api/auth/session', session)).json().email).toBe(email);

    const unverified = await begin();
    const presenceOnly = authenticator.assert(unverified.options, { userVerified: false });
    expect(
      (await api('POST', '/api/auth/passkey', unverified.step, { response: presenceOnly })).statusCode,
    ).toBe(400);
    const phished = await begin();
    const elsewhere = authenticator.assert(phished.options, { origin: 'https://familyhub.evil.example' });
    expect((await api('POST', '/api/auth/passkey', phished.step, { response: elsewhere })).statusCode).toBe(
      400,
    );
    const unknown = await begin();
    const stranger = new SoftAuthenticator(server.config.PUBLIC_URL).assert(unknown.options);
    expect((await api('POST', '/api/auth/passkey', unknown.step, { response: stranger })).statusCode).toBe(
      400,
    );
    expect((await api('POST', '/api/auth/passkey', null, { response: stranger })).statusCode).toBe(401);
  });

  it('removes a passkey with the password; without passkeys the password alone signs in and codes are gone', async () => {
    const { email, password, cookie } = await signUp(server.app);
    await addPasskey(cookie, password);
    const other = await signUp(server.app);
    await addPasskey(other.cookie, other.password);
    const otherId = (await api('GET', '/api/account', other.cookie)).json().passkeys[0].id as number;
    const mine = (await api('GET', '/api/account', cookie)).json().passkeys[0].id as number;

    expect(
      (await api('DELETE', `/api/account/passkeys/${otherId}`, cookie, { current_password: password }))
        .statusCode,
    ).toBe(404);
    const wrong = await api('DELETE', `/api/account/passkeys/${mine}`, cookie, { current_password: 'nope' });
    expect(wrong.statusCode).toBe(400);
    expect(
      (await api('DELETE', `/api/account/passkeys/${mine}`, cookie, { current_password: password }))
        .statusCode,
    ).toBe(204);
    expect((await api('GET', '/api/account', cookie)).json()).toMatchObject({
      passkeys: [],
      recovery_codes_left: 0,
    });
    expect((await login(email, password)).json()).toEqual({ ok: true });
    expect((await mailTo(server.database.system, email, 'passkey_removed'))[0]?.body).toContain(
      'No passkey is left',
    );
    expect((await api('GET', '/api/account', other.cookie)).json().passkeys).toHaveLength(1);
  });

  it('makes new recovery codes that replace the old ones', async () => {
    const { email, password, cookie } = await signUp(server.app);
    const noPasskey = await api('POST', '/api/account/recovery-codes', cookie, {
      current_password: password,
    });
    expect(noPasskey.statusCode).toBe(400);
    const old = (await addPasskey(cookie, password)).res.json().recovery_codes as string[];
    const res = await api('POST', '/api/account/recovery-codes', cookie, { current_password: password });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    const step = await startSecondStep(email, password);
    expect(
      (await api('POST', '/api/auth/second-factor/recovery-code', step, { code: old[0] })).statusCode,
    ).toBe(400);
    expect(
      (await api('POST', '/api/auth/second-factor/recovery-code', step, { code: fresh[0] })).statusCode,
    ).toBe(200);
    expect(await mailTo(server.database.system, email, 'recovery_codes_renewed')).toHaveLength(1);
  });

  it('a password reset leaves the passkey in place: the next sign-in still asks for it', async () => {
    const { email, password, cookie } = await signUp(server.app);
    await addPasskey(cookie, password);
    await api('POST', '/api/auth/forgot-password', null, { email });
    const token = await tokenFromMail(server.database.system, email, 'password_reset', 'reset-password');
    const reset = await api('POST', '/api/auth/reset-password', null, {
      token,
      password: 'after reset secret',
      confirmPassword: 'after reset secret',
    });
    expect(reset.statusCode).toBe(200);
    await startSecondStep(email, 'after reset secret');
  });
});

describe('new passwords at registration', () => {
  it('refuses a common password and the family name, with the field named', async () => {
    for (const [password, message] of [
      ['123456789', COMMON_PASSWORD_MESSAGE],
      ['sunshine', COMMON_PASSWORD_MESSAGE],
      ['Rivera family', PERSONAL_PASSWORD_MESSAGE],
    ]) {
      const res = await api('POST', '/api/auth/register', null, {
        familyName: 'Rivera Family',
        email: `weak-${Math.random()}@example.com`,
        password,
        memberName: 'Ana Rivera',
        memberRole: 'parent',
        memberColor: 'blue',
      });
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error.fields).toEqual({ password: message });
    }
  });
});
