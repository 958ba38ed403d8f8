/** One server-sent event as a test or bench reads it. */
export interface ReceivedEvent {
  event: string;
  id: string | undefined;
  data: string;
  /** performance.now() when it arrived (ms). */
  at: number;
}

/** A server-sent-events reader over fetch, for tests and benches (the web app uses EventSource). */
export interface SseReader {
  /** Status of the response. */
  status: number;
  /** Every event received so far, in order (comments and `retry:` lines are skipped). */
  events: ReceivedEvent[];
  /** Resolves with the first event (from `from` on) matching `match`; rejects after `timeoutMs`. */
  next(match: (event: ReceivedEvent) => boolean, timeoutMs?: number, from?: number): Promise<ReceivedEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/**
 * Opens `url` as an event stream with `headers` (a Cookie, a Last-Event-ID) and parses it as it arrives
 * (the WHATWG event-stream format, `\n` line ends as FamilyHub writes them).
 */
export async function openSse(url: string, headers: Record<string, string> = {}): Promise<SseReader> {
  const controller = new AbortController();
  const response = await fetch(url, { headers, signal: controller.signal });
  const events: ReceivedEvent[] = [];
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of waiters) waiter();
  };
  const ended = (async () => {
    if (!response.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const reader = response.body.getReader();
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        let split: number;
        while ((split = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, split);
          buffer = buffer.slice(split + 2);
          const fields = new Map<string, string>();
          for (const line of block.split('\n')) {
            if (line.startsWith(':') || !line.includes(':')) continue;
            const at = line.indexOf(':');
            fields.set(line.slice(0, at), line.slice(at + 1).replace(/^ /, ''));
          }
          if (!fields.has('data')) continue;
          events.push({
            event: fields.get('event') ?? 'message',
            id: fields.get('id'),
            data: fields.get('data') ?? '',
            at: performance.now(),
          });
          notify();
        }
      }
    } catch {
      // aborted by close(), or the connection dropped
    }
    notify();
  })();
  let done = false;
  void ended.then(() => (done = true));
  return {
    status: response.status,
    events,
    ended,
    close: () => controller.abort(),
    next(match, timeoutMs = 2_000, from = 0) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = events.slice(from).find(match);
          if (found) {
            finish();
            resolve(found);
          } else if (done) {
            finish();
            reject(new Error('the stream ended'));
          }
        };
        const timer = setTimeout(() => {
          finish();
          reject(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        const finish = () => {
          clearTimeout(timer);
          waiters.delete(check);
        };
        waiters.add(check);
        check();
      });
    },
  };
}
