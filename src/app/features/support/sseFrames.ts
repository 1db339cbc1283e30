// Server-sent events read by hand: EventSource cannot send the staff token as an Authorization header, so the console
// reads the inbox's follow stream with fetch and cuts it into messages here, as the HTML standard's "event stream
// interpretation" does (lines end in CRLF, LF or CR; `:` starts a comment; a blank line dispatches; an id persists).

export interface SseMessage {
  /** The `event:` field; 'message' when the frame named none. */
  readonly event: string;
  /** The `data:` lines, joined by line feeds. */
  readonly data: string;
  /** The last event id seen, this frame's or an earlier one's ('' when none was sent). */
  readonly id: string;
}

export interface SseParser {
  /** Reads the next piece of the decoded stream: the messages it completes, in order. */
  push(text: string): SseMessage[];
  /** The id to resume from (Last-Event-ID): the last `id:` field seen, dispatched or not. */
  readonly lastEventId: string;
  /** The reconnection delay the server asked for (`retry:`, in ms), or null. */
  readonly retry: number | null;
}

export function sseParser(): SseParser {
  let buffer = '';
  let started = false;
  let data: string[] = [];
  let event = '';
  let lastEventId = '';
  let retry: number | null = null;

  const field = (line: string, out: SseMessage[]) => {
    if (line === '') {
      // A blank line ends a frame; one without data dispatches nothing.
      if (data.length > 0) out.push({ event: event === '' ? 'message' : event, data: data.join('\n'), id: lastEventId });
      data = [];
      event = '';
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const raw = colon < 0 ? '' : line.slice(colon + 1);
    const value = raw.startsWith(' ') ? raw.slice(1) : raw;
    if (name === 'data') data.push(value);
    else if (name === 'event') event = value;
    else if (name === 'id' && !value.includes('\u0000')) lastEventId = value;
    else if (name === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  };

  return {
    push(text) {
      buffer += text;
      // The stream's byte order mark, if any, is not part of its first line.
      if (!started && buffer.length > 0) {
        started = true;
        if (buffer.charCodeAt(0) === 0xfeff) buffer = buffer.slice(1);
      }
      const out: SseMessage[] = [];
      let start = 0;
      for (let i = 0; i < buffer.length; i++) {
        const c = buffer[i];
        if (c !== '\n' && c !== '\r') continue;
        // A CR at the end of what has come may be the first half of a CRLF: wait for the next piece.
        if (c === '\r' && i === buffer.length - 1) break;
        field(buffer.slice(start, i), out);
        if (c === '\r' && buffer[i + 1] === '\n') i++;
        start = i + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
    get lastEventId() {
      return lastEventId;
    },
    get retry() {
      return retry;
    },
  };
}
