/**
 * The row writer's side of big lines (telemetry/line_peek.ts): lines of
 * {@link BIG_LINE_BYTES} or more are split into the token counter's shared
 * arena instead of fresh buffers, observed from their picked routing fields,
 * and the parts a row measures (a call's arguments, its result) are handed to
 * the tokenizer thread to be measured from the line in place. A region is
 * freed as soon as nothing needs it: at once for a line no row measures, else
 * when its measurement settles.
 *
 * Used by `SessionRecorder` (telemetry/recorder.ts):
 * - {@link BigLines.alloc} is the line splitter's allocator;
 * - {@link BigLines.observe} takes each line the arena {@link BigLines.holds};
 * - {@link BigLines.claimResult} is asked, while a call is being enqueued,
 *   for the deferred measure of its result.
 *
 * @module
 */

import type { ArenaRegion } from "./line_arena.ts";
import { BIG_LINE_BYTES, DeferredMeasure, peekMessage, RESULT_LINE } from "./line_peek.ts";
import type { LinePart } from "./measure.ts";
import type { Sender } from "./session_observer.ts";
import type { TokenCounter } from "./token_counter.ts";

/** The recorder's backlog, shared between its own jobs and deferred measures. */
export interface BigLineBudget {
  /**
   * True when `size` more bytes may be tokenized now (they then count in the
   * backlog until {@link BigLineBudget.release}); false: estimate instead.
   */
  admit(size: number): boolean;
  /** An admitted measure of `size` bytes settled. */
  release(size: number): void;
  /** Resolves when measuring may start (a pause in the traffic); at once when absent. */
  quiet?(): Promise<void>;
}

/** Routes one session's big lines through the counter's arena. */
export class BigLines {
  readonly #counter: TokenCounter;
  readonly #budget: BigLineBudget;
  #prefaulted = false;
  // Set while a line is observed when something took its region over.
  #claimed = false;

  /** Routes big lines for `counter` (nothing goes to the arena when it has none). */
  constructor(counter: TokenCounter, budget: BigLineBudget) {
    this.#counter = counter;
    this.#budget = budget;
  }

  /**
   * A buffer for a line of `size` bytes: a region of the arena for a big
   * line (memory already touched, read by the tokenizer thread in place),
   * else — or when the arena is full — a fresh buffer.
   */
  readonly alloc = (size: number): Uint8Array => {
    const arena = this.#counter.arena;
    if (size < BIG_LINE_BYTES || !arena) return new Uint8Array(size);
    if (!this.#prefaulted) {
      this.#prefaulted = true;
      this.#counter.prefaultArena?.();
    }
    return arena.alloc(size)?.bytes ?? new Uint8Array(size);
  };

  /** True when `bytes` is a line in the arena (observe it with {@link BigLines.observe}). */
  holds(bytes: Uint8Array): boolean {
    return this.#counter.arena?.holds(bytes) ?? false;
  }

  /**
   * Observes the arena line `bytes` from its picked fields with `observe`;
   * false when it is not JSON (forwarded untouched, not measured). A
   * `tools/call` request's arguments become a {@link DeferredMeasure}; a
   * response's result carries its line for {@link BigLines.claimResult}.
   */
  observe(
    from: Sender,
    bytes: Uint8Array,
    observe: (from: Sender, message: unknown) => void,
  ): boolean {
    const arena = this.#counter.arena!;
    const region: ArenaRegion = { at: bytes.byteOffset, bytes };
    let peeked: { message: unknown; light: boolean };
    try {
      peeked = peekMessage(region.bytes);
    } catch {
      arena.free(region.at);
      return false;
    }
    const m = peeked.message as Record<string, unknown>;
    const params = m?.params;
    let claimed = false;
    if (
      peeked.light && from === "client" && m.method === "tools/call" && m.id !== undefined &&
      m.id !== null && params && typeof params === "object"
    ) {
      // The observer keeps this call's params: its arguments are measured from the line.
      (params as Record<string, unknown>).arguments = this.#defer(region, "arguments");
      claimed = true;
    } else if (peeked.light && m.result && typeof m.result === "object" && m.id !== undefined) {
      (m.result as Record<symbol, unknown>)[RESULT_LINE] = region;
    }
    this.#claimed = claimed;
    observe(from, m);
    if (!this.#claimed) arena.free(region.at);
    this.#claimed = false;
    return true;
  }

  /**
   * The deferred measure of a call's response `result` when it came on a big
   * line (the line is then kept until it settles); undefined otherwise.
   */
  claimResult(result: unknown): DeferredMeasure | undefined {
    const region = (result as { [RESULT_LINE]?: ArenaRegion } | undefined)?.[RESULT_LINE];
    if (!region) return undefined;
    this.#claimed = true;
    return this.#defer(region, "response");
  }

  /** Starts measuring `part` of a big line (an estimate at once when tokenizing is off). */
  #defer(region: ArenaRegion, part: "arguments" | "response"): DeferredMeasure {
    const tokenize = this.#budget.admit(region.bytes.length);
    const measureLine = this.#counter.measureLine?.bind(this.#counter);
    const quiet = this.#budget.quiet?.bind(this.#budget);
    const measure = tokenize && measureLine
      ? (quiet
        ? (r: ArenaRegion, p: LinePart) => quiet().then(() => measureLine(r, p))
        : measureLine)
      : undefined;
    return new DeferredMeasure(
      this.#counter.arena!,
      region,
      part,
      measure,
      { settled: (n) => void (tokenize && this.#budget.release(n)) },
    );
  }
}
