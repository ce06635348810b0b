/**
 * Turns the bytes of one proxied MCP session into telemetry rows: split
 * lines, parse JSON-RPC, pair calls with results ({@link createSessionObserver}),
 * count tokens, append rows in batches. Runs inside serve's worker thread,
 * never on the forwarding path; it has no worker APIs itself, so tests drive
 * it in-process.
 *
 * Measurements are queued and counted by a {@link TokenCounter} (in serve, a
 * thread of its own), so this side keeps taking chunks and writing rows while
 * the tokenizer loads or works. When the queue holds more than
 * {@link MAX_BACKLOG_CHARS} characters (a server streaming faster than the
 * tokenizer), new work is measured with the labeled heuristic instead, so
 * memory stays bounded. At {@link SessionRecorder.finish} calls still
 * waiting for an answer become error rows, the queue is counted until the
 * deadline, anything left is estimated, and every row is flushed.
 *
 * @module
 */

import type { ResolvedTelemetryConfig } from "../core/connector_types.ts";
import { LineSplitter } from "./line_splitter.ts";
import {
  type Measured,
  measureHeuristic,
  type MeasurePlan,
  planArguments,
  planResponse,
  planSize,
  planToolDefs,
} from "./measure.ts";
import {
  type ClientInfo,
  hostFromClientInfo,
  modelFamily,
  tokenizerConfidence,
} from "./model_family.ts";
import { type ConfidenceSource, type TelemetryRow, weakerConfidence } from "./rows.ts";
import { type CallObserved, createSessionObserver, type Sender } from "./session_observer.ts";
import type { TelemetryStore } from "./store.ts";
import type { TokenCount } from "./tokenizer.ts";
import { inProcessCounter, type TokenCounter } from "./token_counter.ts";

/** Queued characters above which new work is estimated instead of tokenized. */
export const MAX_BACKLOG_CHARS: number = 64 * 1024 * 1024;
/** Rows buffered before a write. */
export const FLUSH_ROWS = 32;
/** Milliseconds a row waits at most before it is written. */
export const FLUSH_MS = 1_000;

/** Who and where the session is. */
export interface RecorderConfig {
  /** The connector. */
  connectorId: string;
  /** `--host` or `AGENT_CONNECTOR_HOST`; else the client's name decides. */
  hostPlatform?: string;
  /** The session id. */
  sessionId: string;
  /** The project key. */
  projectKey: string;
  /** The project folder. */
  projectDir?: string;
  /** The connector's telemetry settings. */
  settings: Pick<ResolvedTelemetryConfig, "modelFamilyHint" | "measureToolDefs">;
}

/** What the recorder writes to and measures with. */
export interface RecorderDeps {
  /** The store rows are appended to. */
  store: TelemetryStore;
  /** Counts tokens (o200k in-process by default); a rejection means heuristic counts. */
  counter?: TokenCounter;
  /** The clock. */
  now?: () => Date;
  /** Reports a problem (a failed write); never required. */
  onError?: (message: string) => void;
}

interface Job {
  toolName: string;
  scope: "call" | "tool_defs";
  input: MeasurePlan;
  output: MeasurePlan;
  isError: boolean;
  size: number;
  estimate: boolean;
  ts: string;
}

const EMPTY_PLAN: MeasurePlan = { texts: [], fixedTokens: 0, estimated: false };

/** Records one session. */
export class SessionRecorder {
  readonly #config: RecorderConfig;
  readonly #deps: RecorderDeps;
  readonly #splitters: Record<Sender, LineSplitter> = {
    client: new LineSplitter(),
    server: new LineSplitter(),
  };
  readonly #decoder = new TextDecoder();
  readonly #observer;
  #clientInfo: ClientInfo | undefined;
  #queue: Job[] = [];
  #backlog = 0;
  #rows: TelemetryRow[] = [];
  #flushTimer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<void> | undefined;
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
    this.#observer = createSessionObserver({
      onClientInfo: (info) => void (this.#clientInfo = info),
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
  }

  /** Feeds a chunk one side sent (a copy the recorder may keep). */
  push(from: Sender, chunk: Uint8Array): void {
    // Start loading the tokenizer as soon as the host speaks: every session
    // lists tools at once, and loading takes the better part of a second.
    if (!this.#warmed) {
      this.#warmed = true;
      this.#counter.warm();
    }
    for (const line of this.#splitters[from].push(chunk)) {
      let message: unknown;
      try {
        message = JSON.parse(this.#decoder.decode(line));
      } catch {
        continue; // not JSON-RPC: forwarded untouched, not measured
      }
      this.#observer.observe(from, message);
    }
  }

  /** Resolves when every queued measurement is done and its rows written. */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
    this.#flush();
  }

  /**
   * Ends the session: unanswered calls become error rows; queued work is
   * tokenized until `deadline` (epoch ms) and estimated after; rows are written.
   */
  async finish(deadline: number): Promise<void> {
    this.#deadline = deadline;
    const timer = setTimeout(this.#lateReached, Math.max(0, deadline - Date.now()));
    this.#observer.abandonPending();
    await this.idle();
    clearTimeout(timer);
  }

  #enqueueCall(call: CallObserved): void {
    const result = call.response?.result as { isError?: unknown } | undefined;
    this.#enqueue({
      toolName: call.toolName,
      scope: "call",
      input: planArguments(call.arguments),
      output: call.response ? planResponse(call.response) : EMPTY_PLAN,
      isError: call.end !== "response" || call.response?.error !== undefined ||
        result?.isError === true,
    });
  }

  #enqueue(job: Omit<Job, "size" | "estimate" | "ts">): void {
    const size = planSize(job.input) + planSize(job.output);
    const estimate = this.#backlog + size > MAX_BACKLOG_CHARS;
    if (!estimate) this.#backlog += size;
    const ts = (this.#deps.now?.() ?? new Date()).toISOString();
    this.#queue.push({ ...job, size: estimate ? 0 : size, estimate, ts });
    this.#kick();
  }

  #kick(): void {
    if (this.#running) return;
    this.#running = this.#drain().finally(() => {
      this.#running = undefined;
      if (this.#queue.length > 0) this.#kick();
    });
  }

  async #drain(): Promise<void> {
    while (this.#queue.length > 0) {
      const job = this.#queue.shift()!;
      const [input, output] = await this.#measure(job);
      this.#backlog -= job.size;
      this.#addRow(job, input, output);
    }
  }

  async #measure(job: Job): Promise<[Measured, Measured]> {
    const heuristic = (): [Measured, Measured] => [
      measureHeuristic(job.input),
      measureHeuristic(job.output),
    ];
    if (job.estimate || this.#counterFailed || Date.now() > this.#deadline) return heuristic();
    const texts = [...job.input.texts, ...job.output.texts].map((t) => t.text);
    let counts: TokenCount[] | undefined;
    try {
      // Once finishing, never wait for the tokenizer past the deadline.
      counts = await Promise.race([this.#counter.count(texts), this.#late.then(() => undefined)]);
    } catch {
      this.#counterFailed = true;
    }
    if (!counts) return heuristic();
    const split = job.input.texts.length;
    return [combine(job.input, counts.slice(0, split)), combine(job.output, counts.slice(split))];
  }

  #confidence(m: Measured): ConfidenceSource {
    if (m.quality === "heuristic") return "heuristic";
    const family = modelFamily(
      this.#config.settings.modelFamilyHint,
      this.#clientInfo,
      this.#hostPlatform(),
    );
    return tokenizerConfidence(family, m.quality === "exact");
  }

  #hostPlatform(): string {
    return this.#config.hostPlatform ?? hostFromClientInfo(this.#clientInfo) ?? "unknown";
  }

  #addRow(job: Job, input: Measured, output: Measured): void {
    const c = this.#config;
    const inputOnly = job.output.texts.length === 0 && job.output.fixedTokens === 0 &&
      !job.output.estimated;
    const row: TelemetryRow = {
      connectorId: c.connectorId,
      toolName: job.toolName,
      scope: job.scope,
      surfaceKind: "server",
      hostPlatform: this.#hostPlatform(),
      sessionId: c.sessionId,
      projectKey: c.projectKey,
      inputTokens: input.tokens,
      outputTokens: output.tokens,
      confidenceSource: inputOnly
        ? this.#confidence(input)
        : weakerConfidence(this.#confidence(input), this.#confidence(output)),
      isError: job.isError,
      ts: job.ts,
    };
    if (c.projectDir) row.projectDir = c.projectDir;
    this.#rows.push(row);
    if (this.#rows.length >= FLUSH_ROWS) this.#flush();
    else this.#flushTimer ??= setTimeout(() => this.#flush(), FLUSH_MS);
  }

  #flush(): void {
    if (this.#flushTimer) clearTimeout(this.#flushTimer);
    this.#flushTimer = undefined;
    if (this.#rows.length === 0) return;
    const rows = this.#rows;
    this.#rows = [];
    try {
      this.#deps.store.append(rows);
    } catch (error) {
      this.#deps.onError?.(
        `telemetry: ${rows.length} row(s) not written: ${
          error instanceof Error ? error.message : String(error)
        }`,
      );
    }
  }
}

/** A plan's measurement from the counts of its texts. */
function combine(plan: MeasurePlan, counts: readonly TokenCount[]): Measured {
  let tokens = plan.fixedTokens;
  let exact = true;
  for (const c of counts) {
    tokens += c.tokens;
    exact &&= c.exact;
  }
  return { tokens, quality: plan.estimated ? "heuristic" : exact ? "exact" : "approx" };
}
