#!/usr/bin/env node
/**
 * The `agent-connector` executable.
 *
 * @module
 */

import process from "node:process";
import { CLI_NAME, VERSION } from "../core/version.ts";
import { processContext } from "./_context.ts";
import { runCli } from "./run.ts";

const code = await runCli(
  process.argv.slice(2),
  processContext({ name: CLI_NAME, version: VERSION }),
);
process.exitCode = code;
