/**
 * Where token counts come from, behind one asynchronous interface: in-process
 * (tests, CLI reports), or a dedicated worker thread (serve), so that loading
 * the tokenizer — a 4.6 MB module whose compilation blocks its thread for a
 * second or more, far longer on a loaded machine — never stalls the thread
 * that records rows. A caller that stops waiting falls back to the heuristic.
 *
 * @module
 */

import { Worker } from "node:worker_threads";
import { type CountFn, countText, loadO200k, type TokenCount } from "./tokenizer.ts";

/** Counts tokens of texts. */
export interface TokenCounter {
  /** Counts each text; rejects when the tokenizer is unavailable. */
  count(texts: readonly string[]): Promise<TokenCount[]>;
  /** Starts loading the tokenizer ahead of the first count. */
  warm(): void;
  /** Releases the counter (ends its worker). */
  close(): Promise<void>;
}

/** A counter that tokenizes on the calling thread (loading `load` once). */
export function inProcessCounter(load: () => Promise<CountFn> = loadO200k): TokenCounter {
  let loading: Promise<CountFn> | undefined;
  const get = () => (loading ??= load());
  return {
    async count(texts) {
      const fn = await get();
      return texts.map((t) => countText(fn, t));
    },
    warm() {
      get().catch(() => {});
    },
    close: () => Promise.resolve(),
  };
}

/**
 * A counter running in its own worker thread (`url`: runtime/token_worker).
 * Requests are answered in order; when the worker fails, every pending and
 * later count rejects.
 */
export function workerCounter(url: URL): TokenCounter {
  let worker: Worker | undefined;
  let failed: Error | undefined;
  let nextId = 1;
  const pending = new Map<number, { resolve(c: TokenCount[]): void; reject(e: Error): void }>();
  const fail = (error: Error) => {
    failed ??= error;
    for (const p of pending.values()) p.reject(failed);
    pending.clear();
  };
  const start = (): Worker => {
    if (worker) return worker;
    worker = new Worker(url);
    worker.on("message", (m: { id: number; counts?: TokenCount[]; error?: string }) => {
      const p = pending.get(m.id);
      if (!p) return;
      pending.delete(m.id);
      if (m.counts) p.resolve(m.counts);
      else fail(new Error(m.error ?? "tokenizer failed"));
    });
    worker.on("error", fail);
    worker.on("exit", () => fail(new Error("the tokenizer worker ended")));
    return worker;
  };
  return {
    count(texts) {
      if (failed) return Promise.reject(failed);
      return new Promise((resolve, reject) => {
        const id = nextId++;
        pending.set(id, { resolve, reject });
        start().postMessage({ id, texts });
      });
    },
    warm() {
      if (!failed) start().postMessage({ id: 0, texts: [] });
    },
    async close() {
      await worker?.terminate();
    },
  };
}
