// The live event stream, read with fetch: EventSource cannot send the session header. Server-Sent
// Events as the sandbox writes them (`id:`, `event:` and one `data:` line, frames ending in a blank
// line; `:` lines keep the connection alive), and reconnection with Last-Event-ID as EventSource does.
import { api } from './session';

export interface StreamOptions {
  readonly signal: AbortSignal;
  onOpen(): void;
  onClose(): void;
  onEvent(type: string, data: string): void;
}

async function readOnce(options: StreamOptions, last: { id: string }): Promise<void> {
  const response = await api('/_sandbox/stream', { signal: options.signal, headers: last.id === '' ? {} : { 'last-event-id': last.id } });
  if (!response.ok || response.body === null) return;
  options.onOpen();
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  // Where the search for a frame's end goes on: a large frame comes in many chunks.
  let searched = 0;
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n', searched)) >= 0) {
      let type = 'message';
      let data = '';
      for (const line of buffer.slice(0, end).split('\n')) {
        if (line.startsWith('id: ')) last.id = line.slice(4);
        else if (line.startsWith('event: ')) type = line.slice(7);
        else if (line.startsWith('data: ')) data = line.slice(6);
      }
      buffer = buffer.slice(end + 2);
      searched = 0;
      if (data !== '') options.onEvent(type, data);
    }
    searched = Math.max(0, buffer.length - 1);
  }
}

/** Reads the stream until `signal` aborts, reconnecting a second after it ends or fails. */
export async function readStream(options: StreamOptions): Promise<void> {
  const last = { id: '' };
  while (!options.signal.aborted) {
    try {
      await readOnce(options, last);
    } catch {
      // Cut off (a page that fell behind is disconnected) or aborted: the loop decides.
    }
    options.onClose();
    await new Promise((done) => setTimeout(done, 1000));
  }
}
