/**
 * Hands what serve's forwarding thread put in the shared ring
 * (telemetry/byte_ring.ts) to a session's recorder, in order: tag 0 is a
 * chunk from the client, 1 one from the server, and a gap record says bytes
 * were dropped there (from which sides) and, in its ledger
 * (telemetry/drop_ledger.ts), what is known of the lines they belonged to.
 * Used by serve's worker thread (runtime/serve_worker.ts) and by tests that
 * drive a real ring.
 *
 * @module
 */

import { GAP_TAG, gapSides, type RingReader } from "./byte_ring.ts";
import { type LedgerRead, readLedger } from "./drop_ledger.ts";
import type { Sender } from "./session_observer.ts";

/** What the ring's records go to (a `SessionRecorder`). */
export interface RingSink {
  /** A chunk one side sent; read during the call, not kept. */
  push(from: Sender, bytes: Uint8Array): void;
  /**
   * Bytes one or both sides sent were lost here; `ledger`, when the gap
   * record had one, says what is known of them (its pieces' tags are
   * 0 = client, 1 = server).
   */
  gap(sides: readonly Sender[], ledger?: LedgerRead): void;
}

/** Takes every record waiting in `ring` into `sink`. */
export function feedRing(ring: RingReader, sink: RingSink): void {
  // A gap record that wraps round the ring's end comes in two parts.
  let gapHead: Uint8Array | undefined;
  ring.visit((tag, bytes, more) => {
    if (tag !== GAP_TAG) {
      sink.push(senderOf(tag), bytes);
      return;
    }
    if (more) {
      gapHead = bytes.slice();
      return;
    }
    if (gapHead) {
      const joined = new Uint8Array(gapHead.length + bytes.length);
      joined.set(gapHead);
      joined.set(bytes, gapHead.length);
      bytes = joined;
      gapHead = undefined;
    }
    sink.gap(sidesOf(gapSides(bytes)), readLedger(bytes));
  });
}

/** The side a ring tag stands for. */
export function senderOf(tag: number): Sender {
  return tag === 0 ? "client" : "server";
}

function sidesOf(mask: number): Sender[] {
  const sides: Sender[] = [];
  if (mask & 1) sides.push("client");
  if (mask & 2) sides.push("server");
  return sides;
}
