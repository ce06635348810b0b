import { test } from "node:test";
import assert from "node:assert/strict";
import { parseServeArgs } from "./serve_args.ts";

test("argv splits at the first -- and the server's own -- stays verbatim", () => {
  const a = parseServeArgs(["--connector", "acme", "--", "node", "s.js", "--", "--connector", "x"]);
  assert.equal(a.connectorId, "acme");
  assert.equal(a.command, "node");
  assert.deepEqual(a.args, ["s.js", "--", "--connector", "x"]);
});

test("unknown flags before -- are ignored and reported, never an error", () => {
  const a = parseServeArgs(["--from-the-future=1", "--connector=acme", "-z", "--", "srv"]);
  assert.equal(a.connectorId, "acme");
  assert.deepEqual(a.ignored, ["--from-the-future", "-z"]);
  assert.equal(a.command, "srv");
});

test("scope, host and repeated --secret-env are read", () => {
  const a = parseServeArgs([
    "--connector",
    "acme",
    "--scope",
    "project",
    "--host",
    "codex",
    "--secret-env",
    "A={secret:a}",
    "--secret-env",
    "B=x{secret:b}",
    "--",
    "srv",
  ]);
  assert.equal(a.scope, "project");
  assert.equal(a.hostPlatform, "codex");
  assert.deepEqual(a.secretEnv, ["A={secret:a}", "B=x{secret:b}"]);
});

test("no -- means no server command", () => {
  const a = parseServeArgs(["--connector", "acme"]);
  assert.equal(a.command, undefined);
  assert.deepEqual(a.args, []);
});

test("a flag missing its value does not swallow anything", () => {
  const a = parseServeArgs(["--connector", "--", "srv", "--host", "x"]);
  assert.equal(a.connectorId, undefined);
  assert.equal(a.hostPlatform, undefined);
  assert.deepEqual([a.command, ...a.args], ["srv", "--host", "x"]);
});

test("--env values are collected in order for serve to expand", () => {
  const a = parseServeArgs(["--env", "A={env:X}", "--env=B=b", "--", "srv"]);
  assert.deepEqual(a.env, ["A={env:X}", "B=b"]);
  assert.deepEqual(a.ignored, []);
});
