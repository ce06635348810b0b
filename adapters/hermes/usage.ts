/**
 * Hermes Agent (Nous Research): the SQLite store `state.db` in
 * `${HERMES_HOME:-~/.hermes}` (a comma list is accepted, as ccusage does;
 * `%LOCALAPPDATA%\hermes` on Windows). Read with sql.js, read-only
 * (`_sqlite.ts`).
 *
 * Table `sessions` holds each session's totals: `input_tokens`,
 * `output_tokens`, `cache_read_tokens`, `cache_write_tokens`,
 * `reasoning_tokens` (billed as output, not inside it), `model`,
 * `billing_provider`, `started_at` (epoch seconds) and the host's own
 * `actual_cost_usd`, else `estimated_cost_usd`. One record per session, keyed
 * by its id. Source: ccusage `adapter/hermes/{paths,loader,parser}.rs`,
 * notes/usage-formats.md §4.
 *
 * @module
 */

import { join } from "node:path";
import { probeExists } from "../../usage/_probe.ts";
import type { ReaderRecord, UsageReader } from "../../usage/reader.ts";
import { count } from "../../usage/tokens.ts";
import { homeContext, type HomeEnv } from "../paths.ts";
import {
  columnsOf,
  databaseSource,
  numberOf,
  readDatabase,
  textOf,
  timeOf,
} from "../../usage/readers/_sqlite.ts";
import { hermesHomes as homes } from "./home.ts";

/** Hermes's home folders for `host` (home.ts). */
export function hermesHomes(host: HomeEnv): string[] {
  return homes.all(homeContext(host));
}

const COLUMNS = [
  "id",
  "model",
  "billing_provider",
  "started_at",
  "input_tokens",
  "output_tokens",
  "cache_read_tokens",
  "cache_write_tokens",
  "reasoning_tokens",
  "estimated_cost_usd",
  "actual_cost_usd",
];

/** The Hermes reader. */
export const reader: UsageReader = {
  id: "hermes",
  version: 1,
  confidence: "host-reported",
  sources(machine) {
    const files = hermesHomes(machine).map((h) => join(h, "state.db")).filter((p) =>
      probeExists(p)
    );
    return Promise.resolve(files.map((p) => databaseSource(p)));
  },
  custom: {
    decode: (sink) =>
      readDatabase(sink, (db) => {
        const columns = columnsOf(db, sink, "sessions", "id", "Hermes");
        if (!columns) return;
        const select = COLUMNS.filter((c) => columns.has(c)).map((c) => `"${c}"`).join(", ");
        db.each(`SELECT ${select} FROM sessions`, (r) => {
          const reasoning = count(numberOf(r.reasoning_tokens));
          const id = String(r.id);
          const record: ReaderRecord = {
            key: id,
            ts: timeOf(r.started_at),
            sessionId: id,
            projectKey: "",
            modelId: textOf(r.model),
            providerId: textOf(r.billing_provider),
            tokens: {
              input: count(numberOf(r.input_tokens)),
              cacheRead: count(numberOf(r.cache_read_tokens)),
              cacheWrite: count(numberOf(r.cache_write_tokens)),
              cacheWrite1h: 0,
              output: count(numberOf(r.output_tokens)) + reasoning,
              reasoning,
            },
          };
          // A logged 0 is a subscription or an unpriced model: the price table decides then.
          const cost = numberOf(r.actual_cost_usd) ?? numberOf(r.estimated_cost_usd);
          if (cost !== undefined && cost > 0) record.costUsd = cost;
          sink.emit(record);
        });
      }),
  },
};
