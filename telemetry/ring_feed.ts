/**
 * Hands what serve's forwarding thread put in the shared ring
 * (telemetry/byte_ring.ts) to a session's recorder, in order: tag 0 is a
 * chunk from the client, 1 one from the server, and a gap record says bytes
 * were dropped there (and from which sides). Used by serve's worker thread
 * (runtime/serve_worker.ts) and by tests that drive a real ring.
 *
 * @module
 */

import { GAP_TAG, gapSides, type RingReader } from "./byte_ring.ts";
import type { Sender } from "./session_observer.ts";

/** What the ring's records go to (a `SessionRecorder`). */
export interface RingSink {
  /** A chunk one side sent; read during the call, not kept. */
  push(from: Sender, bytes: Uint8Array): void;
  /** Bytes one or both sides sent were lost here. */
  gap(sides: readonly Sender[]): void;
}

/** Takes every record waiting in `ring` into `sink`. */
export function feedRing(ring: RingReader, sink: RingSink): void {
  ring.visit((tag, bytes) => {
    if (tag === GAP_TAG) sink.gap(sidesOf(gapSides(bytes)));
    else sink.push(tag === 0 ? "client" : "server", bytes);
  });
}

function sidesOf(mask: number): Sender[] {
  const sides: Sender[] = [];
  if (mask & 1) sides.push("client");
  if (mask & 2) sides.push("server");
  return sides;
}
