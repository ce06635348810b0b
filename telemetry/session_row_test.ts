import { test } from "node:test";
import assert from "node:assert/strict";
import { sessionRow } from "./session_row.ts";
import type { Measured } from "./measure.ts";

const config = {
  connectorId: "acme",
  sessionId: "s",
  projectKey: "git:x",
  settings: { modelFamilyHint: "auto" as const, measureToolDefs: true },
};
const job = {
  toolName: "echo",
  scope: "call" as const,
  isError: false,
  ts: "2026-11-01T10:00:00.000Z",
};
const exact: Measured = { tokens: 3, quality: "exact" };
const guess: Measured = { tokens: 9, quality: "heuristic" };

test("a row's confidence is the weaker side's, or the input's alone when there is no output", () => {
  const codex = { name: "codex-mcp-client", version: "1" };
  const row = (inputOnly: boolean, input = exact, output = exact) =>
    sessionRow(config, codex, { ...job, inputOnly }, input, output);
  assert.equal(row(false).confidenceSource, "tokenizer-exact");
  assert.equal(row(false, exact, guess).confidenceSource, "heuristic");
  assert.equal(row(true, exact, guess).confidenceSource, "tokenizer-exact");
  assert.deepEqual(
    [row(false).hostPlatform, row(false).inputTokens, row(false, exact, guess).outputTokens],
    ["codex", 3, 9],
  );
});

test("the configured host wins over the client's name, and an unknown client is unknown", () => {
  const claude = { name: "claude-code", version: "1" };
  const r = sessionRow(
    { ...config, hostPlatform: "cursor", projectDir: "/p" },
    claude,
    {
      ...job,
      inputOnly: false,
    },
    exact,
    exact,
  );
  assert.deepEqual([r.hostPlatform, r.projectDir], ["cursor", "/p"]);
  assert.equal(
    sessionRow(config, undefined, { ...job, inputOnly: true }, exact, exact).hostPlatform,
    "unknown",
  );
});

test("a calibration ratio scales a Claude session's tokenizer counts and labels them", () => {
  const claude = { name: "claude-code", version: "1" };
  const approx: Measured = { tokens: 10, quality: "exact" };
  const row = (clientInfo: { name: string }, input: Measured, output: Measured, ratio?: number) =>
    sessionRow(config, clientInfo, { ...job, inputOnly: false }, input, output, ratio);
  const calibrated = row(claude, approx, { tokens: 7, quality: "approx" }, 1.25);
  assert.deepEqual(
    [calibrated.inputTokens, calibrated.outputTokens, calibrated.confidenceSource],
    [13, 9, "tokenizer-calibrated"],
  );
  // Before a ratio is known the counts stay ours, labeled approximate.
  const before = row(claude, approx, approx);
  assert.deepEqual([before.inputTokens, before.confidenceSource], [10, "tokenizer-approx"]);
  // An estimated side is not scaled, and the row keeps the weaker label.
  const mixed = row(claude, approx, guess, 1.25);
  assert.deepEqual(
    [mixed.inputTokens, mixed.outputTokens, mixed.confidenceSource],
    [13, 9, "heuristic"],
  );
  // Other families are never calibrated by Anthropic's counts.
  const codex = row({ name: "codex-mcp-client" }, approx, approx, 1.25);
  assert.deepEqual([codex.inputTokens, codex.confidenceSource], [10, "tokenizer-exact"]);
  const gemini = row({ name: "gemini-cli-mcp-client" }, approx, approx, 1.25);
  assert.deepEqual([gemini.inputTokens, gemini.confidenceSource], [10, "tokenizer-approx"]);
});
