import { useState, type FormEvent } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ToggleGroup } from 'radix-ui';
import { ArrowLeft, Camera, Trash2, X } from 'lucide-react';
import type { z } from 'zod';
import {
  NOTE_CATEGORIES,
  NOTE_CATEGORY_LABELS,
  noteSchema,
  type NoteDto,
} from '../../../core/contracts/notes.ts';
import { hasBulletMarker } from '../../../core/notes/bullets.ts';
import {
  checklistBulletsToText,
  textToChecklistBullets,
  type ChecklistBullet,
} from '../../../core/notes/checklist.ts';
import { isSafeImageDataUrl, joinNoteContent, splitNoteContent } from '../../../core/notes/content.ts';
import { ApiError } from '../../platform/api.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { Field, Input, Select, Textarea } from '../../components/ui/field.tsx';
import { Switch } from '../../components/ui/switch.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { useUndoAction } from '../../common/undo/undo-action.ts';
import {
  useClearTickedItems,
  useCreateNote,
  useDeleteNote,
  useNote,
  useTickNoteItem,
  useUpdateNote,
} from './api.ts';
import { BulletEditor, newBullet, withTicked, type BulletItem } from './bullet-editor.tsx';
import { checklistFailure, ClearTickedButton } from './clear-ticked-button.tsx';
import { isNativePlatform, takePhoto } from '../../platform/native.ts';
import { useFamilyMembers } from '../../common/members.ts';
import type { FamilyMemberDto } from '../../../core/contracts/members.ts';

type FormInput = z.input<typeof noteSchema>;
type FormOutput = z.output<typeof noteSchema>;
type ContentMode = 'text' | 'bullets';

/** A path id, or null when it cannot be a note id (the page then shows 'not found'). */
function parseNoteId(raw: string | undefined): number | null {
  if (raw === undefined || !/^[0-9]{1,10}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * SPEC §2 Note form at /add-note (create) and /add-note/{id} (edit). Keyed by the path, so the form starts
 * afresh whenever the path changes (SPEC §2).
 */
export function NoteFormPage() {
  const { pathname } = useLocation();
  const { id } = useParams();
  return <NoteFormLoader key={pathname} isEdit={id !== undefined} noteId={parseNoteId(id)} />;
}

function NoteFormLoader({ isEdit, noteId }: { isEdit: boolean; noteId: number | null }) {
  const navigate = useNavigate();
  const noteQuery = useNote(noteId);
  const authorsQuery = useFamilyMembers();
  const title = isEdit ? 'Edit Note' : 'Add New Note';

  let body;
  if (isEdit && (noteId === null || noteQuery.isError)) {
    body = <ErrorAlert>This note could not be found. It may have been deleted.</ErrorAlert>;
  } else if ((isEdit && noteQuery.isPending) || authorsQuery.isPending) {
    body = <FormSkeleton />;
  } else {
    body = <NoteEditor note={noteQuery.data ?? null} authors={authorsQuery.data ?? []} />;
  }

  return (
    <div className="mx-auto max-w-2xl">
      <Button variant="ghost" className="-ml-2 mb-4" onClick={() => navigate('/notes')}>
        <ArrowLeft className="h-4 w-4" aria-hidden />
        Back to Notes
      </Button>
      <h1 className="mb-6 text-2xl font-bold text-slate-900">{title}</h1>
      {body}
    </div>
  );
}

function FormSkeleton() {
  return (
    <Card className="space-y-5 p-6" role="status" aria-label="Loading note">
      {[40, 40, 40, 24, 200].map((height, i) => (
        <div key={i} aria-hidden className="space-y-2">
          <div className="h-4 w-24 animate-pulse rounded bg-slate-200" />
          <div className="animate-pulse rounded bg-slate-200" style={{ height }} />
        </div>
      ))}
    </Card>
  );
}

/**
 * The toast description for a failed save: SPEC §8's message, plus the server's when a quota refused it (413:
 * the note, the family's note count or storage; 429: the family's write rate; src/core/contracts/quotas.ts).
 */
function failureDescription(error: unknown, fallback: string): string {
  if (error instanceof ApiError && (error.status === 413 || error.status === 429) && error.serverMessage) {
    return `${fallback} ${error.serverMessage}`;
  }
  return fallback;
}

function NoteEditor({ note, authors }: { note: NoteDto | null; authors: FamilyMemberDto[] }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const undoAction = useUndoAction();
  const createNote = useCreateNote();
  const updateNote = useUpdateNote();
  const deleteNote = useDeleteNote();
  const tickItem = useTickNoteItem();
  const clearTicked = useClearTickedItems();
  const isEdit = note !== null;

  // Content is edited outside react-hook-form: written text (or bullets) and photos, joined on submit.
  const initial = splitNoteContent(note?.content ?? '');
  const toItems = (items: ChecklistBullet[]): BulletItem[] => items.map((item) => newBullet(item));
  const [mode, setMode] = useState<ContentMode>(() =>
    note !== null && hasBulletMarker(initial.text) ? 'bullets' : 'text',
  );
  const [text, setText] = useState(initial.text);
  const [bullets, setBullets] = useState<BulletItem[]>(() =>
    toItems(mode === 'bullets' ? textToChecklistBullets(initial.text) : [{ ticked: null, text: '' }]),
  );
  const [images, setImages] = useState<string[]>(initial.images);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(noteSchema),
    defaultValues: {
      title: note?.title ?? '',
      // SPEC §9 default author is the family's first member.
      family_member_id: note ? (note.family_member_id ?? undefined) : authors[0]?.id,
      category: note?.category ?? 'general',
      pinned: note?.pinned ?? false,
      content: '',
    },
  });
  const { errors, isSubmitting } = form.formState;

  function switchMode(next: ContentMode) {
    if (next === mode) return;
    // SPEC §4: switching converts the content; bullet lines are joined with the bullet character.
    // A checklist item's box is part of its line (`• [x] milk`, ADR 050), so Text mode shows it and keeps it.
    if (next === 'bullets') setBullets(toItems(textToChecklistBullets(text)));
    else setText(checklistBulletsToText(bullets));
    setMode(next);
  }

  function composedContent(): string {
    const written = mode === 'bullets' ? checklistBulletsToText(bullets) : text;
    return joinNoteContent(written, images);
  }

  const save = form.handleSubmit(async (values) => {
    try {
      if (note) {
        await updateNote.mutateAsync({ id: note.id, payload: values });
        toast({ title: 'Note updated', description: 'Note has been updated successfully.' });
      } else {
        await createNote.mutateAsync(values);
        toast({ title: 'Note created', description: 'Note has been created successfully.' });
      }
      navigate('/notes');
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field === 'title' || field === 'family_member_id' || field === 'category') {
            form.setError(field, { message });
          }
        }
      }
      const fallback = note ? 'Failed to update note.' : 'Failed to create note.';
      toast({ title: 'Error', description: failureDescription(error, fallback), variant: 'destructive' });
    }
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    form.setValue('content', composedContent());
    void save(event);
  }

  async function onDelete() {
    if (!note) return;
    setDeleting(true);
    try {
      const reply = await deleteNote.mutateAsync(note.id);
      toast({ title: 'Note deleted', action: undoAction(reply.undo_id) });
      navigate('/notes');
    } catch {
      setDeleting(false);
      setConfirmDelete(false);
      toast({ title: 'Error', description: 'Failed to delete note.', variant: 'destructive' });
    }
  }

  /**
   * A box ticked in the form is saved at once on the stored note (ADR 050), by the item's words; the line is the
   * item's place among the bullets, a hint. An item the note does not hold yet (typed, not saved: 409) keeps
   * its box in the form and is saved with Update Note; any other failure puts the box back and says so.
   */
  function onTick(item: BulletItem, ticked: boolean) {
    if (!note || item.text.trim() === '') return;
    const line = bullets.filter((b) => b.text.trim() !== '').findIndex((b) => b.key === item.key);
    tickItem.mutate(
      { noteId: note.id, request: { line: Math.max(line, 0), text: item.text, ticked } },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) return;
          setBullets((current) => withTicked(current, item.key, !ticked));
          toast({ title: 'Error', description: checklistFailure(error), variant: 'destructive' });
        },
      },
    );
  }

  /** "Clear ticked items": on the stored note at once (a new note: in the form only), then in the form. */
  function onClearTicked() {
    const removeTicked = () => {
      setBullets((current) => {
        const open = current.filter((b) => b.ticked !== true);
        return open.length > 0 ? open : [newBullet({ ticked: false, text: '' })];
      });
      toast({ title: 'Ticked items cleared' });
    };
    if (!note) {
      removeTicked();
      return;
    }
    clearTicked.mutate(note.id, {
      onSuccess: removeTicked,
      onError: (error) =>
        toast({ title: 'Error', description: checklistFailure(error), variant: 'destructive' }),
    });
  }

  function setChecklist(on: boolean) {
    setBullets((current) => current.map((b) => ({ ...b, ticked: on ? (b.ticked ?? false) : null })));
  }

  async function addPhoto() {
    const url = await takePhoto();
    if (url !== null && isSafeImageDataUrl(url)) setImages((current) => [...current, url]);
  }

  return (
    <Card className="p-6">
      <form onSubmit={onSubmit} noValidate className="space-y-5">
        <Field label="Title" error={errors.title?.message}>
          {(a11y) => <Input placeholder="Note title" {...a11y} {...form.register('title')} />}
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Author" error={errors.family_member_id?.message}>
            {(a11y) => (
              <Select
                {...a11y}
                {...form.register('family_member_id', {
                  setValueAs: (value: unknown) =>
                    value === '' || value === undefined ? undefined : Number(value),
                })}
              >
                <option value="">Select an author</option>
                {authors.map((author) => (
                  <option key={author.id} value={author.id}>
                    {author.name}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label="Category" error={errors.category?.message}>
            {(a11y) => (
              <Select {...a11y} {...form.register('category')}>
                {NOTE_CATEGORIES.map((category) => (
                  <option key={category} value={category}>
                    {NOTE_CATEGORY_LABELS[category]}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Controller
          control={form.control}
          name="pinned"
          render={({ field }) => (
            <Switch label="Pin this note" checked={field.value === true} onCheckedChange={field.onChange} />
          )}
        />

        <fieldset className="space-y-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <legend className="text-sm font-medium text-slate-800">Content</legend>
            <ToggleGroup.Root
              type="single"
              value={mode}
              onValueChange={(value) => {
                if (value === 'text' || value === 'bullets') switchMode(value);
              }}
              aria-label="Content mode"
              className="inline-flex rounded-md border border-slate-300 bg-slate-50 p-0.5"
            >
              {(['text', 'bullets'] as const).map((value) => (
                <ToggleGroup.Item
                  key={value}
                  value={value}
                  className="rounded px-3 py-1 text-sm font-medium text-slate-700 data-[state=on]:bg-white data-[state=on]:text-indigo-700 data-[state=on]:shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
                >
                  {value === 'text' ? 'Text' : 'Bullets'}
                </ToggleGroup.Item>
              ))}
            </ToggleGroup.Root>
          </div>
          {mode === 'text' ? (
            <Textarea
              aria-label="Content"
              value={text}
              onChange={(event) => setText(event.target.value)}
              placeholder="Write your note..."
              className="min-h-[200px]"
            />
          ) : (
            <div className="space-y-3">
              <Switch
                label="Checklist (tick boxes)"
                checked={bullets.some((b) => b.ticked !== null)}
                onCheckedChange={setChecklist}
              />
              <BulletEditor bullets={bullets} onChange={setBullets} onTick={onTick} />
              {bullets.some((b) => b.ticked === true) ? (
                <ClearTickedButton title={form.getValues('title')} onConfirm={onClearTicked} />
              ) : null}
            </div>
          )}
          {images.length > 0 ? (
            <ul aria-label="Photos" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {images.map((src, index) => (
                <li key={`${String(index)}-${src.slice(-16)}`} className="relative">
                  <img
                    src={src}
                    alt={`Photo ${String(index + 1)}`}
                    className="h-28 w-full rounded-md object-cover"
                  />
                  <button
                    type="button"
                    aria-label={`Remove photo ${String(index + 1)}`}
                    onClick={() => setImages(images.filter((_, i) => i !== index))}
                    className="absolute top-1 right-1 rounded-full bg-white/90 p-1 text-slate-700 shadow hover:bg-white"
                  >
                    <X className="h-4 w-4" aria-hidden />
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {isNativePlatform() ? (
            <Button variant="secondary" size="sm" onClick={() => void addPhoto()}>
              <Camera className="h-4 w-4" aria-hidden />
              Add Photo
            </Button>
          ) : null}
        </fieldset>

        <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-200 pt-5">
          {isEdit ? (
            <Button variant="destructive" onClick={() => setConfirmDelete(true)}>
              <Trash2 className="h-4 w-4" aria-hidden />
              Delete Note
            </Button>
          ) : (
            <span />
          )}
          <div className="flex gap-2">
            <Button variant="secondary" onClick={() => navigate('/notes')}>
              Cancel
            </Button>
            <Button type="submit" disabled={isSubmitting}>
              {isEdit
                ? isSubmitting
                  ? 'Updating...'
                  : 'Update Note'
                : isSubmitting
                  ? 'Creating...'
                  : 'Create Note'}
            </Button>
          </div>
        </div>
      </form>

      <Dialog
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title="Delete Note"
        description="Are you sure you want to delete this note?"
      >
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
            Cancel
          </Button>
          <Button variant="destructive" disabled={deleting} onClick={() => void onDelete()}>
            {deleting ? 'Deleting...' : 'Delete'}
          </Button>
        </div>
      </Dialog>
    </Card>
  );
}
