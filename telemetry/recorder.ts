/**
 * Turns the bytes of one proxied MCP session into telemetry rows: split
 * lines, parse JSON-RPC, pair calls with results ({@link createSessionObserver}),
 * count tokens, append rows in batches. Runs inside serve's worker thread,
 * never on the forwarding path; it has no worker APIs itself, so tests drive
 * it in-process.
 *
 * Work waits for a pause in the traffic (telemetry/quiet_gate.ts).
 * Measurements are counted by a {@link TokenCounter} (in serve, a thread of
 * its own), so rows keep being written while the tokenizer loads or works.
 *
 * A row is stored promptly, because hosts stop their servers within
 * milliseconds of a turn's end: a job whose count will take long (the
 * tokenizer still loading, a big line), one not measured
 * {@link PROVISIONAL_MS} after its call ended (a busy machine), and every
 * one when {@link SessionRecorder.hurry} says the session is being
 * stopped, is written at once with the labeled heuristic's counts and a
 * `rowId`, and revised to the tokenizer's counts once they come
 * (telemetry/rows.ts `RowRevision`). A process killed in between leaves the
 * heuristic row, labeled as such, rather than none.
 * When more than
 * {@link MAX_BACKLOG_CHARS} characters wait (a server streaming faster than
 * the tokenizer), new work is measured with the labeled heuristic instead,
 * so memory stays bounded. At {@link SessionRecorder.finish} calls still
 * waiting for an answer become error rows, the queue is counted until the
 * deadline, anything left is estimated, and every row is flushed.
 *
 * In a Claude-family session it lets the counter's `count_tokens` sampler
 * (telemetry/calibration.ts; present only when calibration is on) see the
 * texts counted, and rows measured once the sampler learned its ratio are
 * scaled by it (telemetry/session_row.ts).
 *
 * @module
 */

import { LineSplitter } from "./line_splitter.ts";
import {
  type Measured,
  measureFromCounts,
  measureHeuristic,
  type MeasurePlan,
  planArguments,
  planResponse,
  planSize,
  planToolDefs,
} from "./measure.ts";
import type { ClientInfo } from "./model_family.ts";
import { type RecorderConfig, sessionFamily, sessionRow } from "./session_row.ts";
import { type CallObserved, createSessionObserver, type Sender } from "./session_observer.ts";
import type { TelemetryStore } from "./store.ts";
import type { TelemetryRow } from "./rows.ts";
import { randomUUID } from "node:crypto";
import { RowBatch } from "./row_batch.ts";
import { QuietGate } from "./quiet_gate.ts";
import type { TokenCount } from "./tokenizer.ts";
import { inProcessCounter, type TokenCounter } from "./token_counter.ts";
import { DeferredMeasure } from "./line_peek.ts";
import { BigLines } from "./big_lines.ts";
import type { LedgerRead } from "./drop_ledger.ts";
import { senderOf } from "./ring_feed.ts";
import {
  type LostLine,
  LostLineBuilder,
  lostMessage,
  planFromSize,
  SizeOnly,
} from "./lost_line.ts";

/**
 * Milliseconds a finished call's row may wait for its count before it is
 * written with the heuristic's and completed later. Small results are
 * counted well within it once the tokenizer is loaded.
 */
export const PROVISIONAL_MS = 20;
/**
 * Characters of small jobs counted in one request to the tokenizer: a
 * session of many small calls would otherwise cost a round trip between
 * threads per side of every call.
 */
export const BATCH_CHARS: number = 64 * 1024;
/**
 * Lines and jobs waiting at most for which work starts without waiting for
 * a pause in the traffic ({@link RecorderDeps.promptWork}): a turn's few
 * calls. More (a client calling back to back) wait for the quiet gate, so
 * the backlog's parsing and counting do not take the CPU from the traffic.
 */
export const PROMPT_WORK = 64;

/** Queued characters above which new work is estimated instead of tokenized. */
export const MAX_BACKLOG_CHARS: number = 64 * 1024 * 1024;
/** Waiting line bytes above which lines are parsed at once (memory bound). */
export const MAX_WAITING_BYTES: number = 64 * 1024 * 1024;

export type { RecorderConfig } from "./session_row.ts";

/** What the recorder writes to and measures with. */
export interface RecorderDeps {
  /** The store rows are appended to. */
  store: TelemetryStore;
  /** Counts tokens (o200k in-process by default); a rejection means heuristic counts. */
  counter?: TokenCounter;
  /** The clock. */
  now?: () => Date;
  /** Quiet time before work starts (quiet_gate.ts `QUIET_MS`); tests pass 0. */
  quietMs?: number;
  /**
   * Start work at once, without the quiet time, while no more than
   * {@link PROMPT_WORK} lines and jobs wait (serve: its rows must be stored
   * before the host stops it). Off by default.
   */
  promptWork?: boolean;
  /** Reports a problem (a failed write); never required. */
  onError?: (message: string) => void;
}

/** A side of a job: planned here, or measured in the tokenizer thread from its line. */
type Side = MeasurePlan | DeferredMeasure;

interface Job {
  toolName: string;
  scope: "call" | "tool_defs";
  input: Side;
  output: Side;
  isError: boolean;
  size: number;
  estimate: boolean;
  ts: string;
  /** The heuristic row written while the count was pending. */
  provisional?: TelemetryRow;
  /** When it was queued (epoch ms). */
  queuedAt: number;
}

const EMPTY_PLAN: MeasurePlan = { texts: [], fixedTokens: 0, estimated: false };
const EMPTY_BYTES = new Uint8Array(0);

/** Records one session. */
export class SessionRecorder {
  readonly #config: RecorderConfig;
  readonly #deps: RecorderDeps;
  readonly #splitters: Record<Sender, LineSplitter>;
  readonly #decoder = new TextDecoder();
  readonly #observer;
  readonly #big: BigLines;
  #clientInfo: ClientInfo | undefined;
  #queue: Job[] = [];
  #backlog = 0;
  #lines: Array<{ from: Sender; bytes: Uint8Array; at: number; lost?: LostLine }> = [];
  /** Per side, the line that lost bytes in the ring and is not over yet. */
  readonly #damaged: Record<Sender, LostLineBuilder | undefined> = {
    client: undefined,
    server: undefined,
  };
  #lineBytes = 0;
  readonly #gate: QuietGate;
  #parsedAt = 0;
  readonly #batch: RowBatch;
  #running: Promise<void> | undefined;
  #parsing: Promise<void> | undefined;
  /** Jobs whose final row is not written yet. */
  readonly #unwritten = new Set<Job>();
  /** Writes provisional rows for jobs waiting longer than {@link PROVISIONAL_MS}. */
  #provisionalTimer: ReturnType<typeof setTimeout> | undefined;
  readonly #counter: TokenCounter;
  #counterFailed = false;
  #warmed = false;
  #deadline = Infinity;
  #lateReached: () => void = () => {};
  readonly #late = new Promise<void>((resolve) => (this.#lateReached = resolve));

  /** Creates a recorder for one session. */
  constructor(config: RecorderConfig, deps: RecorderDeps) {
    this.#config = config;
    this.#deps = deps;
    this.#counter = deps.counter ?? inProcessCounter();
    this.#big = new BigLines(this.#counter, {
      admit: (size) => {
        const tokenize = !this.#counterFailed && Date.now() <= this.#deadline &&
          this.#backlog + size <= MAX_BACKLOG_CHARS;
        if (tokenize) this.#backlog += size;
        return tokenize;
      },
      release: (size) => void (this.#backlog -= size),
      // Decoding, parsing and tokenizing a big line take milliseconds per
      // MiB in the tokenizer thread: they wait for a pause in the traffic.
      quiet: () => this.#gate.wait(),
    });
    const skipped = (from: Sender) => (bytes: Uint8Array, ended: boolean) => {
      const line = this.#damaged[from];
      if (!line) return; // a line over the splitter's limit: dropped
      line.known(bytes);
      if (ended) this.#lostLineEnded(from);
    };
    this.#splitters = {
      client: new LineSplitter(undefined, this.#big.alloc, skipped("client")),
      server: new LineSplitter(undefined, this.#big.alloc, skipped("server")),
    };
    this.#batch = new RowBatch(deps.store, deps.onError);
    this.#gate = new QuietGate(deps.quietMs);
    this.#observer = createSessionObserver({
      onClientInfo: (info) => {
        this.#clientInfo = info;
        this.#sampleIfClaude();
      },
      onCall: (call) => this.#enqueueCall(call),
      onToolDefs: (tools) =>
        this.#enqueue({
          toolName: "tools/list",
          scope: "tool_defs",
          input: planToolDefs(tools),
          output: EMPTY_PLAN,
          isError: false,
        }),
    }, { measureToolDefs: config.settings.measureToolDefs });
    this.#sampleIfClaude();
  }

  /**
   * Lets the counter's calibration sampler, when it has one, see this
   * session's texts only while the session counts for the Claude family:
   * only those rows are calibrated (telemetry/session_row.ts).
   */
  #sampleIfClaude(): void {
    this.#counter.sample?.(sessionFamily(this.#config, this.#clientInfo) === "anthropic");
  }

  /**
   * Feeds a chunk one side sent. It is read during the call and not kept
   * (serve passes views of its shared ring).
   */
  push(from: Sender, chunk: Uint8Array): void {
    // Start loading the tokenizer as soon as the host speaks: every session
    // lists tools at once, and loading takes the better part of a second.
    if (!this.#warmed) {
      this.#warmed = true;
      this.#counter.warm();
    }
    const at = Date.now();
    this.#gate.touch();
    for (const bytes of this.#splitters[from].push(chunk)) {
      this.#lines.push({ from, bytes, at });
      this.#lineBytes += bytes.length;
    }
    // Lines wait for a quiet moment, unless too many bytes are waiting.
    if (this.#lineBytes > MAX_WAITING_BYTES) this.#parseLines();
    if (this.#lines.length > 0) this.#kickParse();
  }

  /**
   * Bytes are flowing that were not pushed yet (serve's worker sees its ring
   * move): work waiting for a pause keeps waiting.
   */
  traffic(): void {
    this.#gate.touch();
  }

  /**
   * The session is being stopped (a signal, stdin closed): parse every
   * waiting line now and write each unmeasured job's row at once with the
   * heuristic's counts; measuring goes on, and revises them, while the
   * process lives.
   */
  hurry(): void {
    this.#gate.open();
    this.#parseLines();
    for (const job of this.#unwritten) this.#writeProvisional(job, false);
    this.#batch.flush();
  }

  /** Parses waiting lines at the next pause, apart from measuring (which may take long). */
  #kickParse(): void {
    if (this.#parsing) return;
    this.#parsing = this.#pause().then(() => {
      this.#parsing = undefined;
      this.#parseLines();
    });
  }

  /** Resolves when work may go on: at once while little waits (promptWork), else at a pause. */
  async #pause(): Promise<void> {
    // Counted after the chunks being fed now (a microtask later).
    if (this.#deps.promptWork) await Promise.resolve();
    const little = this.#lines.length + this.#queue.length <= PROMPT_WORK;
    if (!this.#deps.promptWork || !little) await this.#gate.wait();
  }

  /**
   * Bytes `sides` sent were lost between chunks (the forwarding thread's
   * ring was full). With the ring's `ledger` of them (telemetry/drop_ledger.ts)
   * every line they touched is put together from what is known — its length,
   * first and last bytes, and the parts that did come through — and still
   * observed ({@link lostMessage}): its call gets a row measured from size.
   * Without one, or where the ledger ran out of room, those sides'
   * unfinished lines are dropped and skipped to their next line ends; a
   * call still waiting at the end may then have lost its answer, so it gets
   * no row rather than an error row. A side that lost nothing keeps its
   * unfinished line either way.
   */
  gap(sides: readonly Sender[], ledger?: LedgerRead): void {
    this.#parseLines();
    if (!ledger) {
      this.#forget(sides);
      return;
    }
    for (const piece of ledger.pieces) {
      const from = senderOf(piece.tag);
      const line = this.#damaged[from] ??= this.#damage(from);
      line.known(piece.head);
      line.missing(piece.length - piece.head.length - piece.tail.length);
      line.known(piece.tail);
      if (piece.ended) this.#lostLineEnded(from);
    }
    const unknown = sides.filter((side) => ledger.incomplete & (side === "client" ? 1 : 2));
    if (unknown.length > 0) this.#forget(unknown);
  }

  /** Starts putting together `from`'s unfinished line, which lost bytes. */
  #damage(from: Sender): LostLineBuilder {
    const line = new LostLineBuilder();
    line.known(this.#splitters[from].reset());
    return line;
  }

  /** `from`'s damaged line ended: it is observed in order with the lines around it. */
  #lostLineEnded(from: Sender): void {
    const line = this.#damaged[from]!;
    this.#damaged[from] = undefined;
    this.#splitters[from].resume();
    this.#lines.push({ from, bytes: EMPTY_BYTES, at: Date.now(), lost: line.finish() });
  }

  /** Losses nothing is known of: drop `sides`' unfinished lines; waiting calls may be unanswerable. */
  #forget(sides: readonly Sender[]): void {
    for (const side of sides) {
      this.#damaged[side] = undefined;
      this.#splitters[side].reset();
    }
    this.#observer.bytesLost();
  }

  /** Parses every waiting line, in order, into the observer. */
  #parseLines(): void {
    while (this.#lines.length > 0) {
      const { from, at, lost, ...line } = this.#lines.shift()!;
      this.#lineBytes -= line.bytes.length;
      // A lost line whose bytes all came through after all is parsed as any other.
      const bytes = lost?.whole ?? line.bytes;
      if (lost && !lost.whole) {
        const message = lostMessage(lost);
        if (message) {
          this.#parsedAt = at;
          this.#observer.observe(from, message);
        }
        continue;
      }
      if (this.#big.holds(bytes)) {
        this.#big.observe(from, bytes, (from, message) => {
          this.#parsedAt = at;
          this.#observer.observe(from, message);
        });
        continue;
      }
      let message: unknown;
      try {
        message = JSON.parse(this.#decoder.decode(bytes));
      } catch {
        continue; // not JSON-RPC: forwarded untouched, not measured
      }
      this.#parsedAt = at;
      this.#observer.observe(from, message);
    }
  }

  /** Resolves when every queued measurement is done and its rows written. */
  async idle(): Promise<void> {
    while (this.#running || this.#parsing) await (this.#running ?? this.#parsing);
    this.#batch.flush();
  }

  /**
   * Ends the session: unanswered calls become error rows; every row not yet
   * written is written at once ({@link SessionRecorder.hurry}); queued work
   * is tokenized until `deadline` (epoch ms) and estimated after, revising
   * those rows.
   */
  async finish(deadline: number): Promise<void> {
    this.#deadline = deadline;
    this.#gate.open();
    const timer = setTimeout(this.#lateReached, Math.max(0, deadline - Date.now()));
    this.#parseLines();
    this.#observer.abandonPending();
    // The server is gone and the host may kill us any moment: every row now.
    this.hurry();
    this.#kick();
    await this.idle();
    clearTimeout(timer);
  }

  #enqueueCall(call: CallObserved): void {
    const result = call.response?.result as { isError?: unknown } | undefined;
    const resultLine = this.#big.claimResult(result); // before #enqueue: it may count in the backlog
    const lost = result instanceof SizeOnly
      ? result
      : call.response?.error instanceof SizeOnly
      ? call.response.error
      : undefined;
    this.#enqueue({
      toolName: call.toolName,
      scope: "call",
      input: call.arguments instanceof DeferredMeasure
        ? call.arguments
        : call.arguments instanceof SizeOnly
        ? planFromSize(call.arguments.bytes)
        : planArguments(call.arguments),
      output: resultLine ??
        (lost
          ? planFromSize(lost.bytes)
          : call.response
          ? planResponse(call.response)
          : EMPTY_PLAN),
      isError: call.end !== "response" || call.response?.error !== undefined ||
        result?.isError === true,
    });
  }

  #enqueue(job: Omit<Job, "size" | "estimate" | "ts" | "queuedAt">): void {
    const size = sideSize(job.input) + sideSize(job.output);
    const estimate = this.#backlog + size > MAX_BACKLOG_CHARS;
    if (!estimate) this.#backlog += size;
    const ts = (this.#deps.now?.() ?? new Date(this.#parsedAt || Date.now())).toISOString();
    const queued: Job = { ...job, size: estimate ? 0 : size, estimate, ts, queuedAt: Date.now() };
    this.#unwritten.add(queued);
    this.#queue.push(queued);
    // A count that will take long (the tokenizer still loading, a big line
    // waiting for a pause in the traffic): the provisional row goes now.
    const bigLine = job.input instanceof DeferredMeasure || job.output instanceof DeferredMeasure;
    if (this.#counter.ready === false || bigLine) this.#writeProvisional(queued, true);
    else this.#provisionalTimer ??= setTimeout(() => this.#provisionalDue(), PROVISIONAL_MS);
    this.#kick();
  }

  /** Writes the provisional rows of jobs waiting {@link PROVISIONAL_MS} or longer. */
  #provisionalDue(): void {
    this.#provisionalTimer = undefined;
    const due = Date.now() - PROVISIONAL_MS;
    let wrote = false;
    let waiting = false;
    for (const job of this.#unwritten) {
      if (job.provisional) continue;
      if (job.queuedAt <= due) wrote = this.#writeProvisional(job, false) || wrote;
      else waiting = true;
    }
    if (wrote) this.#batch.flush();
    if (waiting) this.#provisionalTimer = setTimeout(() => this.#provisionalDue(), PROVISIONAL_MS);
  }

  /** Writes `job`'s row now with the heuristic's counts, to be revised once measured. */
  #writeProvisional(job: Job, flush: boolean): boolean {
    if (job.provisional || !this.#unwritten.has(job)) return false;
    const row = this.#row(job, estimateSide(job.input), estimateSide(job.output));
    job.provisional = { ...row, rowId: randomUUID() };
    this.#batch.add(job.provisional);
    if (flush) this.#batch.flush();
    return true;
  }

  #kick(): void {
    if (this.#running) return;
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      if (this.#queue.length > 0 || this.#lines.length > 0) this.#kick();
    });
  }

  async #drain(): Promise<void> {
    for (;;) {
      await this.#pause();
      this.#parseLines();
      const jobs = this.#takeJobs();
      if (jobs.length === 0) {
        this.#gate.idle();
        return;
      }
      const measured = jobs.length === 1
        ? [await this.#measure(jobs[0])]
        : await this.#measureTogether(jobs);
      for (const [i, job] of jobs.entries()) {
        this.#backlog -= job.size;
        this.#addRow(job, ...measured[i]);
      }
    }
  }

  /** The next job, with the small ones after it up to {@link BATCH_CHARS} when it is small. */
  #takeJobs(): Job[] {
    const first = this.#queue.shift();
    if (!first) return [];
    const jobs = [first];
    if (!countable(first)) return jobs;
    let chars = first.size;
    while (
      this.#queue.length > 0 && countable(this.#queue[0]) &&
      chars + this.#queue[0].size <= BATCH_CHARS
    ) {
      const next = this.#queue.shift()!;
      chars += next.size;
      jobs.push(next);
    }
    return jobs;
  }

  /** Measures small jobs with one count of all their texts. */
  async #measureTogether(jobs: Job[]): Promise<Array<[Measured, Measured]>> {
    if (this.#counterFailed || Date.now() > this.#deadline) {
      return await Promise.all(jobs.map((job) => this.#measure(job)));
    }
    const sides = jobs.flatMap((job) => [job.input, job.output] as MeasurePlan[]);
    let counts: TokenCount[] | undefined;
    try {
      counts = await Promise.race([
        this.#counter.count(sides.flatMap((side) => side.texts.map((t) => t.text))),
        this.#late.then(() => undefined),
      ]);
    } catch {
      this.#counterFailed = true;
    }
    let at = 0;
    const measured = sides.map((side) => {
      const mine = counts?.slice(at, at += side.texts.length);
      return mine ? measureFromCounts(side, mine) : measureHeuristic(side);
    });
    return jobs.map((_, i) => [measured[2 * i], measured[2 * i + 1]]);
  }

  async #measure(job: Job): Promise<[Measured, Measured]> {
    return [await this.#measureSide(job, job.input), await this.#measureSide(job, job.output)];
  }

  async #measureSide(job: Job, side: Side): Promise<Measured> {
    if (side instanceof DeferredMeasure) {
      // Once finishing, never wait for the tokenizer past the deadline.
      return await Promise.race([side.promise, this.#late.then(() => side.estimate())]);
    }
    if (job.estimate || this.#counterFailed || Date.now() > this.#deadline) {
      return measureHeuristic(side);
    }
    if (side.texts.length === 0) return measureFromCounts(side, []);
    let counts: TokenCount[] | undefined;
    try {
      counts = await Promise.race([
        this.#counter.count(side.texts.map((t) => t.text)),
        this.#late.then(() => undefined),
      ]);
    } catch {
      this.#counterFailed = true;
    }
    return counts ? measureFromCounts(side, counts) : measureHeuristic(side);
  }

  #row(job: Job, input: Measured, output: Measured): TelemetryRow {
    const out = job.output;
    const inputOnly = !(out instanceof DeferredMeasure) && out.texts.length === 0 &&
      out.fixedTokens === 0 && !out.estimated;
    return sessionRow(
      this.#config,
      this.#clientInfo,
      { ...job, inputOnly },
      input,
      output,
      this.#counter.calibration,
    );
  }

  #addRow(job: Job, input: Measured, output: Measured): void {
    this.#unwritten.delete(job);
    if (this.#unwritten.size === 0) {
      clearTimeout(this.#provisionalTimer);
      this.#provisionalTimer = undefined;
    }
    const row = this.#row(job, input, output);
    const was = job.provisional;
    if (!was) {
      this.#batch.add(row);
    } else if (
      row.inputTokens !== was.inputTokens || row.outputTokens !== was.outputTokens ||
      row.confidenceSource !== was.confidenceSource || row.isError !== was.isError
    ) {
      this.#batch.revise({ was, row: { ...row, rowId: was.rowId } });
    }
  }
}

/** True when a job is counted from texts planned here (not a big line's, not estimated). */
function countable(job: Job): boolean {
  return !job.estimate && !(job.input instanceof DeferredMeasure) &&
    !(job.output instanceof DeferredMeasure);
}

/** A side's heuristic measurement, for a provisional row (a big line's from its size). */
function estimateSide(side: Side): Measured {
  return side instanceof DeferredMeasure ? side.roughEstimate() : measureHeuristic(side);
}

function sideSize(side: Side): number {
  // A deferred side is counted in the backlog when it starts.
  return side instanceof DeferredMeasure ? 0 : planSize(side);
}
