import { afterEach, beforeEach, test } from "node:test";
import assert from "node:assert/strict";
import {
  appendFileSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { APPEND_CHUNK_BYTES, appendChunks, openNdjsonStore } from "./store_ndjson.ts";
import { testRow } from "../tests/_helpers/telemetry_rows.ts";

let dir: string;
beforeEach(() => void (dir = mkdtempSync(join(tmpdir(), "ac-ndjson-"))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test("rows are appended to one file per UTC day and read back in order", () => {
  const store = openNdjsonStore(dir);
  store.append([
    testRow({ ts: "2026-11-01T23:59:59.000Z" }),
    testRow({ ts: "2026-11-02T00:00:00.000Z", toolName: "other" }),
  ]);
  store.close();
  assert.deepEqual(readdirSync(join(dir, "events")).sort(), [
    "2026-11-01.ndjson",
    "2026-11-02.ndjson",
  ]);
  const rows = [...openNdjsonStore(dir).rows()];
  assert.deepEqual(rows.map((r) => r.toolName), ["query", "other"]);
});

test("each write holds whole lines and stays under the atomic append size in bytes", () => {
  const encoder = new TextEncoder();
  // Multi-byte names: a row's UTF-8 size is well above its character count.
  const lines = Array.from(
    { length: 200 },
    (_, i) => encoder.encode(JSON.stringify(testRow({ toolName: `outil-é日本😀-${i}` })) + "\n"),
  );
  const huge = encoder.encode(JSON.stringify(testRow({ toolName: "日".repeat(3000) })) + "\n");
  const chunks = appendChunks([...lines.slice(0, 100), huge, ...lines.slice(100)]);
  assert.ok(APPEND_CHUNK_BYTES <= 4096);
  assert.ok(chunks.length > 1);
  for (const chunk of chunks) {
    assert.equal(chunk[chunk.length - 1], 0x0a, "a write ends with a whole line");
    if (chunk.length > APPEND_CHUNK_BYTES) {
      assert.deepEqual(chunk, huge, "only a single over-long line exceeds the limit");
    }
  }
  const joined = new TextDecoder().decode(
    appendChunks(lines).reduce((a, b) => {
      const out = new Uint8Array(a.length + b.length);
      out.set(a);
      out.set(b, a.length);
      return out;
    }),
  );
  assert.equal(joined, lines.map((l) => new TextDecoder().decode(l)).join(""));

  const store = openNdjsonStore(dir);
  store.append(Array.from({ length: 200 }, (_, i) => testRow({ toolName: `outil-é日本😀-${i}` })));
  store.close();
  const text = readFileSync(join(dir, "events", "2026-11-01.ndjson"), "utf8");
  assert.equal(text.split("\n").length - 1, 200);
});

test("a torn last line and foreign lines are skipped, never reported", () => {
  const store = openNdjsonStore(dir);
  store.append([testRow()]);
  store.close();
  const file = join(dir, "events", "2026-11-01.ndjson");
  appendFileSync(file, '{"not":"a row"}\nnot json\n{"connectorId":"acme","toolN');
  assert.equal([...openNdjsonStore(dir).rows()].length, 1);
});

test("filters select by time, connector and scope", () => {
  const store = openNdjsonStore(dir);
  store.append([
    testRow({ ts: "2026-11-01T08:00:00.000Z" }),
    testRow({ ts: "2026-11-01T12:00:00.000Z", connectorId: "other" }),
    testRow({ ts: "2026-11-02T08:00:00.000Z", scope: "hook", surfaceKind: "hook" }),
  ]);
  const since = [...store.rows({ since: "2026-11-01T10:00:00.000Z" })];
  assert.deepEqual(since.map((r) => r.ts), [
    "2026-11-01T12:00:00.000Z",
    "2026-11-02T08:00:00.000Z",
  ]);
  assert.equal([...store.rows({ connectorId: "other" })].length, 1);
  assert.equal([...store.rows({ scopes: ["hook"] })].length, 1);
  store.close();
});

test("groups sum rows by every dimension and match reading the events", () => {
  const store = openNdjsonStore(dir);
  store.append([
    testRow({ inputTokens: 1, outputTokens: 2 }),
    testRow({ inputTokens: 3, outputTokens: 4, ts: "2026-11-01T11:00:00.000Z" }),
    testRow({ toolName: "other" }),
  ]);
  const groups = store.groups().sort((a, b) => a.toolName.localeCompare(b.toolName));
  assert.equal(groups.length, 2);
  assert.equal(groups[0].toolName, "other");
  assert.deepEqual(
    [
      groups[1].count,
      groups[1].inputTokens,
      groups[1].outputTokens,
      groups[1].firstTs,
      groups[1].lastTs,
    ],
    [2, 4, 6, "2026-11-01T10:00:00.000Z", "2026-11-01T11:00:00.000Z"],
  );
  store.close();
});

test("a day's rollup is reused and extended by only the bytes appended since", () => {
  const store = openNdjsonStore(dir);
  store.append([testRow(), testRow()]);
  assert.equal(store.groups()[0].count, 2);
  const rollup = join(dir, "rollups", "2026-11-01.json");
  const first = JSON.parse(readFileSync(rollup, "utf8"));
  assert.equal(first.bytes, statSync(join(dir, "events", "2026-11-01.ndjson")).size);
  // Prove the rollup is used: doctor it, and the answer follows the rollup.
  first.groups[0].count = 100;
  writeFileSync(rollup, JSON.stringify(first));
  store.append([testRow()]);
  assert.equal(store.groups()[0].count, 101);
  store.close();
});

test("a --since inside a day reads that day's events exactly", () => {
  const store = openNdjsonStore(dir);
  store.append([testRow({ ts: "2026-11-01T08:00:00.000Z" }), testRow()]);
  store.groups(); // writes the rollup
  const groups = store.groups({ since: "2026-11-01T09:00:00.000Z" });
  assert.equal(groups[0].count, 1);
  store.close();
});

test("a replaced, shorter event file rebuilds its rollup", () => {
  const store = openNdjsonStore(dir);
  store.append([testRow(), testRow(), testRow()]);
  assert.equal(store.groups()[0].count, 3);
  store.close();
  const file = join(dir, "events", "2026-11-01.ndjson");
  writeFileSync(file, JSON.stringify(testRow()) + "\n");
  assert.equal(openNdjsonStore(dir).groups()[0].count, 1);
});

test("an empty store reads as nothing", () => {
  const store = openNdjsonStore(join(dir, "missing"));
  assert.deepEqual([...store.rows()], []);
  assert.deepEqual(store.groups(), []);
});

test("a revision replaces its provisional row, in reads and in a rollup that summed it", () => {
  const store = openNdjsonStore(dir);
  const was = testRow({ rowId: "r1", outputTokens: 99, confidenceSource: "heuristic" });
  store.append([testRow({ toolName: "before" }), was, testRow({ toolName: "after" })]);
  const early = store.groups().find((g) => g.toolName === "query")!;
  assert.deepEqual([early.count, early.outputTokens, early.confidenceSource], [1, 99, "heuristic"]);
  store.revise([{ was, row: testRow({ rowId: "r1", outputTokens: 20 }) }]);
  store.close();
  const reopened = openNdjsonStore(dir);
  assert.deepEqual(
    [...reopened.rows()].map((r) => [r.toolName, r.outputTokens, r.confidenceSource, r.rowId]),
    [
      ["before", 20, "tokenizer-approx", undefined],
      ["query", 20, "tokenizer-approx", undefined],
      ["after", 20, "tokenizer-approx", undefined],
    ],
  );
  // The rollup written before the revision took the provisional row back out.
  const query = reopened.groups().filter((g) => g.toolName === "query");
  assert.deepEqual(
    query.map((g) => [g.count, g.outputTokens, g.confidenceSource]),
    [[1, 20, "tokenizer-approx"]],
  );
  rmSync(join(dir, "rollups"), { recursive: true });
  assert.deepEqual(
    reopened.groups().filter((g) => g.toolName === "query").map((g) => [g.count, g.outputTokens]),
    [[1, 20]],
  );
});

test("rows written before revisions existed read as before; older readers skip a revision line", () => {
  const file = join(dir, "events", "2026-11-01.ndjson");
  openNdjsonStore(dir).append([testRow()]); // creates the folder
  // A row as older versions wrote it, and a revision line as this one does.
  writeFileSync(
    file,
    JSON.stringify(testRow({ toolName: "old" })) + "\n" +
      JSON.stringify({ revises: testRow({ rowId: "gone" }), row: testRow({ rowId: "gone" }) }) +
      "\n",
  );
  const rows = [...openNdjsonStore(dir).rows()];
  // The revision of a provisional row that is not there still counts once.
  assert.deepEqual(rows.map((r) => r.toolName), ["old", "query"]);
  const lines = readFileSync(file, "utf8").trim().split("\n").map((l) => JSON.parse(l));
  assert.equal(lines[1].connectorId, undefined, "no row fields at the top of a revision line");
});
