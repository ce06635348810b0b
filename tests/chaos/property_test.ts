/**
 * Property: for any host files a user may have and any connector an author
 * may write, install then uninstall gives back every byte (#19 "property
 * tests"). fast-check draws the user's JSON and TOML host files (random
 * keys and values, indentation, CRLF, BOM, final newline) and a connector
 * (id, server, hooks, commands, skills, memory) and the hosts to target;
 * a failing draw is shrunk and printed. `CHAOS_RUNS=<n>` sets the draws (10).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import fc from "fast-check";
import { assertSameTree } from "../_helpers/tree.ts";
import { chaosBox, type ConnectorShape, runs } from "./_box.ts";

const EVENTS = ["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "Stop"];
const HOSTS = ["claude-code", "gemini-cli", "cursor", "codex"];
const name = fc.stringMatching(/^[a-z][a-z0-9]{1,8}$/);

/** A JSON object as a user's host file holds it, laid out one of the ways people do. */
const jsonFile = fc.record({
  value: fc.dictionary(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 3 }), {
    maxKeys: 6,
  }),
  indent: fc.constantFrom(0, 2, 4, "\t"),
  crlf: fc.boolean(),
  bom: fc.boolean(),
  finalNewline: fc.boolean(),
}).map(({ value, indent, crlf, bom, finalNewline }) => {
  let text = JSON.stringify(value, null, indent);
  if (finalNewline) text += "\n";
  if (crlf) text = text.replace(/\n/g, "\r\n");
  return bom ? `\uFEFF${text}` : text;
});

/** A Codex config.toml: top-level keys and a table of the user's own. */
const tomlFile = fc.record({
  model: name,
  table: name,
  crlf: fc.boolean(),
}).map(({ model, table, crlf }) => {
  const text = `model = "${model}"\n\n[mcp_servers.${table}]\ncommand = "x"\n`;
  return crlf ? text.replace(/\n/g, "\r\n") : text;
});

const connector = fc.record({
  id: name,
  shape: fc.record({
    server: fc.boolean(),
    hooks: fc.subarray(EVENTS),
    commands: fc.uniqueArray(name, { maxLength: 2 }),
    skills: fc.uniqueArray(name, { maxLength: 2 }),
    memory: fc.array(fc.string({ minLength: 1, maxLength: 30 }), { maxLength: 1 }),
  }),
});

const files = fc.record({
  "home/.claude.json": fc.option(jsonFile, { nil: undefined }),
  "home/.claude/settings.json": fc.option(jsonFile, { nil: undefined }),
  "home/.gemini/settings.json": fc.option(jsonFile, { nil: undefined }),
  "home/.cursor/mcp.json": fc.option(jsonFile, { nil: undefined }),
  "home/.codex/config.toml": fc.option(tomlFile, { nil: undefined }),
});

let draws = 0;
let installed = 0;

test("install then uninstall is byte-exact for any host files and connector", async () => {
  await fc.assert(
    fc.asyncProperty(
      files,
      connector,
      fc.subarray(HOSTS, { minLength: 1 }),
      async (seed, { id, shape }, targets) => {
        draws++;
        const box = chaosBox((put) => {
          for (const [p, t] of Object.entries(seed)) if (t !== undefined) put(p, t);
        });
        try {
          const before = box.snap();
          const dir = box.connector(id, shape as ConnectorShape);
          const t = targets.join(",");
          const install = await box.cli("install", "--connector", dir, "--targets", t);
          assert.ok(install.code === 0 || /^! /m.test(install.stdout), install.stderr);
          if (/^\+ /m.test(install.stdout)) installed++;
          const gone = await box.cli("uninstall", "--connector-id", id, "--targets", t);
          assert.ok(gone.code === 0 || /^! /m.test(gone.stdout), gone.stderr);
          assertSameTree(box.snap(), before, `${id} on ${t}`);
        } finally {
          box.dispose();
        }
      },
    ),
    { numRuns: runs(10) },
  );
  // Draws that wrote nothing would hold vacuously: most must install something.
  assert.ok(installed * 2 >= draws, `${installed} of ${draws} draws installed anything`);
  console.error(`chaos property: ${draws} draws held (${installed} installed something)`);
});
