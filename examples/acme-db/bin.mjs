#!/usr/bin/env node
// The branded command: `acme-db install`, `acme-db doctor`, … bound to this
// package's connector, so users never type --connector.
import { readFileSync } from "node:fs";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { processContext, runCli } from "@ken-jo/agent-connector/cli";

const pkg = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
const connectorPath = fileURLToPath(new URL("./agent-connector.config.mjs", import.meta.url));
process.exitCode = await runCli(
  process.argv.slice(2),
  processContext({ name: Object.keys(pkg.bin)[0], version: pkg.version, connectorPath }),
);
