/**
 * Big JSON-RPC lines in serve's row writer, without parsing them there: the
 * routing fields (id, method, tool name, cursor, clientInfo, isError, error,
 * a listing's tools) are picked with {@link pickJson} (on Node from the
 * bytes, {@link pickJsonBytes}), which crosses a
 * megabyte of arguments or content with a few `indexOf` jumps; the heavy
 * part (decoding the line, `JSON.parse`, the compact JSON of the arguments,
 * tokenizing) happens in the tokenizer thread, which reads the line from a
 * shared arena (telemetry/line_arena.ts) and answers with a {@link Measured}.
 * The plan it measures is the one the row writer would have made
 * ({@link planLine}), so the tokens are the same.
 *
 * @module
 */

import { Buffer } from "node:buffer";
import { pickJson, pickJsonBytes, type PickSpec } from "../core/pick_json.ts";
import { runtimeName } from "../edge/runtime_info.ts";
import type { ArenaRegion, LineArena } from "./line_arena.ts";
import { type LinePart, type Measured, measureHeuristic, planLine } from "./measure.ts";

/** Lines at least this long go through the arena (smaller ones are parsed in place). */
export const BIG_LINE_BYTES: number = 64 * 1024;

/** The fields the observer reads; everything else is skipped. */
export const PEEK_SPEC: PickSpec = {
  id: true,
  method: true,
  params: { name: true, cursor: true, requestId: true, clientInfo: true },
  result: { isError: true, tools: true, nextCursor: true },
  error: true,
};

/**
 * Node reads the routing fields from the bytes ({@link pickJsonBytes}):
 * building its one-char-per-byte string of a big line was most of the row
 * writer's CPU. Deno builds that string cheaply and searches it faster than
 * bytes, so it keeps the string (bench/README.md).
 */
const ON_NODE = runtimeName() === "node";

/** Where a light response's result keeps its line (a symbol: never serialized). */
export const RESULT_LINE: unique symbol = Symbol("result line");

const decoder = new TextDecoder();

/**
 * The message in `bytes`: `light` when it is a JSON object reduced to
 * {@link PEEK_SPEC} (the rest is still in the line), else the whole parsed
 * message (a batch array). Throws SyntaxError when the line is not JSON.
 */
export function peekMessage(bytes: Uint8Array): { message: unknown; light: boolean } {
  let i = 0;
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x09 || bytes[i] === 0x0d)) i++;
  if (bytes[i] !== 0x7b) return { message: JSON.parse(decoder.decode(bytes)), light: false };
  if (ON_NODE) return { message: pickJsonBytes(bytes, PEEK_SPEC), light: true };
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString("latin1");
  return { message: pickJson(text, PEEK_SPEC, true), light: true };
}

/** What a deferred measurement reports back to its owner. */
export interface DeferHooks {
  /** Called once the line's memory is free again (`size` bytes of backlog done). */
  settled(size: number): void;
}

/**
 * One part of a big line being measured in the tokenizer thread. Until the
 * answer comes, the line stays in the arena, so an estimate can still be
 * made from it ({@link DeferredMeasure.estimate}).
 */
export class DeferredMeasure {
  /** Resolves with the measurement (an estimate when the tokenizer failed). */
  readonly promise: Promise<Measured>;
  readonly #region: ArenaRegion;
  readonly #part: LinePart;
  #result: Measured | undefined;

  /** Starts measuring `part` of the line in `region` with `measure`. */
  constructor(
    arena: LineArena,
    region: ArenaRegion,
    part: LinePart,
    measure: ((region: ArenaRegion, part: LinePart) => Promise<Measured>) | undefined,
    hooks: DeferHooks,
  ) {
    this.#region = region;
    this.#part = part;
    const done = (m: Measured) => {
      this.#result = m;
      arena.free(region.at);
      hooks.settled(region.bytes.length);
      return m;
    };
    this.promise = measure
      ? measure(region, part).then(done, () => done(this.estimate()))
      : Promise.resolve(done(this.estimate()));
  }

  /**
   * The heuristic measurement of the part, from the line still held (or the
   * answer, when it already came).
   */
  estimate(): Measured {
    if (this.#result) return this.#result;
    try {
      return measureHeuristic(planLine(decoder.decode(this.#region.bytes), this.#part));
    } catch {
      // Structure fine but not JSON.parse-able (a raw control character).
      return this.roughEstimate();
    }
  }

  /**
   * The answer when it came, else the line's size charged as JSON text: a
   * stand-in for a provisional row that costs nothing to make (decoding and
   * parsing a big line would take the row writer milliseconds per MiB).
   */
  roughEstimate(): Measured {
    return this.#result ??
      { tokens: Math.ceil(this.#region.bytes.length / 3), quality: "heuristic" };
  }
}
