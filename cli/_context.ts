/**
 * What every command receives: its streams, the machine it runs on, and —
 * for a branded CLI — the connector it is bound to.
 *
 * @module
 */

import process from "node:process";
import type { Readable } from "node:stream";
import { currentMachineEnv, type MachineEnv } from "../io/machine_env.ts";

/** A place text can be written to. */
export interface TextSink {
  /** Writes `text` as is. */
  write(text: string): void;
  /** True when the sink is an interactive terminal. */
  isTTY?: boolean;
  /** The terminal's width in columns, when it is one. */
  columns?: number;
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
  machine: MachineEnv;
  /** The CLI's name and binding. */
  brand: CliBrand;
}

/** The process streams as sinks, made once (each adds an error listener). */
let processSinks: { stdout: TextSink; stderr: TextSink } | undefined;

/**
 * A process stream as a sink that outlives its reader: once the reader has
 * gone (`… | head -1` closes the pipe: EPIPE), further text is dropped
 * instead of surfacing as an uncaught error with a stack trace, and the
 * command runs to its end — an install is never cut short by its output.
 */
function sinkOf(stream: NodeJS.WriteStream): TextSink {
  let gone = false;
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE" && error.code !== "ERR_STREAM_DESTROYED") throw error;
    gone = true;
  });
  return {
    write: (t) => {
      if (!gone) stream.write(t);
    },
    isTTY: Boolean(stream.isTTY),
    get columns() {
      return stream.isTTY ? stream.columns : undefined;
    },
  };
}

/** Builds the context of the running process. */
export function processContext(brand: CliBrand): CliContext {
  processSinks ??= { stdout: sinkOf(process.stdout), stderr: sinkOf(process.stderr) };
  return {
    stdout: processSinks.stdout,
    stderr: processSinks.stderr,
    stdin: process.stdin,
    machine: currentMachineEnv(),
    brand,
  };
}
