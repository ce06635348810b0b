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
