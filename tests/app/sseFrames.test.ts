// The console's reading of the inbox's follow stream (server-sent events over fetch): frames cut as the HTML standard
// cuts them, whatever pieces the network delivers them in.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sseParser, type SseMessage } from '../../src/app/features/support/sseFrames';

/** Every message a stream gives when it arrives in these pieces. */
function read(pieces: readonly string[]): SseMessage[] {
  const parser = sseParser();
  return pieces.flatMap((piece) => parser.push(piece));
}

/** A stream as the inbox writes one (src/inbox/follow.ts): a comment, a catalog, two events, then the stop. */
const INBOX_STREAM = [
  ': following\n\n',
  'event: catalog\ndata: {"kind":"catalog","hash":"h1"}\n\n',
  'id: 1\nevent: event\ndata: {"kind":"event","seq":1}\n\n',
  ': still here\n\n',
  'id: 2\nevent: event\ndata: {"kind":"event","seq":2}\n\n',
  'event: stopped\ndata: {"shareId":"sh_1","highestSeq":2}\n\n',
].join('');

const INBOX_MESSAGES: SseMessage[] = [
  { event: 'catalog', data: '{"kind":"catalog","hash":"h1"}', id: '' },
  { event: 'event', data: '{"kind":"event","seq":1}', id: '1' },
  { event: 'event', data: '{"kind":"event","seq":2}', id: '2' },
  { event: 'stopped', data: '{"shareId":"sh_1","highestSeq":2}', id: '2' },
];

describe('server-sent event frames', () => {
  it("reads the inbox's stream: comments skipped, each frame's event, data and the id it carries", () => {
    expect(read([INBOX_STREAM])).toEqual(INBOX_MESSAGES);
  });

  it('gives the same messages however the stream is cut into pieces', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: INBOX_STREAM.length - 1 }), { maxLength: 20 }), (cuts) => {
        const at = [0, ...[...cuts].sort((a, b) => a - b), INBOX_STREAM.length];
        const pieces = at.slice(1).map((end, i) => INBOX_STREAM.slice(at[i], end));
        expect(read(pieces)).toEqual(INBOX_MESSAGES);
      }),
    );
  });

  it('ends lines at CRLF, LF or CR, a CRLF split between two pieces included', () => {
    expect(read(['id: 7\r\nevent: event\r', '\ndata: a\r\r', 'data: b\n\n'])).toEqual([
      { event: 'event', data: 'a', id: '7' },
      { event: 'message', data: 'b', id: '7' },
    ]);
  });

  it('joins data lines with line feeds and takes off one space after the colon, no more', () => {
    expect(read(['data:  two spaces\ndata\ndata:last\n\n'])).toEqual([{ event: 'message', data: ' two spaces\n\nlast', id: '' }]);
  });

  it('dispatches nothing for a frame without data, and forgets its event name', () => {
    expect(read(['event: stopped\n\n', 'data: x\n\n'])).toEqual([{ event: 'message', data: 'x', id: '' }]);
  });

  it('keeps the last id for resuming, even from a frame with no data, and ignores one holding a NUL', () => {
    const parser = sseParser();
    parser.push('id: 4\n\n');
    expect(parser.lastEventId).toBe('4');
    parser.push('id: 5\u00006\n\n');
    expect(parser.lastEventId).toBe('4');
    expect(parser.push('data: y\n\n')).toEqual([{ event: 'message', data: 'y', id: '4' }]);
  });

  it('takes a retry of digits only, and ignores fields it does not know', () => {
    const parser = sseParser();
    parser.push('retry: soon\nretry: 2500\nfoo: bar\n\n');
    expect(parser.retry).toBe(2500);
  });

  it('drops the byte order mark that starts the stream, and only that one', () => {
    expect(read(['\ufeffdata: a\n\n', '\ufeffdata: b\n\n'])).toEqual([{ event: 'message', data: 'a', id: '' }]);
  });

  it('dispatches no frame the stream ended before finishing', () => {
    expect(read(['id: 9\nevent: event\ndata: {"seq":9}\n'])).toEqual([]);
  });
});
