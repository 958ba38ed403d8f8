import { useState, type ReactNode } from 'react';
import { Mail, UserPlus, Users } from 'lucide-react';
import type { FamilyMemberDto, FamilyPlanDto, InvitationDto } from '../../../core/contracts/members.ts';
import { ApiError, serverMessageOr } from '../../platform/api.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useUndoAction } from '../../common/undo/undo-action.ts';
import { formatPhone, phoneRegionOfZone } from '../../../core/members/phone.ts';
import { reminderGapAdvice } from '../../../core/notifications/reminder-channel.ts';
import { useSession } from '../../common/session.ts';
import {
  useCancelInvitation,
  useDeleteMember,
  useFamilyPlan,
  useInvitationLinks,
  useInvitations,
  useMakeOwner,
  useResendInvitation,
  useUpdateMember,
} from './api.ts';
import { ConfirmDialog } from '../../components/confirm-dialog.tsx';
import { GlobalSettingsCard } from './global-settings-card.tsx';
import { InviteDialog } from './invite-dialog.tsx';
import { MemberCard } from './member-card.tsx';
import { MemberDialog } from './member-dialog.tsx';
import { PendingInvitationsCard } from './pending-invitations-card.tsx';
import { TimeZoneCard } from './time-zone-card.tsx';
import { TextCommandsCard } from './text-commands-card.tsx';
import { VerifyPhoneDialog } from './verify-phone-dialog.tsx';
import { useFamilyMembers } from '../../common/members.ts';

/**
 * Issue 46: "3 of 4 members" (with invitations: "4 of 4 places taken: 3 members and 1 invitation"), and when
 * full, that nobody can be added and how to make room.
 */
function PlanLine({ id, plan, full }: { id: string; plan: FamilyPlanDto; full: boolean }) {
  const taken = plan.members + plan.invitations;
  const count =
    plan.invitations === 0
      ? `${plan.members} of ${plan.max_members} members`
      : `${taken} of ${plan.max_members} places taken: ${plan.members} ${plan.members === 1 ? 'member' : 'members'} and ${plan.invitations} ${plan.invitations === 1 ? 'invitation' : 'invitations'}`;
  return (
    <p
      id={id}
      data-testid="family-plan"
      className={
        full
          ? '-mt-3 rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-950'
          : '-mt-3 text-sm text-slate-600'
      }
    >
      {full ? (
        <>
          <span className="font-medium">The family is full: {count}.</span> Your plan allows up to{' '}
          {plan.max_members} family members, so nobody can be added or invited.{' '}
          {plan.invitations > 0 ? 'Cancel an invitation or remove a member' : 'Remove a member'} to make room.
        </>
      ) : (
        <>Your plan: {count}.</>
      )}
    </p>
  );
}

/** Which member dialog is open: none, add, or edit one member. */
type MemberDialogState = { mode: 'closed' } | { mode: 'add' } | { mode: 'edit'; member: FamilyMemberDto };

/**
 * SPEC §2 Family Members screen: Invite Member and Add Member, the Global Notification Settings card, the
 * 'Pending Invitations (count)' card when there are some, the member cards, and the empty state, then
 * `recentMessages` (the Recent Messages card, composed in by the routes: features do not import each other).
 */
export function FamilyMembersPage({ recentMessages }: { recentMessages?: ReactNode }) {
  const { toast } = useToast();
  const undoAction = useUndoAction();
  const members = useFamilyMembers();
  const invitations = useInvitations();
  const updateMember = useUpdateMember();
  const deleteMember = useDeleteMember();
  const resend = useResendInvitation();
  const cancel = useCancelInvitation();
  const [memberDialog, setMemberDialog] = useState<MemberDialogState>({ mode: 'closed' });
  const [inviteOpen, setInviteOpen] = useState(false);
  const [toDelete, setToDelete] = useState<FamilyMemberDto | null>(null);
  const [newOwner, setNewOwner] = useState<FamilyMemberDto | null>(null);
  const makeOwner = useMakeOwner();
  const invitationLinks = useInvitationLinks();
  // Phones are stored E.164 and shown in the family's national format (its region from its time zone).
  const session = useSession();
  const phoneRegion = session.data ? phoneRegionOfZone(session.data.family_timezone) : null;
  const iAmOwner = members.data?.some((m) => m.is_you && m.is_owner) ?? false;
  const [toCancel, setToCancel] = useState<InvitationDto | null>(null);
  const [now] = useState(() => Date.now());
  // Issue 20: a member verifies their own number, a parent anyone's.
  const iAmParent = members.data?.some((m) => m.is_you && m.role === 'parent') ?? false;
  const [toVerify, setToVerify] = useState<FamilyMemberDto | null>(null);
  // Issue 46: a reason no reminder reaches anyone (nothing set up, or turned off) is said once, here.
  const familyGap = members.data?.find(
    (m) => m.reminder_gap === 'not_set_up' || m.reminder_gap === 'switched_off',
  )?.reminder_gap;
  const unverified = members.data?.filter((m) => m.phone_number && !m.phone_verified).length ?? 0;

  const openAdd = () => setMemberDialog({ mode: 'add' });
  // Issue 46: the family's places against its plan; full, the buttons say so before any form opens.
  const plan = useFamilyPlan();
  const taken = plan.data ? plan.data.members + plan.data.invitations : 0;
  const full = plan.data !== undefined && taken >= plan.data.max_members;

  /** Issue 27: the evening text about tomorrow's pickups with no driver, per parent. */
  function toggleDrivingAlerts(member: FamilyMemberDto, on: boolean) {
    updateMember.mutate(
      { id: member.id, patch: { driving_alerts_enabled: on } },
      {
        onSuccess: () =>
          toast({
            title: 'Pickup alerts updated',
            description: `Evening pickup alerts are now ${on ? 'on' : 'off'} for ${member.name}.`,
          }),
        onError: () =>
          toast({
            title: 'Failed to update pickup alerts.',
            description: 'Failed to update pickup alerts.',
            variant: 'destructive',
          }),
      },
    );
  }

  function toggleDailyReminders(member: FamilyMemberDto, on: boolean) {
    updateMember.mutate(
      { id: member.id, patch: { daily_summary_enabled: on } },
      {
        onSuccess: () =>
          toast({
            title: 'Daily summary updated',
            description: `Daily reminders are now ${on ? 'on' : 'off'} for ${member.name}.`,
          }),
        onError: () =>
          toast({
            title: 'Failed to update daily summary preference.',
            description: 'Failed to update daily summary preference.',
            variant: 'destructive',
          }),
      },
    );
  }

  function confirmDelete() {
    const member = toDelete;
    if (!member) return;
    deleteMember.mutate(member.id, {
      onSuccess: () =>
        toast({ title: 'Family member deleted', description: `${member.name} has been removed.` }),
      onError: (error) =>
        toast({
          title: 'Error',
          // The server explains a refusal (the last parent, oneself); anything else gets the spec's words.
          description:
            error instanceof ApiError && error.status === 409
              ? serverMessageOr(error, 'Failed to delete family member.')
              : 'Failed to delete family member.',
          variant: 'destructive',
        }),
    });
    setToDelete(null);
  }

  function confirmMakeOwner() {
    const member = newOwner;
    if (!member) return;
    makeOwner.mutate(member.id, {
      onSuccess: () => toast({ title: 'Owner changed', description: `${member.name} now owns the family.` }),
      onError: (error) =>
        toast({
          title: 'Error',
          description: serverMessageOr(error, 'Failed to change the owner.'),
          variant: 'destructive',
        }),
    });
    setNewOwner(null);
  }

  function resendInvitation(invitation: InvitationDto) {
    resend.mutate(invitation.id, {
      onSuccess: (sent) =>
        toast({
          title: 'Invitation resent',
          description:
            sent.invitation_link === null
              ? `A new invitation has been sent to ${invitation.email}.`
              : `A new link for ${invitation.name} is ready: copy it from Pending Invitations. The old link no longer works.`,
        }),
      onError: (error) =>
        toast({
          title: 'Failed to resend invitation',
          description: serverMessageOr(error, 'An error occurred while resending the invitation.'),
          variant: 'destructive',
        }),
    });
  }

  function confirmCancel() {
    const invitation = toCancel;
    if (!invitation) return;
    cancel.mutate(invitation.id, {
      onSuccess: (reply) =>
        toast({
          title: 'Invitation cancelled',
          description: `The invitation to ${invitation.email} no longer works.`,
          action: undoAction(reply?.undo_id),
        }),
      onError: (error) =>
        toast({
          title: 'Failed to cancel invitation',
          description: serverMessageOr(error, 'An error occurred while cancelling the invitation.'),
          variant: 'destructive',
        }),
    });
    setToCancel(null);
  }

  const busyInvitationId = resend.isPending ? resend.variables : cancel.isPending ? cancel.variables : null;
  const busyMemberId = updateMember.isPending ? updateMember.variables.id : null;

  return (
    <div className="space-y-6">
      <PageHeader
        title="Family Members"
        subtitle="Manage all family members and their information"
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => setInviteOpen(true)}
              disabled={full}
              aria-describedby={full ? 'family-plan' : undefined}
            >
              <Mail className="h-4 w-4" aria-hidden />
              Invite Member
            </Button>
            <Button onClick={openAdd} disabled={full} aria-describedby={full ? 'family-plan' : undefined}>
              <UserPlus className="h-4 w-4" aria-hidden />
              Add Member
            </Button>
          </>
        }
      />

      {plan.data ? <PlanLine id="family-plan" plan={plan.data} full={full} /> : null}

      <GlobalSettingsCard />

      <TimeZoneCard />

      <TextCommandsCard />

      {invitations.data && invitations.data.length > 0 ? (
        <PendingInvitationsCard
          invitations={invitations.data}
          now={now}
          onResend={resendInvitation}
          onCancel={setToCancel}
          busyId={busyInvitationId ?? null}
          links={invitationLinks}
        />
      ) : null}

      {familyGap ? (
        <p
          data-testid="family-reach"
          className="rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700"
        >
          No reminders or alerts can be sent to anyone yet. {reminderGapAdvice(familyGap, 'you')}.
        </p>
      ) : null}

      {unverified > 0 ? (
        <p
          role="status"
          className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950"
        >
          Texts go only to verified phone numbers.{' '}
          {unverified === 1 ? '1 number is' : `${unverified} numbers are`} not verified yet: tap Verify next
          to it to send a code.
        </p>
      ) : null}

      <section aria-label="Members">
        {members.isPending ? (
          <div className="flex justify-center py-12">
            <Spinner label="Loading family members" />
          </div>
        ) : members.isError ? (
          <ErrorAlert>Could not load family members. {members.error.message}</ErrorAlert>
        ) : members.data.length === 0 ? (
          <Card className="flex flex-col items-center gap-4 px-6 py-12 text-center">
            <Users className="h-10 w-10 text-slate-400" aria-hidden />
            <p className="text-slate-700">
              No family members found. Add your first family member to get started!
            </p>
            <Button onClick={openAdd}>
              <UserPlus className="h-4 w-4" aria-hidden />
              Add Member
            </Button>
          </Card>
        ) : (
          <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {members.data.map((member) => (
              <MemberCard
                key={member.id}
                member={member}
                onEdit={() => setMemberDialog({ mode: 'edit', member })}
                onDelete={() => setToDelete(member)}
                phoneText={member.phone_number ? formatPhone(member.phone_number, phoneRegion) : undefined}
                onMakeOwner={
                  iAmOwner && !member.is_owner && member.has_login && member.role === 'parent'
                    ? () => setNewOwner(member)
                    : undefined
                }
                onDailyRemindersChange={(on) => toggleDailyReminders(member, on)}
                onDrivingAlertsChange={
                  member.role === 'parent' ? (on) => toggleDrivingAlerts(member, on) : undefined
                }
                dailyRemindersBusy={busyMemberId === member.id}
                onVerifyPhone={iAmParent || member.is_you ? () => setToVerify(member) : undefined}
              />
            ))}
          </div>
        )}
      </section>

      {recentMessages}

      <VerifyPhoneDialog
        member={toVerify}
        phoneText={toVerify?.phone_number ? formatPhone(toVerify.phone_number, phoneRegion) : ''}
        onClose={() => setToVerify(null)}
      />

      <MemberDialog
        open={memberDialog.mode !== 'closed'}
        onOpenChange={(open) => {
          if (!open) setMemberDialog({ mode: 'closed' });
        }}
        member={memberDialog.mode === 'edit' ? memberDialog.member : undefined}
      />
      <InviteDialog open={inviteOpen} onOpenChange={setInviteOpen} />
      <ConfirmDialog
        open={toDelete !== null}
        onOpenChange={(open) => {
          if (!open) setToDelete(null);
        }}
        message={toDelete ? `Are you sure you want to delete ${toDelete.name}?` : ''}
        details={
          toDelete?.has_login
            ? `${toDelete.name} can sign in: their sign-in ends and they cannot sign in again. Their tasks become unassigned, they leave every event, and notes they wrote stay without an author.`
            : undefined
        }
        confirmLabel="Delete"
        onConfirm={confirmDelete}
      />
      <ConfirmDialog
        open={newOwner !== null}
        onOpenChange={(open) => {
          if (!open) setNewOwner(null);
        }}
        message={newOwner ? `Make ${newOwner.name} the family's owner?` : ''}
        details={
          newOwner
            ? `${newOwner.name} will own the family: nobody can delete them, and only they can hand the family on. You become an ordinary member.`
            : undefined
        }
        confirmLabel="Make owner"
        tone="primary"
        onConfirm={confirmMakeOwner}
      />
      <ConfirmDialog
        open={toCancel !== null}
        onOpenChange={(open) => {
          if (!open) setToCancel(null);
        }}
        message="Are you sure you want to cancel this invitation?"
        confirmLabel="Cancel Invitation"
        cancelLabel="Keep Invitation"
        onConfirm={confirmCancel}
      />
    </div>
  );
}
