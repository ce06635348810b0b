/**
 * The reader contract: what one host module under `usage/readers/` provides so
 * the shared scan can list, stream-decode, deduplicate, cache and aggregate its
 * logs. A reader never opens files itself for JSONL sources; it gets parsed
 * lines that passed its byte markers.
 *
 * Adding a host is one module `usage/readers/<host_id>.ts` exporting
 * `reader: UsageReader`, plus its id in `usage/readers/registry.ts`.
 *
 * @example
 * ```ts
 * import type { UsageReader } from "./reader.ts";
 * export const reader: UsageReader = {
 *   id: "qwen-code",
 *   version: 1,
 *   confidence: "host-reported",
 *   async sources(machine, list) {
 *     return list.files([`${machine.home}/.qwen/projects`], { ext: [".jsonl"] });
 *   },
 *   jsonl: {
 *     markers: ['"usageMetadata"'],
 *     pick: { type: true, sessionId: true, timestamp: true, usageMetadata: true },
 *     open: (sink) => ({
 *       line(value, at) {
 *         // sink.emit({ key, ts, sessionId, projectKey, tokens, ... })
 *       },
 *       save: () => null,
 *     }),
 *   },
 * };
 * ```
 *
 * @module
 */

import type { MachineEnv } from "../io/machine_env.ts";
import type { UsageConfidence, UsageTokens } from "../core/usage_types.ts";
import type { HostId } from "../core/platform_types.ts";
import type { PickSpec } from "../core/pick_json.ts";

export type { PickSpec };

/** One file (or database) a reader decodes. */
export interface UsageSource {
  /** The absolute path. */
  path: string;
  /**
   * The identity of the source across scans and places, default `path`. Two
   * sources with the same key in one scan are one: the first listed wins (a
   * Codex rollout found in `sessions/` and `archived_sessions/`).
   */
  key?: string;
  /** How it is decoded: line by line, as one JSON document, or by `custom`. */
  format: "jsonl" | "json" | "custom";
  /** Reader-defined facts about the source (the root it was found under, the project folder). */
  meta?: Record<string, string>;
  /**
   * Other files that belong to the source, such as a SQLite database's `-wal`
   * file: a change to any of them is a change of the source, so it is read
   * again. Missing ones are fine.
   */
  companions?: readonly string[];
}

/** What a reader gives the scan for one request; the scan adds platform and confidence. */
export interface ReaderRecord {
  /**
   * The request's identity within the platform. Records with the same key,
   * in one file or across files, are one request: the one with the largest
   * token total counts.
   */
  key: string;
  /** When it happened, ms since the epoch. */
  ts: number;
  /** Session id. */
  sessionId: string;
  /**
   * Project key: the absolute working folder the host logged (else a folder
   * name, decoded where the host encodes it). The scan unifies its spelling
   * for every host (`_project.ts`: no trailing slash), so one folder worked in
   * with several hosts is one project.
   */
  projectKey: string;
  /** Model id, when logged. */
  modelId?: string;
  /** Provider id, when logged. */
  providerId?: string;
  /** The four disjoint counts. */
  tokens: UsageTokens;
  /** The host's own cost in USD, when logged. */
  costUsd?: number;
  /** Billing-tier price factor, when not 1. */
  pricingMultiplier?: number;
  /**
   * A copy that should lose a tie against another record with the same key
   * (a Claude Code sidechain replay). Default false.
   */
  secondary?: boolean;
}

/** Where a decoder sends what it finds. */
export interface DecodeSink {
  /** The source being decoded. */
  readonly source: UsageSource;
  /** Hands one request to the scan. Emitting the same key again merges. */
  emit(record: ReaderRecord): void;
  /** Reports bad input; the scan reports it once per source and goes on. */
  problem(message: string, line?: number): void;
}

/** Decodes the parsed lines of one JSONL source, in file order. */
export interface LineDecoder {
  /**
   * Receives one parsed line that contained a marker. `at` is the line's byte
   * offset in the file (a stable identity for requests that have no id).
   */
  line(value: unknown, at: number): void;
  /**
   * The decoder's state after the last line, as JSON data: the scan stores it
   * with the source's cursor and passes it to `open` to continue after an
   * append. Return null when the decoder keeps no state between lines.
   */
  save(): unknown;
}

/** Lists files under roots, reporting unreadable folders once. */
export interface SourceLister {
  /**
   * Walks each existing root recursively and returns the files whose names end
   * with one of `ext` (and pass `filter`, given the path relative to the root),
   * sorted per root. Missing roots are skipped silently. Each real folder is
   * walked once, however many links lead to it (`_walk.ts`).
   */
  files(
    roots: readonly string[],
    options: { ext: readonly string[]; filter?: (rel: string, root: string) => boolean },
  ): Promise<UsageSource[]>;
  /** Reports an unreadable folder or file found while listing. */
  problem(path: string, message: string): void;
}

/** One host's usage reader. */
export interface UsageReader {
  /** The host id. */
  readonly id: HostId;
  /** Bump when decoding changes, so cached results of older decoders are dropped. */
  readonly version: number;
  /** Whether its numbers are the host's own or estimates. */
  readonly confidence: UsageConfidence;
  /**
   * Lists the sources under the host's home(s), honoring the host's env
   * overrides in `machine.env` and never reading `process.env` or `os.homedir()`.
   * It looks at the machine only through `machine`, `list` and the probes of
   * `_probe.ts` (`probeExists`, `probeText`, `probeNames`).
   */
  sources(machine: MachineEnv, list: SourceLister): Promise<UsageSource[]>;
  /** Decoding of `jsonl` sources. */
  readonly jsonl?: {
    /**
     * Byte strings a line must contain to be parsed at all (the pre-filter):
     * lines with none of them are skipped without decoding.
     */
    markers: readonly string[];
    /**
     * Lines the decoder ignores, known from their start: a sticky pattern
     * tried at each line's start, and a line it matches is passed over
     * without being searched or parsed (a host's bulk of message and tool
     * output lines). It must prove the line is ignorable from fields the
     * host always writes first, in its fixed order; a line it does not match
     * is searched for `markers` as usual.
     */
    skip?: RegExp;
    /**
     * The fields the decoder reads. When given, a line is not fully parsed:
     * only these keys are (see core/pick_json.ts), and skipped content costs almost
     * nothing. Without it, lines go through `JSON.parse`.
     */
    pick?: PickSpec;
    /** Starts a decoder, continuing from `saved` (what `save` returned) after an append. */
    open(sink: DecodeSink, saved?: unknown): LineDecoder;
  };
  /** Decoding of `json` sources: the whole document, parsed. */
  readonly json?: {
    /** A source whose text contains none of these is skipped without parsing. */
    markers: readonly string[];
    /** Decodes the parsed document. */
    decode(value: unknown, sink: DecodeSink): void;
  };
  /** Decoding of `custom` sources (a database): reads the whole source each time it changes. */
  readonly custom?: {
    /** Decodes the source at `sink.source.path`. */
    decode(sink: DecodeSink): Promise<void>;
  };
}
