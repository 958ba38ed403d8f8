import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ArrowLeft, Trash2 } from 'lucide-react';
import {
  ACTIVITY_CATEGORIES,
  ACTIVITY_CATEGORY_LABELS,
  ACTIVITY_FORM_DEFAULTS,
  activityFormSchema,
  type ActivityFormValues,
  type ActivityProposalDto,
  toActivityPayload,
} from '../../../core/contracts/activities.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';
import { PRIORITY_CHOICES } from '../../../core/contracts/tasks.ts';
import {
  DURATION_CHOICES,
  HOUR_CHOICES,
  MINUTE_CHOICES,
  roundedTimeChoice,
} from '../../../core/tasks/time-choices.ts';
import { ChoiceField } from '../../components/choice-select.tsx';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Field, Input, Select, Textarea } from '../../components/ui/field.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useUndoAction } from '../../common/undo/undo-action.ts';
import { useCreateProposal, useDeleteProposal, useProposal, useUpdateProposal } from './api.ts';
import { useFamilyMembers } from '../../common/members.ts';

/** A path id, or null when it cannot be a proposal id (the page then says it was not found). */
function parseProposalId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * The form's starting values: SPEC §9 defaults for a new request (60 minutes, 09:00, other, medium, both people
 * the family's first member — the spec's "default 1" read as "the first member"), or the proposal's own values
 * (its time rounded to the nearest 15 minutes, SPEC §9; priority is not stored, so it shows medium).
 */
function startingValues(
  proposal: ActivityProposalDto | null,
  members: FamilyMemberDto[],
): ActivityFormValues {
  const firstMember = members[0]?.id ?? 0;
  if (!proposal) {
    return {
      title: '',
      date: '',
      hour: ACTIVITY_FORM_DEFAULTS.hour,
      minute: ACTIVITY_FORM_DEFAULTS.minute,
      duration: ACTIVITY_FORM_DEFAULTS.duration,
      location: '',
      category: ACTIVITY_FORM_DEFAULTS.category,
      priority: ACTIVITY_FORM_DEFAULTS.priority,
      assigned_to: firstMember,
      assigned_by: firstMember,
      description: '',
    };
  }
  const time = proposal.due_date
    ? roundedTimeChoice(proposal.due_date)
    : { hour: ACTIVITY_FORM_DEFAULTS.hour, minute: ACTIVITY_FORM_DEFAULTS.minute };
  return {
    title: proposal.title,
    date: proposal.due_date ? proposal.due_date.slice(0, 10) : '',
    hour: time.hour,
    minute: time.minute,
    duration: proposal.estimated_duration ?? '',
    location: proposal.location ?? '',
    category: proposal.category,
    priority: ACTIVITY_FORM_DEFAULTS.priority,
    assigned_to: proposal.assigned_to ?? 0,
    assigned_by: proposal.assigned_by ?? 0,
    description: proposal.description ?? '',
  };
}

function ActivityForm({
  proposal,
  members,
}: {
  proposal: ActivityProposalDto | null;
  members: FamilyMemberDto[];
}) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const undoAction = useUndoAction();
  const create = useCreateProposal();
  const update = useUpdateProposal();
  const remove = useDeleteProposal();
  const defaults = startingValues(proposal, members);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ActivityFormValues>({ resolver: zodResolver(activityFormSchema), defaultValues: defaults });
  const fail = (description: string) => toast({ title: 'Error', description, variant: 'destructive' });

  // A duration typed elsewhere (free text, e.g. '2 hours') stays selectable as it is.
  const durationChoices = [...DURATION_CHOICES];
  if (!durationChoices.some((c) => c.value === defaults.duration)) {
    durationChoices.unshift({ value: defaults.duration, label: defaults.duration || 'Not set' });
  }

  const onValid = (values: ActivityFormValues) => {
    if (proposal) {
      update.mutate(
        { id: proposal.id, payload: toActivityPayload(values, proposal) },
        {
          onSuccess: () => {
            toast({
              title: 'Activity proposal updated',
              description: 'Activity signup request has been updated successfully.',
            });
            navigate('/activities');
          },
          onError: () => fail('Failed to update activity proposal.'),
        },
      );
    } else {
      create.mutate(toActivityPayload(values), {
        onSuccess: () => {
          toast({
            title: 'Activity proposal created',
            description: 'Activity signup request has been created successfully.',
          });
          navigate('/activities');
        },
        onError: () => fail('Failed to create activity proposal.'),
      });
    }
  };

  function deleteProposal() {
    if (!proposal || !window.confirm('Are you sure you want to delete this activity proposal?')) return;
    remove.mutate(proposal.id, {
      onSuccess: (reply) => {
        toast({
          title: 'Activity proposal deleted',
          description: 'Activity signup request has been deleted successfully.',
          action: undoAction(reply.undo_id),
        });
        navigate('/activities');
      },
      onError: () => fail('Failed to delete activity proposal.'),
    });
  }

  const saving = create.isPending || update.isPending;
  const memberOptions = members.map((m) => (
    <option key={m.id} value={m.id}>
      {m.name}
    </option>
  ));

  return (
    <Card className="p-6">
      <form noValidate onSubmit={handleSubmit(onValid)} className="space-y-5">
        <Field label="Title" error={errors.title?.message}>
          {(a11y) => <Input {...a11y} placeholder="e.g. Piano lessons" {...register('title')} />}
        </Field>

        <div className="grid gap-4 sm:grid-cols-3">
          <Field label="Date" error={errors.date?.message} hint="mm/dd/yyyy">
            {(a11y) => <Input {...a11y} type="date" {...register('date')} />}
          </Field>
          <ChoiceField
            label="Start Hour"
            error={errors.hour?.message}
            registration={register('hour')}
            choices={HOUR_CHOICES}
          />
          <ChoiceField
            label="Start Minute"
            error={errors.minute?.message}
            registration={register('minute')}
            choices={MINUTE_CHOICES}
          />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <ChoiceField
            label="Duration"
            error={errors.duration?.message}
            registration={register('duration')}
            choices={durationChoices}
          />
          <Field label="Location" error={errors.location?.message}>
            {(a11y) => <Input {...a11y} placeholder="Optional" {...register('location')} />}
          </Field>
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Category" error={errors.category?.message}>
            {(a11y) => (
              <Select {...a11y} {...register('category')}>
                {ACTIVITY_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {ACTIVITY_CATEGORY_LABELS[c]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <ChoiceField
            label="Priority"
            error={errors.priority?.message}
            registration={register('priority')}
            choices={PRIORITY_CHOICES}
          />
        </div>

        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Assign To" error={errors.assigned_to?.message}>
            {(a11y) => (
              <Select {...a11y} {...register('assigned_to', { valueAsNumber: true })}>
                <option value={0}>Select a family member</option>
                {memberOptions}
              </Select>
            )}
          </Field>
          <Field label="Assigned By" error={errors.assigned_by?.message}>
            {(a11y) => (
              <Select {...a11y} {...register('assigned_by', { valueAsNumber: true })}>
                <option value={0}>Select a family member</option>
                {memberOptions}
              </Select>
            )}
          </Field>
        </div>

        <Field label="Description" error={errors.description?.message}>
          {(a11y) => (
            <Textarea {...a11y} rows={4} placeholder="Add details (optional)" {...register('description')} />
          )}
        </Field>

        <div className="flex flex-wrap justify-between gap-2 border-t border-slate-200 pt-4">
          <div>
            {proposal ? (
              <Button variant="destructive" onClick={deleteProposal} disabled={remove.isPending}>
                <Trash2 className="h-4 w-4" aria-hidden />
                Delete Activity
              </Button>
            ) : null}
          </div>
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => navigate('/activities')}>
              Cancel
            </Button>
            <Button type="submit" disabled={saving}>
              {proposal ? 'Update Activity Request' : 'Add Activity Request'}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}

/**
 * SPEC §2 Activity request form: /add-activity creates, /add-activity/{id} edits (the form is keyed by the path,
 * so moving between them starts afresh). Returns to /activities after saving or deleting.
 */
export function ActivityFormPage() {
  const { pathname } = useLocation();
  const { id } = useParams();
  return <ActivityFormLoader key={pathname} isEdit={id !== undefined} proposalId={parseProposalId(id)} />;
}

function ActivityFormLoader({ isEdit, proposalId }: { isEdit: boolean; proposalId: number | null }) {
  const navigate = useNavigate();
  const proposalQuery = useProposal(proposalId);
  const membersQuery = useFamilyMembers();

  let body;
  if (isEdit && (proposalId === null || proposalQuery.isError)) {
    body = <ErrorAlert>This activity request could not be found. It may have been deleted.</ErrorAlert>;
  } else if (membersQuery.isError) {
    body = <ErrorAlert>The family members could not be loaded. Please reload the page.</ErrorAlert>;
  } else if ((isEdit && proposalQuery.isPending) || membersQuery.isPending) {
    body = (
      <div className="flex justify-center py-12">
        <Spinner />
      </div>
    );
  } else {
    body = <ActivityForm proposal={proposalQuery.data ?? null} members={membersQuery.data} />;
  }

  return (
    <div className="mx-auto max-w-2xl">
      <Button variant="ghost" className="mb-4 -ml-2" onClick={() => navigate('/activities')}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Activities
      </Button>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">
        {isEdit ? 'Edit Activity Request' : 'New Activity Request'}
      </h1>
      {body}
    </div>
  );
}
