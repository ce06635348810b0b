import { afterEach, beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCliCaptured } from "../tests/_helpers/cli.ts";
import { writeTestRecord } from "../tests/_helpers/connector_record.ts";
import { openNdjsonStore } from "../telemetry/store_ndjson.ts";
import { parseTurnUsage } from "./usage_event.ts";

const FIXTURE = JSON.parse(
  readFileSync(
    new URL("../tests/fixtures/telemetry/gemini_after_model.json", import.meta.url),
    "utf8",
  ),
).input;

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), "ac-usage-event-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const rows = () => [...openNdjsonStore(join(dir, "telemetry")).rows()];
const event = (
  stdin: string,
  env: Record<string, string> = {},
  argv = ["gemini-cli", "--connector", "acme"],
) =>
  runCliCaptured(["usage-event", ...argv], {
    env: { AGENT_CONNECTOR_DATA_DIR: dir, ...env },
    home: dir,
  }, stdin);

test("Gemini's AfterModel payload becomes one host-native model_turn row, with no output", async () => {
  const run = await event(JSON.stringify(FIXTURE));
  assert.deepEqual([run.code, run.stdout, run.stderr], [0, "", ""]);
  const [row] = rows();
  assert.deepEqual(
    [
      row.scope,
      row.toolName,
      row.hostPlatform,
      row.sessionId,
      row.inputTokens,
      row.outputTokens,
      row.confidenceSource,
      row.projectDir,
    ],
    [
      "model_turn",
      "gemini-2.5-pro",
      "gemini-cli",
      "a1b2c3",
      1820,
      96,
      "host-native",
      "/home/u/proj",
    ],
  );
  assert.equal(rows().length, 1);
});

test("a streamed chunk that does not end the response is not counted", () => {
  const chunk = structuredClone(FIXTURE);
  delete chunk.llm_response.candidates[0].finishReason;
  assert.equal(parseTurnUsage(chunk), undefined);
});

test("output falls back to total minus prompt; no usage, no row", () => {
  const p = structuredClone(FIXTURE);
  delete p.llm_response.usageMetadata.candidatesTokenCount;
  assert.equal(parseTurnUsage(p)?.outputTokens, 96);
  delete p.llm_response.usageMetadata;
  assert.equal(parseTurnUsage(p), undefined);
});

test("junk, a missing connector and the kill switch all exit 0 and record nothing", async () => {
  for (const stdin of ["", "not json", "[]", '{"llm_response":{}}']) {
    const run = await event(stdin);
    assert.deepEqual([run.code, run.stdout], [0, ""]);
  }
  assert.equal((await event(JSON.stringify(FIXTURE), {}, ["gemini-cli"])).code, 0);
  assert.equal((await event(JSON.stringify(FIXTURE), { AGENT_CONNECTOR_TELEMETRY: "0" })).code, 0);
  writeTestRecord(dir, "off", { enabled: false });
  assert.equal(
    (await event(JSON.stringify(FIXTURE), {}, ["gemini-cli", "--connector", "off"])).code,
    0,
  );
  assert.equal(existsSync(join(dir, "telemetry")), false);
});
