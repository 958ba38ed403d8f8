// The landing page's only script (ADR 012): the page itself is HTML rendered at build time (prerender.tsx);
// this brings to life what changes on it, without React: the live count, the waitlist form (the same zod
// contract, the same calls and messages as waitlist-form.tsx) and its success view (join-success.tsx, cloned
// from the templates the build wrote). It also starts the service worker, as main.tsx does for the SPA.
import '../../styles.css';
import {
  REFERRAL_PARAM,
  UTM_PARAMS,
  WAITLIST_COUNT_FALLBACK,
  referralLink,
  waitlistFormSchema,
  type WaitlistCountDto,
  type WaitlistJoinDto,
} from '../../../core/contracts/waitlist.ts';
import { ApiError, apiFetch, serverMessageOr } from '../../platform/api.ts';
import { isUpdateWaiting, registerServiceWorker, subscribeToUpdate } from '../../platform/service-worker.ts';

type FieldName = 'email' | 'family_size' | 'biggest_challenge';
const FIELDS: FieldName[] = ['email', 'family_size', 'biggest_challenge'];

/** Classes the form's components switch on an error (field.tsx's controls, waitlist-form.tsx's size boxes). */
const VALID_BORDER = 'border-slate-300';
const INVALID_BORDER = 'border-red-500';

/** A clone of the build-time `<template id="…">`'s content. */
function fromTemplate(id: string): DocumentFragment {
  const template = document.getElementById(id) as HTMLTemplateElement;
  return template.content.cloneNode(true) as DocumentFragment;
}

/** The element marked `data-<attribute>="<name>"` inside `root`. */
function part<T extends HTMLElement = HTMLElement>(root: ParentNode, attribute: string, name: string): T {
  return root.querySelector(`[data-${attribute}="${name}"]`) as T;
}

/** SPEC §7 `GET /api/waitlist/count`, shown in the hero line and the first statistic (SPEC §9: 2847 on failure). */
async function showCount(): Promise<void> {
  let count: number;
  try {
    count = (await apiFetch<WaitlistCountDto>('/api/waitlist/count')).count;
  } catch {
    count = WAITLIST_COUNT_FALLBACK;
  }
  const line = fromTemplate(count === 0 ? 'count-line-0' : count === 1 ? 'count-line-1' : 'count-line-n');
  const strong = line.querySelector('strong');
  if (strong) strong.textContent = count.toLocaleString('en-US');
  part(document, 'count', 'line').replaceChildren(line);
  part(document, 'count', 'value').textContent = count.toLocaleString('en-US');
  part(document, 'count', 'label').textContent =
    count === 1 ? 'family on the waitlist' : 'families on the waitlist';
}

/** The landing URL's attribution (`?ref=` and the UTM parameters), forwarded with the join. */
function attribution(): Record<string, string> {
  const params = new URLSearchParams(window.location.search);
  const found: Record<string, string> = {};
  for (const name of [REFERRAL_PARAM, ...UTM_PARAMS]) {
    const value = params.get(name);
    if (value) found[name] = value;
  }
  return found;
}

/**
 * The waitlist form as waitlist-form.tsx wires it with react-hook-form: checked on submit against
 * `waitlistFormSchema`, each message under its field (`role="alert"`, `aria-invalid`, `aria-describedby`),
 * the first invalid field focused, fields re-checked as they change after a submit, the server's field
 * messages shown too, and SPEC §8's inline alert above the fields when the join fails.
 */
function wireForm(form: HTMLFormElement): void {
  const controls = (name: FieldName) => [
    ...form.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(`[name="${name}"]`),
  ];
  const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]') as HTMLButtonElement;
  const submitLabel = submit.textContent;
  let submitted = false;
  let alert: HTMLElement | null = null;

  function values() {
    const data = new FormData(form);
    return {
      email: String(data.get('email') ?? ''),
      family_size: data.get('family_size') ?? undefined,
      biggest_challenge: String(data.get('biggest_challenge') ?? ''),
    };
  }

  /** Shows `message` under field `name`, or clears it (undefined), as field.tsx / waitlist-form.tsx render it. */
  function setError(name: FieldName, message: string | undefined): void {
    const inputs = controls(name);
    const [control] = inputs;
    if (!control) return;
    const size = name === 'family_size';
    const errorId = size ? 'family-size-error' : `${control.id}-error`;
    const holder = size ? form.querySelector('fieldset') : control.parentElement;
    let text = document.getElementById(errorId);
    for (const input of inputs) {
      input.setAttribute('aria-invalid', String(Boolean(message)));
      const box = size ? (input.nextElementSibling as HTMLElement) : input;
      box.classList.replace(message ? VALID_BORDER : INVALID_BORDER, message ? INVALID_BORDER : VALID_BORDER);
      if (!size) {
        if (message) input.setAttribute('aria-describedby', errorId);
        else input.removeAttribute('aria-describedby');
      }
    }
    if (size) {
      if (message) holder?.setAttribute('aria-describedby', errorId);
      else holder?.removeAttribute('aria-describedby');
    }
    if (!message) {
      text?.remove();
      return;
    }
    if (!text) {
      text = document.createElement('p');
      text.id = errorId;
      text.setAttribute('role', 'alert');
      text.className = size ? 'mt-1 text-sm text-red-700' : 'text-sm text-red-700';
      holder?.append(text);
    }
    if (text.textContent !== message) text.textContent = message;
  }

  /** Validates against the contract; shows (or, with `only`, updates one field's) messages. */
  function validate(only?: FieldName) {
    const result = waitlistFormSchema.safeParse(values());
    const messages: Partial<Record<FieldName, string>> = {};
    for (const issue of result.error?.issues ?? []) {
      const name = issue.path[0] as FieldName;
      messages[name] ??= issue.message;
    }
    for (const name of FIELDS) if (!only || only === name) setError(name, messages[name]);
    return { result, messages };
  }

  function setFailure(message: string | null): void {
    alert?.remove();
    alert = null;
    if (message === null) return;
    alert = document.createElement('div');
    alert.setAttribute('role', 'alert');
    alert.className = 'rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800';
    alert.textContent = message;
    form.firstElementChild?.after(alert);
  }

  const recheck = (event: Event) => {
    const name = (event.target as HTMLInputElement).name as FieldName;
    if (submitted && FIELDS.includes(name)) validate(name);
  };
  form.addEventListener('input', recheck);
  form.addEventListener('change', recheck);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    submitted = true;
    const { result, messages } = validate();
    if (!result.success) {
      const first = FIELDS.find((name) => messages[name]);
      if (first) controls(first)[0]?.focus();
      return;
    }
    void join({ ...result.data, ...attribution() });
  });

  async function join(payload: Record<string, unknown>): Promise<void> {
    setFailure(null);
    submit.disabled = true;
    submit.textContent = 'Joining...';
    try {
      const joined = await apiFetch<WaitlistJoinDto>('/api/waitlist/join', { method: 'POST', body: payload });
      showSuccess(form, joined);
      void showCount();
    } catch (error) {
      // The server holds the same rules; if it names a field, show its message there too.
      if (error instanceof ApiError && error.fields) {
        for (const name of FIELDS) if (error.fields[name]) setError(name, error.fields[name]);
      }
      setFailure(serverMessageOr(error, 'Something went wrong. Please try again.'));
      submit.disabled = false;
      submit.textContent = submitLabel;
    }
  }
}

/**
 * Replaces the form with the success view (join-success.tsx's markup, from the build's templates): the
 * position, the link and its copy button, with focus moved to the heading as the React view does.
 */
function showSuccess(form: HTMLFormElement, result: WaitlistJoinDto): void {
  const view = fromTemplate('join-success-idle');
  const heading = part(view, 'success', 'heading');
  part(view, 'success', 'position').textContent = `#${result.position.toLocaleString('en-US')}`;
  const link = referralLink(window.location.origin, result.referral_code);
  const input = view.querySelector('input') as HTMLInputElement;
  input.value = link;
  input.addEventListener('focus', () => input.select());
  const button = part<HTMLButtonElement>(view, 'success', 'copy');
  const status = part(view, 'success', 'copy-status');
  /** Shows the button and status line of a copy state, from that state's template. */
  const show = (state: 'copied' | 'failed') => {
    const shown = fromTemplate(`join-success-${state}`);
    const shownButton = part(shown, 'success', 'copy');
    button.className = shownButton.className;
    button.replaceChildren(...shownButton.childNodes);
    status.replaceChildren(...part(shown, 'success', 'copy-status').childNodes);
  };
  button.addEventListener('click', () => {
    // Without a clipboard (an insecure origin) `navigator.clipboard` is undefined: handled as a refusal.
    Promise.resolve()
      .then(() => navigator.clipboard.writeText(link))
      .then(
        () => show('copied'),
        () => {
          input.select();
          show('failed');
        },
      );
  });
  form.replaceWith(view);
  heading.focus();
}

/** The service worker's "new version" bar: React's UpdatePrompt, loaded only once an update is waiting. */
function startServiceWorker(): void {
  registerServiceWorker();
  const unsubscribe = subscribeToUpdate(() => {
    if (!isUpdateWaiting()) return;
    unsubscribe();
    void import('../../platform/update-prompt-root.tsx').then(({ mountUpdatePrompt }) => mountUpdatePrompt());
  });
}

const form = document.querySelector<HTMLFormElement>('form[aria-labelledby="waitlist-form-title"]');
if (form) wireForm(form);
void showCount();
startServiceWorker();
