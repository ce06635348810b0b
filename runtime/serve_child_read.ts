/**
 * Reads the server's stdout into one reused buffer instead of a fresh one
 * per read: Node's `onread` socket option (`{ buffer, callback }`), applied
 * to the pipe socket `child_process` already made, through the same two
 * socket fields and `useUserBuffer` call the option sets up. Deno's Node
 * layer has them too. A fresh 64 KiB buffer per read costs mostly page
 * faults; the reused one makes the server→host direction several times
 * cheaper on both runtimes (bench/README.md).
 *
 * A chunk is a view of the reused buffer, valid only during its callback,
 * unless `held()` says the consumer still holds it when the callback
 * returns (a stream write that could not finish at once): the next read then
 * goes into another buffer (the option's buffer generator), and the held one
 * is left to its holder until it calls the chunk's `release`, which makes
 * its memory a spare for a later swap. A fresh buffer for every held chunk
 * cost Deno's forwarding thread a 64 KiB memset and its page faults a few
 * times per 1 MiB call (perf).
 *
 * @module
 */

import type { Readable } from "node:stream";

const NOTHING = () => {};

/** Bytes read at most per read (a Linux pipe's default capacity). */
export const CHILD_READ_BYTES = 65_536;

/** Spare buffers kept for held chunks (1 MiB). */
const MAX_SPARES = 16;

interface SocketFields {
  _handle?: { useUserBuffer?: (buffer: Uint8Array) => unknown } | null;
  [key: symbol]: unknown;
}

/**
 * Makes `stream` (a child's piped stdout, before its first read) hand each
 * read to `onChunk` as a view of one reused buffer; `onChunk` returning false
 * stops reading until the stream is resumed. With `held`, call `release`
 * once done with a chunk that was held (a write's callback): its memory is
 * then reused; a chunk never released is left to the collector. Without
 * `held`, `grow` is asked once, when a read first fills the buffer, and a
 * larger size it returns becomes the buffer's size for the reads after
 * (serve widens the server's pipes then: runtime/serve_pipes.ts). Returns
 * false, changing nothing, when the runtime's socket lacks the fields (the
 * caller then listens for `data` as usual). The end of the stream and
 * errors are reported as usual.
 */
export function readIntoReusedBuffer(
  stream: Readable,
  onChunk: (chunk: Uint8Array, release: () => void) => boolean,
  options: { size?: number; held?: () => boolean; grow?: () => number | undefined } = {},
): boolean {
  const size = options.size ?? CHILD_READ_BYTES;
  const socket = stream as unknown as SocketFields;
  const symbols = Object.getOwnPropertySymbols(stream);
  const field = (name: string) => symbols.find((s) => s.description === name);
  const [kBuffer, kBufferCb, kBufferGen] = [
    field("kBuffer"),
    field("kBufferCb"),
    field("kBufferGen"),
  ];
  const handle = socket._handle;
  if (!kBuffer || !kBufferCb || typeof handle?.useUserBuffer !== "function") return false;
  if (options.held && !kBufferGen) return false;
  if (socket[kBuffer] || socket[kBufferCb]) return false; // already set up by someone else
  const buffer = new Uint8Array(size);
  socket[kBuffer] = buffer;
  const held = options.held;
  if (!held) {
    let grow = options.grow;
    socket[kBufferCb] = (n: number, buf: Uint8Array) => {
      const more = onChunk(buf.subarray(0, n), NOTHING);
      if (grow && n === buf.length) {
        const larger = grow();
        grow = undefined;
        if (larger && larger > buf.length) {
          const next = new Uint8Array(larger);
          socket[kBuffer] = next;
          handle.useUserBuffer!(next);
        }
      }
      return more;
    };
  } else {
    let current: Uint8Array = buffer;
    let reads = 0;
    // A buffer handed over to a holder → the number of the read it holds:
    // only that chunk's release gives it back (an earlier chunk's late one
    // must not).
    const holders = new Map<Uint8Array, number>();
    const spares: Uint8Array[] = [];
    socket[kBufferCb] = (n: number, buf: Uint8Array) => {
      const read = ++reads;
      return onChunk(buf.subarray(0, n), () => {
        if (holders.get(buf) !== read) return;
        holders.delete(buf);
        if (spares.length < MAX_SPARES) spares.push(buf);
      });
    };
    // Returning a buffer makes it the one the next read goes into.
    socket[kBufferGen!] = () => {
      if (!held()) return undefined;
      holders.set(current, reads);
      current = spares.pop() ?? new Uint8Array(size);
      return current;
    };
  }
  handle.useUserBuffer(buffer);
  return true;
}
