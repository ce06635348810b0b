/**
 * What every command receives: its streams, the machine it runs on, and —
 * for a branded CLI — the connector it is bound to.
 *
 * @module
 */

import process from "node:process";
import type { Readable } from "node:stream";
import { currentHostEnv, type HostEnv } from "../io/host_env.ts";

/** A place text can be written to. */
export interface TextSink {
  /** Writes `text` as is. */
  write(text: string): void;
  /** True when the sink is an interactive terminal. */
  isTTY?: boolean;
}

/** The identity a branded CLI (`createConnectorCli`) runs under. */
export interface CliBrand {
  /** The bin name shown in help and messages. */
  name: string;
  /** The version printed by `--version`. */
  version: string;
  /** The connector config module this CLI is bound to. */
  connectorPath?: string;
}

/** Streams, environment and identity handed to a command. */
export interface CliContext {
  /** Standard output. */
  stdout: TextSink;
  /** Standard error. */
  stderr: TextSink;
  /** Standard input. */
  stdin: Readable & { isTTY?: boolean };
  /** Home, env, OS and cwd. */
  host: HostEnv;
  /** The CLI's name and binding. */
  brand: CliBrand;
}

/** Builds the context of the running process. */
export function processContext(brand: CliBrand): CliContext {
  return {
    stdout: {
      write: (t) => void process.stdout.write(t),
      isTTY: Boolean(process.stdout.isTTY),
    },
    stderr: {
      write: (t) => void process.stderr.write(t),
      isTTY: Boolean(process.stderr.isTTY),
    },
    stdin: process.stdin,
    host: currentHostEnv(),
    brand,
  };
}
