import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { registerMemberSchema, registerStep1FormSchema } from '../../../core/contracts/auth.ts';
import { MEMBER_COLORS } from '../../../core/members/colors.ts';
import { ApiError, serverMessageOr } from '../../platform/api.ts';
import { AuthCard } from '../../components/auth-card.tsx';
import { NewPasswordFields, PhoneField, RoleSelect } from '../../components/member-fields.tsx';
import { TimeZoneField } from '../../components/time-zone-field.tsx';
import { browserTimeZone } from '../../platform/device-zone.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Field, Input, Select } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useRegister } from './api.ts';

type Step1 = z.input<typeof registerStep1FormSchema>;
type Step2 = z.input<typeof registerMemberSchema>;

/** Step 1's fields in the order the form shows them. */
const STEP1_FIELDS = ['familyName', 'email', 'password', 'confirmPassword', 'timezone'] as const;

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * SPEC §2 Register: step 1 (family name, e-mail, password, confirmation, the family's time zone — issue 18,
 * preset to this device's zone — and Continue), step 2 (name, role, colour, optional phone, Back, Create
 * Account). The sign-in link shows on step 1 only.
 */
export function RegisterPage() {
  const navigate = useNavigate();
  const register = useRegister();
  const { toast } = useToast();
  const [step, setStep] = useState<1 | 2>(1);
  const [failure, setFailure] = useState<string | null>(null);

  const account = useForm<Step1>({
    resolver: zodResolver(registerStep1FormSchema),
    // Focus goes to the first invalid field in the order they are shown (below), not where it was left.
    shouldFocusError: false,
    defaultValues: {
      familyName: '',
      email: '',
      password: '',
      confirmPassword: '',
      timezone: browserTimeZone(),
    },
  });
  const member = useForm<Step2>({
    resolver: zodResolver(registerMemberSchema),
    defaultValues: { memberName: '', memberRole: 'parent', memberColor: 'blue', memberPhone: '' },
  });

  // Issue 46: after an invalid step 1, focus moves to the first invalid field (it stayed on Password).
  const onContinue = account.handleSubmit(
    () => setStep(2),
    (errors) => {
      const first = STEP1_FIELDS.find((f) => errors[f]);
      if (first) account.setFocus(first);
    },
  );

  const onCreate = member.handleSubmit(async (values) => {
    setFailure(null);
    const first = account.getValues();
    try {
      await register.mutateAsync({ ...first, ...values, memberPhone: values.memberPhone || null });
      toast({
        title: 'Registration successful!',
        description: "Your account has been created. You can now log in to access your family's dashboard.",
      });
      navigate('/');
    } catch (error) {
      const message = serverMessageOr(error, 'Registration failed. Please try again.');
      setFailure(message);
      toast({
        title: 'Registration failed',
        description: serverMessageOr(error, 'An error occurred during registration.'),
        variant: 'destructive',
      });
      // The server holds the same rules as the form: show its field messages where they belong.
      if (error instanceof ApiError && error.fields) {
        const accountFields = ['familyName', 'email', 'password', 'confirmPassword', 'timezone'] as const;
        if (accountFields.some((f) => error.fields?.[f])) {
          for (const f of accountFields) {
            const fieldMessage = error.fields[f];
            if (fieldMessage) account.setError(f, { message: fieldMessage });
          }
          setStep(1);
        }
      }
    }
  });

  const e1 = account.formState.errors;
  const e2 = member.formState.errors;

  return (
    <AuthCard
      title="Create your family account"
      subtitle={
        step === 1 ? 'Step 1 of 2: your family and sign-in details' : 'Step 2 of 2: tell us about you'
      }
    >
      {failure ? (
        <div className="mb-4">
          <ErrorAlert>{failure}</ErrorAlert>
        </div>
      ) : null}
      {/* Both steps stay mounted (the inactive one hidden) so that Back keeps what was typed. */}
      <form onSubmit={onContinue} noValidate className="space-y-4" hidden={step !== 1}>
        <Field label="Family Name" error={e1.familyName?.message}>
          {(a11y) => (
            <Input
              autoComplete="organization"
              placeholder="The Smiths"
              {...a11y}
              {...account.register('familyName')}
            />
          )}
        </Field>
        <Field label="Email" error={e1.email?.message}>
          {(a11y) => <Input type="email" autoComplete="email" {...a11y} {...account.register('email')} />}
        </Field>
        <NewPasswordFields
          password={account.register('password')}
          confirmPassword={account.register('confirmPassword')}
          passwordError={e1.password?.message}
          confirmPasswordError={e1.confirmPassword?.message}
        />
        <Controller
          control={account.control}
          name="timezone"
          render={({ field }) => (
            <TimeZoneField
              label="Time zone"
              value={field.value ?? browserTimeZone()}
              onChange={field.onChange}
              error={e1.timezone?.message}
              hint="Reminders, the 7:30 AM summary and the calendar's today follow this zone."
            />
          )}
        />
        <Button type="submit" className="w-full justify-center">
          Continue
        </Button>
        <p className="text-center text-sm text-slate-600">
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-indigo-700 underline">
            Sign in
          </Link>
        </p>
      </form>
      <form onSubmit={onCreate} noValidate className="space-y-4" hidden={step !== 2}>
        <Field label="Your Name" error={e2.memberName?.message}>
          {(a11y) => <Input autoComplete="name" {...a11y} {...member.register('memberName')} />}
        </Field>
        <RoleSelect registration={member.register('memberRole')} error={e2.memberRole?.message} />
        <Field label="Colour" error={e2.memberColor?.message}>
          {(a11y) => (
            <Select {...a11y} {...member.register('memberColor')}>
              {MEMBER_COLORS.map((color) => (
                <option key={color} value={color}>
                  {capitalise(color)}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <PhoneField registration={member.register('memberPhone')} error={e2.memberPhone?.message} />
        <div className="flex gap-3">
          <Button variant="secondary" onClick={() => setStep(1)} className="flex-1 justify-center">
            Back
          </Button>
          <Button type="submit" className="flex-1 justify-center" disabled={member.formState.isSubmitting}>
            {member.formState.isSubmitting ? 'Creating...' : 'Create Account'}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
