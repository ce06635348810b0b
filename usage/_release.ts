/**
 * Gives a typed array's bytes back at once, not at the next full collection.
 *
 * V8 frees an ArrayBuffer's bytes only when a major collection finds the
 * buffer dead, and lets tens of MB of such garbage pile up before it runs
 * one: the merge's chunks, the key set and the cache writers' buffers, each
 * dead once its table is built or its file written, all stayed resident to
 * the end of the first cached scan (its peak). `ArrayBuffer.prototype.transfer(0)`
 * detaches the buffer and frees its bytes now; runtimes without it (Node 20)
 * keep the old behaviour. (Moving the bytes into a new, unreferenced young
 * buffer with `structuredClone`, freed at the next minor collection, was
 * tried there: no lower peak on Node 20, over six runs each.)
 *
 * Only for arrays whose whole buffer belongs to the caller and is never
 * read again: every view of a released buffer reads as empty.
 *
 * @module
 */

type Transferable = ArrayBuffer & {
  transfer?: (length: number) => ArrayBuffer;
  detached?: boolean;
};

/** Whether {@link release} frees anything on this runtime. */
export const RELEASES: boolean =
  typeof (ArrayBuffer.prototype as Transferable).transfer === "function";

/** Frees the buffers behind `arrays` now (see the module doc); absent ones are skipped. */
export function release(...arrays: (ArrayBufferView | undefined)[]): void {
  if (!RELEASES) return;
  for (const a of arrays) {
    const b = a?.buffer as Transferable | undefined;
    if (b && b.byteLength > 0 && typeof b.transfer === "function") b.transfer(0);
  }
}
