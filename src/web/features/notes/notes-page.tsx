import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { arrayMove, rectSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { format } from 'date-fns';
import { GripVertical, Pin, Plus } from 'lucide-react';
import {
  NOTE_CATEGORY_LABELS,
  type NoteCategory,
  type NoteListItemDto,
} from '../../../core/contracts/notes.ts';
import { ErrorAlert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../components/ui/cn.ts';
import { PageHeader } from '../../components/ui/page-header.tsx';
import { useToast } from '../../components/ui/toast.tsx';
import { hasTickedItems } from '../../../core/notes/checklist.ts';
import type { NoteBulletItem } from '../../../core/notes/content.ts';
import { useClearTickedItems, useNotes, useReorderNotes, useTickNoteItem } from './api.ts';
import { checklistFailure, ClearTickedButton } from './clear-ticked-button.tsx';
import { NoteContent } from './note-content.tsx';

/** SPEC §9: one arrow-key press moves a picked-up note by 25 px. */
const KEYBOARD_STEP_PX = 25;

const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  switch (event.code) {
    case 'ArrowRight':
      return { ...currentCoordinates, x: currentCoordinates.x + KEYBOARD_STEP_PX };
    case 'ArrowLeft':
      return { ...currentCoordinates, x: currentCoordinates.x - KEYBOARD_STEP_PX };
    case 'ArrowDown':
      return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_STEP_PX };
    case 'ArrowUp':
      return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_STEP_PX };
    default:
      return undefined;
  }
};

const SCREEN_READER_INSTRUCTIONS =
  'To pick up a note, press Space. While dragging, use the arrow keys to move it. ' +
  'Press Space again to drop the note in its new position, or press Escape to cancel.';

const CATEGORY_STYLES: Record<NoteCategory, string> = {
  general: 'bg-slate-100 text-slate-800',
  shopping_list: 'bg-green-100 text-green-800',
  ideas: 'bg-purple-100 text-purple-800',
  reminders: 'bg-blue-100 text-blue-800',
  important: 'bg-red-100 text-red-800',
};

/**
 * Spoken updates while a note is dragged, naming the note and its position. `seen` remembers the last
 * position announced, so the pick-up message is not drowned by an "over its own place" update at once.
 */
function announcements(notes: NoteListItemDto[], seen: { over: UniqueIdentifier | null }): Announcements {
  const title = (id: UniqueIdentifier) => notes.find((n) => n.id === id)?.title ?? 'note';
  const position = (id: UniqueIdentifier) =>
    `position ${String(notes.findIndex((n) => n.id === id) + 1)} of ${String(notes.length)}`;
  return {
    onDragStart: ({ active }) => {
      seen.over = active.id;
      return `Picked up note ${title(active.id)}, at ${position(active.id)}.`;
    },
    onDragOver: ({ active, over }) => {
      const overId = over?.id ?? null;
      if (overId === seen.over) return undefined;
      seen.over = overId;
      return overId === null
        ? `Note ${title(active.id)} is not over a position.`
        : `Note ${title(active.id)} moved to ${position(overId)}.`;
    },
    onDragEnd: ({ active, over }) =>
      over
        ? `Note ${title(active.id)} dropped at ${position(over.id)}.`
        : `Note ${title(active.id)} dropped.`,
    onDragCancel: ({ active }) =>
      `Reordering cancelled. Note ${title(active.id)} returned to ${position(active.id)}.`,
  };
}

/** SPEC §2 Notes screen: the family's notes in 1, 2 or 3 columns, reorderable by mouse, touch and keyboard. */
export function NotesPage() {
  const navigate = useNavigate();
  const { toast } = useToast();
  const notesQuery = useNotes();
  const reorder = useReorderNotes();
  const notes = useMemo(() => notesQuery.data ?? [], [notesQuery.data]);
  // Mutable on purpose: the announcer's memory between drag events, which must not re-render the board.
  const [announcerMemory] = useState<{ over: UniqueIdentifier | null }>(() => ({ over: null }));

  const sensors = useSensors(
    // A short move starts a drag, so a plain click on the handle does nothing surprising.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    // On touch, a press-and-hold starts a drag, so the page still scrolls under a finger.
    useSensor(TouchSensor, { activationConstraint: { delay: 200, tolerance: 8 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  function onDragEnd({ active, over }: DragEndEvent) {
    if (!over || active.id === over.id) return;
    const from = notes.findIndex((n) => n.id === active.id);
    const to = notes.findIndex((n) => n.id === over.id);
    if (from < 0 || to < 0) return;
    reorder.mutate(arrayMove(notes, from, to), {
      onError: () =>
        toast({ title: 'Error', description: 'Failed to reorder notes.', variant: 'destructive' }),
    });
  }

  return (
    <div>
      <PageHeader
        title="Family Notes"
        subtitle="Centralized place for family notes, lists, and reminders"
        actions={
          <Button onClick={() => navigate('/add-note')}>
            <Plus className="h-4 w-4" aria-hidden />
            Add Note
          </Button>
        }
      />
      {notesQuery.isPending ? (
        <NotesSkeleton />
      ) : notesQuery.isError ? (
        <ErrorAlert>The notes could not be loaded. Please reload the page.</ErrorAlert>
      ) : notes.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">
          No notes found. Create your first note to get started!
        </p>
      ) : (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={{
            announcements: announcements(notes, announcerMemory),
            screenReaderInstructions: { draggable: SCREEN_READER_INSTRUCTIONS },
          }}
        >
          <SortableContext items={notes.map((n) => n.id)} strategy={rectSortingStrategy}>
            <ul aria-label="Notes" className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3">
              {notes.map((note) => (
                <NoteCard key={note.id} note={note} />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
    </div>
  );
}

/**
 * One note's start: the title opens it (the whole note), the grip reorders it, checklist items tick at once
 * and "Clear ticked items" removes the ticked ones (ADR 050). Pinned notes are highlighted in yellow with a pin.
 */
function NoteCard({ note }: { note: NoteListItemDto }) {
  const { toast } = useToast();
  const tickItem = useTickNoteItem();
  const clearTicked = useClearTickedItems();

  function onTick(item: NoteBulletItem, ticked: boolean) {
    tickItem.mutate(
      { noteId: note.id, request: { line: item.line, text: item.text, ticked } },
      {
        onError: (error) =>
          toast({ title: 'Error', description: checklistFailure(error), variant: 'destructive' }),
      },
    );
  }

  function onClear() {
    clearTicked.mutate(note.id, {
      onSuccess: ({ removed }) =>
        toast({
          title: 'Ticked items cleared',
          description:
            removed === 0
              ? 'There were no ticked items left to clear.'
              : `${String(removed)} ${removed === 1 ? 'item' : 'items'} removed from ${note.title}.`,
        }),
      onError: (error) =>
        toast({ title: 'Error', description: checklistFailure(error), variant: 'destructive' }),
    });
  }

  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({
      id: note.id,
    });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn('relative', isDragging && 'z-20')}
      data-testid="note-card"
    >
      <article
        className={cn(
          'relative flex h-full flex-col gap-3 rounded-lg border p-4 shadow-sm transition-shadow hover:shadow-md',
          note.pinned ? 'border-yellow-300 bg-yellow-50' : 'border-slate-200 bg-white',
          isDragging && 'shadow-lg ring-2 ring-indigo-500',
        )}
      >
        <div className="flex items-start gap-2">
          <h2 className="min-w-0 flex-1 text-base font-semibold break-words text-slate-900">
            <Link
              to={`/add-note/${String(note.id)}`}
              className="rounded-sm after:absolute after:inset-0 after:content-[''] focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {note.title}
            </Link>
          </h2>
          {note.pinned ? (
            <Pin
              className="mt-0.5 h-4 w-4 shrink-0 fill-yellow-400 text-yellow-600"
              aria-label="Pinned"
              role="img"
            />
          ) : null}
          <button
            type="button"
            ref={setActivatorNodeRef}
            {...attributes}
            {...listeners}
            aria-label={`Reorder note ${note.title}`}
            className="relative z-10 -m-1 shrink-0 cursor-grab touch-none rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 active:cursor-grabbing"
          >
            <GripVertical className="h-5 w-5" aria-hidden />
          </button>
        </div>
        <div className="max-h-72 flex-1 overflow-hidden">
          <NoteContent content={note.content} onTick={onTick} />
        </div>
        {/* The list carries only the note's start (ADR 042); the form loads all of it. */}
        {note.content_truncated ? (
          <p className="text-xs text-slate-600">Open the note to read the rest…</p>
        ) : null}
        {hasTickedItems(note.content) ? (
          <ClearTickedButton title={note.title} onConfirm={onClear} className="relative z-10 self-start" />
        ) : null}
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
          <span className={cn('rounded-full px-2 py-0.5 font-medium', CATEGORY_STYLES[note.category])}>
            {NOTE_CATEGORY_LABELS[note.category]}
          </span>
          <span>by {note.author_name ?? 'Unknown'}</span>
          <time dateTime={note.created_at}>{format(new Date(note.created_at), 'PPP')}</time>
        </div>
      </article>
    </li>
  );
}

function NotesSkeleton() {
  return (
    <div
      role="status"
      aria-label="Loading notes"
      className="grid grid-cols-1 gap-4 md:grid-cols-2 xl:grid-cols-3"
    >
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          aria-hidden
          className="animate-pulse space-y-3 rounded-lg border border-slate-200 bg-white p-4"
        >
          <div className="h-5 w-2/3 rounded bg-slate-200" />
          <div className="h-3 w-full rounded bg-slate-200" />
          <div className="h-3 w-5/6 rounded bg-slate-200" />
          <div className="h-3 w-1/3 rounded bg-slate-200" />
        </div>
      ))}
    </div>
  );
}
