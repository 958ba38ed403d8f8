import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { type InvitationSentDto, inviteSchema } from '../../../core/contracts/members.ts';
import { ApiError, serverMessageOr } from '../../platform/api.ts';
import { RoleSelect } from '../../components/member-fields.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field, Input } from '../../components/ui/field.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useInvite } from './api.ts';
import { ColorPicker } from './color-picker.tsx';
import { InvitationLinkActions } from './invitation-link.tsx';

type FormInput = z.input<typeof inviteSchema>;
type FormOutput = z.output<typeof inviteSchema>;

const FIELDS = ['name', 'email', 'role', 'color'] as const;

/** SPEC §2 'Invite Family Member': name, e-mail, role, colour; the invitee gets an e-mail with a link. */
export function InviteDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Invite Family Member"
      description="They get a link to create their account and join your family. The link works for 7 days."
    >
      <InviteForm onDone={() => onOpenChange(false)} />
    </Dialog>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const { toast } = useToast();
  const invite = useInvite();
  // Issue 21: with no e-mail provider the reply carries the link, shown here to copy or share.
  const [sent, setSent] = useState<InvitationSentDto | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(inviteSchema),
    defaultValues: { name: '', email: '', role: 'parent', color: 'green' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const reply = await invite.mutateAsync(values);
      if (reply.invitation_link !== null) {
        setSent(reply);
        return;
      }
      toast({ title: 'Invitation sent', description: `An invitation has been sent to ${values.email}.` });
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const field of FIELDS) {
          const message = error.fields[field];
          if (message) form.setError(field, { message });
        }
      }
      toast({
        title: 'Failed to send invitation',
        description: serverMessageOr(error, 'An error occurred while sending the invitation.'),
        variant: 'destructive',
      });
    }
  });

  if (sent?.invitation_link) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-700">
          No e-mail is set up on this server, so nothing was sent. Send {sent.name} this link yourself; it
          works for 7 days.
        </p>
        <InvitationLinkActions link={sent.invitation_link} name={sent.name} />
        <div className="flex justify-end pt-2">
          <Button onClick={onDone}>Done</Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-4">
      <Field label="Name" error={errors.name?.message}>
        {(a11y) => <Input autoComplete="off" {...a11y} {...form.register('name')} />}
      </Field>
      <Field label="Email" error={errors.email?.message}>
        {(a11y) => <Input type="email" autoComplete="off" {...a11y} {...form.register('email')} />}
      </Field>
      <RoleSelect registration={form.register('role')} error={errors.role?.message} />
      <Controller
        control={form.control}
        name="color"
        render={({ field }) => (
          <ColorPicker value={String(field.value)} onChange={field.onChange} error={errors.color?.message} />
        )}
      />
      <div className="flex justify-end gap-3 pt-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Sending...' : 'Send Invitation'}
        </Button>
      </div>
    </form>
  );
}
