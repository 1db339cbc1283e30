// Gzip through the browser's own streams (CompressionStream; Node has them too), where the platform has them: the
// archive of the log's old events and a shared visit's upload. A caller without them keeps its text as it is.

export const canGzip = typeof CompressionStream === 'function' && typeof DecompressionStream === 'function';

async function piped(data: BlobPart, through: CompressionStream | DecompressionStream): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await new Response(new Blob([data]).stream().pipeThrough(through)).arrayBuffer());
}

/** `text` as UTF-8, gzipped. */
export function gzip(text: string): Promise<Uint8Array<ArrayBuffer>> {
  return piped(text, new CompressionStream('gzip'));
}

/** The text gzipped bytes hold. */
export async function gunzip(bytes: Uint8Array<ArrayBuffer>): Promise<string> {
  return new TextDecoder().decode(await piped(bytes, new DecompressionStream('gzip')));
}
