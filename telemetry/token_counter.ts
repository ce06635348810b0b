/**
 * Where token counts come from, behind one asynchronous interface: in-process
 * (tests, CLI reports), or a dedicated worker thread (serve), so that loading
 * the tokenizer — a module of several megabytes whose compilation blocks its
 * thread for a long time, far longer on a loaded machine — never stalls the thread
 * that records rows. A caller that stops waiting falls back to the heuristic.
 *
 * @module
 */

import { Worker } from "node:worker_threads";
import { workerEntry } from "../core/worker_entry.ts";
import { type CountFn, countText, loadO200k, type TokenCount } from "./tokenizer.ts";
import { type ArenaRegion, LineArena } from "./line_arena.ts";
import { type LinePart, type Measured, measureWith, planLine } from "./measure.ts";
import type { CalibrationInit } from "./calibration.ts";

/**
 * Bytes of shared memory for big lines waiting to be measured: they wait for
 * a pause in the traffic (quiet_gate.ts) and then for the tokenizer. Pages
 * are touched only as lines use them and reused round the arena; a line that
 * does not fit is parsed and planned by the row writer instead, as before.
 */
export const ARENA_BYTES: number = 32 * 1024 * 1024;

/** Counts tokens of texts. */
export interface TokenCounter {
  /** Counts each text; rejects when the tokenizer is unavailable. */
  count(texts: readonly string[]): Promise<TokenCount[]>;
  /** Starts loading the tokenizer ahead of the first count. */
  warm(): void;
  /**
   * False until the tokenizer has loaded (a count then takes a second or
   * more); true after, when a small text is counted in milliseconds.
   */
  readonly ready?: boolean;
  /** Shared memory for lines given to {@link TokenCounter.measureLine}; absent: none. */
  readonly arena?: LineArena;
  /**
   * Measures `part` of the whole JSON-RPC line held in `region` of
   * {@link TokenCounter.arena} (decoding, parsing and planning it too);
   * rejects when the tokenizer is unavailable. The region must stay
   * untouched until the promise settles.
   */
  measureLine?(region: ArenaRegion, part: LinePart): Promise<Measured>;
  /**
   * Has the arena's pages touched once by the counter's own (low-priority)
   * thread, so the row writer never takes their first-touch page faults.
   * Called when a session first meets a big line.
   */
  prefaultArena?(): void;
  /**
   * Offers the texts counted from now on to the calibration sampler
   * (telemetry/calibration.ts) when `on` (the session is a Claude-family
   * one), or stops offering them. Nothing happens, and nothing is sent,
   * when the counter has no sampler (calibration off).
   */
  sample?(on: boolean): void;
  /**
   * The sampler's learned ratio of Anthropic's counts to ours, once a sample
   * was answered; undefined before, and without a sampler.
   */
  readonly calibration?: number;
  /** Releases the counter (ends its worker). */
  close(): Promise<void>;
}

/** A counter that tokenizes on the calling thread (loading `load` once). */
export function inProcessCounter(
  load: () => Promise<CountFn> = loadO200k,
  arenaBytes: number = ARENA_BYTES,
): TokenCounter {
  let loading: Promise<CountFn> | undefined;
  let ready = false;
  const get = () => (loading ??= load().then((fn) => ((ready = true), fn)));
  const decoder = new TextDecoder();
  return {
    get ready() {
      return ready;
    },
    async count(texts) {
      const fn = await get();
      return texts.map((t) => countText(fn, t));
    },
    arena: arenaBytes > 0 ? new LineArena(arenaBytes) : undefined,
    async measureLine(region, part) {
      const fn = await get();
      return measureLineText(decoder.decode(region.bytes), part, fn);
    },
    warm() {
      get().catch(() => {});
    },
    close: () => Promise.resolve(),
  };
}

/**
 * Measures `part` of a whole line's text with `count`. A line whose
 * structure passed the row writer's pick but that `JSON.parse` rejects is
 * charged as JSON by its length (labeled heuristic).
 */
export function measureLineText(text: string, part: LinePart, count: CountFn): Measured {
  try {
    return measureWith(planLine(text, part), count);
  } catch {
    return { tokens: Math.ceil(text.length / 3), quality: "heuristic" };
  }
}

interface Waiting {
  resolve(answer: { counts?: TokenCount[]; measured?: Measured }): void;
  reject(e: Error): void;
}

/**
 * A counter running in its own worker thread (`url`: runtime/token_worker,
 * given the arena's memory as `workerData.arena`, and `activity` — shared
 * memory whose first word changes while traffic flows, so counting can wait
 * for a pause — as `workerData.activity`). Requests are answered in order;
 * when the worker fails, every pending and later count rejects. With
 * `calibration` (calibration on: telemetry/calibration.ts) the worker runs
 * the sampler, and reports its ratio as `{ id: 0, calibration }`.
 */
export function workerCounter(
  url: URL,
  arenaBytes: number = ARENA_BYTES,
  activity?: SharedArrayBuffer,
  calibration?: CalibrationInit,
): TokenCounter {
  let worker: Worker | undefined;
  let failed: Error | undefined;
  let ready = false;
  let ratio: number | undefined;
  let nextId = 1;
  const arena = arenaBytes > 0 ? new LineArena(arenaBytes) : undefined;
  const pending = new Map<number, Waiting>();
  const fail = (error: Error) => {
    failed ??= error;
    for (const p of pending.values()) p.reject(failed);
    pending.clear();
  };
  const start = (): Worker => {
    if (worker) return worker;
    worker = new Worker(workerEntry(url), {
      workerData: { arena: arena?.memory, activity, calibration },
    });
    worker.on(
      "message",
      (m: {
        id: number;
        counts?: TokenCount[];
        measured?: Measured;
        error?: string;
        calibration?: number;
      }) => {
        if (m.calibration !== undefined) {
          ratio = m.calibration;
          return;
        }
        // Any answer with counts (the warm-up's too) means it has loaded.
        if (m.counts || m.measured) ready = true;
        const p = pending.get(m.id);
        if (!p) return;
        pending.delete(m.id);
        if (m.counts || m.measured) p.resolve(m);
        else fail(new Error(m.error ?? "tokenizer failed"));
      },
    );
    worker.on("error", fail);
    worker.on("exit", () => fail(new Error("the tokenizer worker ended")));
    return worker;
  };
  const ask = (message: Record<string, unknown>) =>
    new Promise<{ counts?: TokenCount[]; measured?: Measured }>((resolve, reject) => {
      if (failed) return reject(failed);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      start().postMessage({ id, ...message });
    });
  return {
    get ready() {
      return ready;
    },
    async count(texts) {
      return (await ask({ texts })).counts ?? [];
    },
    arena,
    async measureLine(region, part) {
      // Only where the line is crosses threads (a message carrying the
      // bytes costs far more than the measuring).
      const answer = await ask({ line: { at: region.at, length: region.bytes.length, part } });
      if (!answer.measured) throw new Error("tokenizer gave no measurement");
      return answer.measured;
    },
    prefaultArena() {
      if (!failed && arena) start().postMessage({ id: 0, prefault: true });
    },
    sample(on) {
      if (!failed && calibration) start().postMessage({ id: 0, sample: on });
    },
    get calibration() {
      return ratio;
    },
    warm() {
      if (!failed) start().postMessage({ id: 0, texts: [] });
    },
    async close() {
      await worker?.terminate();
    },
  };
}
