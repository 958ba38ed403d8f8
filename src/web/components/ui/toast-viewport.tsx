import { Toast as RadixToast } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from './cn.ts';

export interface ToastInput {
  title: string;
  description?: string | undefined;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick: () => void };
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** SPEC §9 toast rules. */
const TOAST_DURATION_MS = 5000;
const SWIPE_THRESHOLD_PX = 50;

/**
 * The Radix toast region (labelled Notifications, F8) showing `items`; `onDismiss(id)` when one times out, is
 * swiped away or closed. Loaded with the first toast (see `Toaster` in toast.tsx, which owns the state).
 */
export function ToastViewport({
  items: current,
  onDismiss: dismiss,
}: {
  items: readonly ToastItem[];
  onDismiss: (id: number) => void;
}) {
  return (
    <RadixToast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={SWIPE_THRESHOLD_PX}
      label="Notifications"
    >
      {current.map((item) => (
        <RadixToast.Root
          key={item.id}
          open={item.open}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          className={cn(
            'pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0 transition-opacity',
            item.variant === 'destructive'
              ? 'border-red-600 bg-red-600 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <RadixToast.Title className="text-sm font-semibold">{item.title}</RadixToast.Title>
            {item.description ? (
              <RadixToast.Description className="text-sm opacity-90">
                {item.description}
              </RadixToast.Description>
            ) : null}
          </div>
          {item.action ? (
            <RadixToast.Action altText={item.action.label} asChild>
              <button
                type="button"
                onClick={item.action.onClick}
                className="rounded-md border border-current px-3 py-1 text-sm font-medium"
              >
                {item.action.label}
              </button>
            </RadixToast.Action>
          ) : null}
          <RadixToast.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden />
          </RadixToast.Close>
        </RadixToast.Root>
      ))}
      <RadixToast.Viewport className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full max-w-[420px] flex-col gap-2 p-4 outline-none" />
    </RadixToast.Provider>
  );
}
