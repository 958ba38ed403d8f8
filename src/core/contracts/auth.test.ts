import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema, registerStep1FormSchema } from './auth.ts';

const valid = {
  familyName: 'Rivera',
  email: 'Ana@Example.com ',
  password: 'secret1',
  memberName: 'Ana',
  memberRole: 'parent',
  memberColor: 'blue',
  memberPhone: '',
};

function messages(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  return Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));
}

describe('registerSchema (SPEC §5 Register)', () => {
  it('normalises the e-mail and turns an empty phone into null', () => {
    const parsed = registerSchema.parse(valid);
    expect(parsed.email).toBe('ana@example.com');
    expect(parsed.memberPhone).toBeNull();
  });

  it('gives the spec message for each rule', () => {
    const result = registerSchema.safeParse({
      ...valid,
      familyName: ' R ',
      email: 'nope',
      password: '12345',
      memberName: 'A',
      memberRole: 'boss',
    });
    expect(messages(result)).toEqual({
      familyName: 'Family name must be at least 2 characters',
      email: 'Invalid email address',
      password: 'Password must be at least 6 characters',
      memberName: 'Name must be at least 2 characters',
      memberRole: 'Please select a role',
    });
  });

  it('checks the confirmation only when it is sent', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
    expect(messages(registerSchema.safeParse({ ...valid, confirmPassword: 'other' }))).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(messages(registerStep1FormSchema.safeParse({ ...valid, confirmPassword: 'secret2' }))).toEqual({
      confirmPassword: "Passwords don't match",
    });
  });
});

describe('loginSchema (SPEC §5 Login)', () => {
  it('requires a valid e-mail and a password', () => {
    expect(messages(loginSchema.safeParse({ email: 'x', password: '' }))).toEqual({
      email: 'Invalid email address',
      password: 'Password is required',
    });
  });
});
