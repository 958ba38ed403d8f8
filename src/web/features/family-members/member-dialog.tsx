import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { type FamilyMemberDto, memberCreateSchema } from '../../../core/contracts/members.ts';
import { isMemberColor } from '../../../core/members/colors.ts';
import { ApiError, serverMessageOr } from '../../platform/api.ts';
import { PhoneField, RoleSelect } from '../../components/member-fields.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useCreateMember, useUpdateMember } from './api.ts';
import { ColorPicker } from './color-picker.tsx';

type FormInput = z.input<typeof memberCreateSchema>;
type FormOutput = z.output<typeof memberCreateSchema>;

const FIELDS = ['name', 'color', 'role', 'phone_number', 'email'] as const;

interface MemberDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The member to edit; absent to add one. */
  member?: FamilyMemberDto | undefined;
}

/** SPEC §2 'Add New Family Member' / 'Edit Family Member' with the SPEC §5 member rules. */
export function MemberDialog({ open, onOpenChange, member }: MemberDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={member ? 'Edit Family Member' : 'Add New Family Member'}
      description={
        member
          ? `Update ${member.name}'s details.`
          : 'Add someone to your family. They will not get an account.'
      }
    >
      {/* Mounted only while open, so every opening starts from the member's current values. */}
      <MemberForm member={member} onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function MemberForm({ member, onDone }: { member: FamilyMemberDto | undefined; onDone: () => void }) {
  const { toast } = useToast();
  const create = useCreateMember();
  const update = useUpdateMember();
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(memberCreateSchema),
    defaultValues: {
      name: member?.name ?? '',
      role: member?.role === 'parent' || member?.role === 'child' ? member.role : member ? 'other' : 'child',
      color: member && isMemberColor(member.color) ? member.color : 'blue',
      email: member?.email ?? '',
      phone_number: member?.phone_number ?? '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    // Empty optional fields are sent as null: on edit that clears them.
    const payload = { ...values, email: values.email ?? null, phone_number: values.phone_number ?? null };
    try {
      if (member) {
        await update.mutateAsync({ id: member.id, patch: payload });
        toast({ title: 'Family member updated', description: `${values.name}'s details have been updated.` });
      } else {
        await create.mutateAsync(payload);
        toast({ title: 'Family member added', description: `${values.name} has been added to your family.` });
      }
      onDone();
    } catch (error) {
      const fallback = member ? 'Failed to update family member.' : 'Failed to add family member.';
      if (error instanceof ApiError && error.fields) {
        for (const field of FIELDS) {
          const message = error.fields[field];
          if (message) form.setError(field, { message });
        }
      }
      // A refusal the user can act on (the plan limit, the last parent) is worth its own words.
      const description =
        error instanceof ApiError && error.status === 409 ? serverMessageOr(error, fallback) : fallback;
      toast({ title: 'Error', description, variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label="Name" error={errors.name?.message}>
        {(a11y) => <Input autoComplete="off" {...a11y} {...form.register('name')} />}
      </Field>
      <RoleSelect registration={form.register('role')} error={errors.role?.message} />
      <Controller
        control={form.control}
        name="color"
        render={({ field }) => (
          <ColorPicker value={String(field.value)} onChange={field.onChange} error={errors.color?.message} />
        )}
      />
      <Field label="Email (optional)" error={errors.email?.message}>
        {(a11y) => <Input type="email" autoComplete="off" {...a11y} {...form.register('email')} />}
      </Field>
      <PhoneField
        registration={form.register('phone_number')}
        error={errors.phone_number?.message}
        hint="For SMS reminders"
        autoComplete="off"
      />
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {member ? (isSubmitting ? 'Saving...' : 'Save Changes') : isSubmitting ? 'Adding...' : 'Add Member'}
        </Button>
      </div>
    </form>
  );
}
