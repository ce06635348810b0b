/**
 * doctor on the hosts whose damaged installs no other test covers (VS Code,
 * JetBrains and CLI Copilot, opencode, Windsurf, Zed, Continue): in a temp
 * HOME and project seeded with the user's own config, install both scopes,
 * then damage the host's own files in their own format — our MCP entry
 * removed, a hook registration removed, our memory block edited — and later
 * the entry's command pointed away from the home binary. Each damage is a
 * finding naming its file with a fix, in the text and in `--json`; a FAIL
 * exits 1; `--heal` gives back exactly the installed bytes (the user's own
 * bytes included), and the next doctor is clean. The memory edit is the
 * user's: doctor warns and `--heal` leaves it as they wrote it (spec §3).
 * The seeds carry comments, tabs and (Windsurf) CRLF line ends.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { applyEdits, type JSONPath, modify, parse } from "jsonc-parser";
import { fixtureConnector, hostBox } from "./_helpers/seeded_box.ts";
import { REPO } from "./_helpers/runtime.ts";

type Finding = { check: string; status: string; message: string; fix?: string };

interface Case {
  host: string;
  connector: string;
  id: string;
  /** Our MCP entry: its file and the key (JSON) or list (YAML) holding it. */
  server: { file: string; under: string };
  /** A hook registration: the file and the native event key, or a plugin file to delete. */
  hook?: { file: string; event?: string };
  /** The file holding our memory block. */
  memory: string;
}

const FIXTURES = join(REPO, "tests", "fixtures", "doctor_damage");
/** One row per host; the user's own files are under `<host>/home` and `<host>/project`. */
const CASES: Case[] = JSON.parse(readFileSync(join(FIXTURES, "cases.json"), "utf8"));

/** JSON(C) edit at `path`, the rest of the text kept as is (no reformatting). */
function jsonEdit(text: string, path: JSONPath, value: unknown): string {
  return applyEdits(text, modify(text, path, value, {}));
}

/** The lines of the YAML list item `- name: <id>`, as [start, end). */
function yamlItem(lines: string[], id: string): [number, number] {
  const start = lines.findIndex((l) => new RegExp(`^(\\s*)- name: ${id}$`).test(l));
  const indent = lines[start].indexOf("-");
  let end = start + 1;
  while (end < lines.length - 1 && (lines[end].search(/\S/) > indent || !lines[end].trim())) end++;
  return [start, end];
}

/** Removes our MCP entry, in the file's own format. */
function dropEntry(text: string, c: Case): string {
  if (!c.server.file.endsWith(".yaml")) return jsonEdit(text, [c.server.under, c.id], undefined);
  const lines = text.split("\n");
  const [start, end] = yamlItem(lines, c.id);
  return [...lines.slice(0, start), ...lines.slice(end)].join("\n");
}

const ELSEWHERE = "/opt/elsewhere/acme-mcp";

/** Points our MCP entry's command away from the home binary. */
function repointEntry(text: string, c: Case): string {
  if (!c.server.file.endsWith(".yaml")) {
    const entry = (parse(text) as Record<string, Record<string, { command: unknown }>>)[
      c.server.under
    ][c.id];
    // opencode's command is an array: [program, ...args].
    const path = Array.isArray(entry.command) ? ["command", 0] : ["command"];
    return jsonEdit(text, [c.server.under, c.id, ...path], ELSEWHERE);
  }
  const lines = text.split("\n");
  const [start, end] = yamlItem(lines, c.id);
  for (let i = start; i < end; i++) {
    lines[i] = lines[i].replace(/^(\s*command: ).*$/, `$1${ELSEWHERE}`);
  }
  return lines.join("\n");
}

/** Removes our registration of one native hook event, or deletes the plugin file. */
function dropHook(path: string, c: Case): void {
  if (!c.hook!.event) return rmSync(path);
  const text = readFileSync(path, "utf8");
  const list = (parse(text) as { hooks: Record<string, unknown[]> }).hooks[c.hook!.event];
  const at = list.findIndex((item) => JSON.stringify(item).includes(`--connector ${c.id}`));
  assert.ok(at >= 0, `our ${c.hook!.event} entry in ${path}`);
  writeFileSync(path, jsonEdit(text, ["hooks", c.hook!.event, at], undefined));
}

for (const c of CASES) {
  test(`${c.host}: doctor names each damaged file with a fix, and --heal gives back the installed bytes`, async () => {
    const box = hostBox();
    try {
      for (const where of ["home", "project"] as const) {
        const seed = join(FIXTURES, c.host, where);
        if (existsSync(seed)) cpSync(seed, box[where], { recursive: true });
      }
      const at = (rel: string) =>
        rel.startsWith("~/") ? join(box.home, rel.slice(2)) : join(box.project, rel);
      const doctor = async (...extra: string[]) => {
        const run = await box.cli("doctor", "--targets", c.host, ...extra);
        return extra.includes("--json")
          ? { ...run, findings: JSON.parse(run.stdout) as Finding[] }
          : { ...run, findings: [] };
      };
      const mine = (f: Finding) => f.check.includes(`${c.id} @ ${c.host}`);
      const bad = (f: Finding) => mine(f) && f.status !== "pass" && !/note: /.test(f.message);
      const connector = fixtureConnector(c.connector);
      for (const scope of ["user", "project"]) {
        const run = await box.cli(
          "install",
          "--connector",
          connector,
          "--targets",
          c.host,
          "--scope",
          scope,
        );
        assert.equal(run.code, 0, run.stdout + run.stderr);
      }
      const clean = await doctor("--json");
      const baseline = clean.findings.filter(bad).map((f) => f.check);
      assert.deepEqual(clean.findings.filter((f) => mine(f) && f.status === "fail"), []);

      const files = [c.server.file, c.memory, ...(c.hook ? [c.hook.file] : [])].map(at);
      const installed = new Map(files.map((f) => [f, readFileSync(f, "utf8")]));
      const server = at(c.server.file);
      writeFileSync(server, dropEntry(installed.get(server)!, c));
      if (c.hook) dropHook(at(c.hook.file), c);
      const memory = at(c.memory);
      const edited = installed.get(memory)!.replace("Acme DB", "ACME DB");
      assert.notEqual(edited, installed.get(memory));
      writeFileSync(memory, edited);

      const broken = await doctor("--json");
      const shown = JSON.stringify(broken.findings.filter(bad), null, 1);
      assert.equal(broken.code, 1, shown);
      const named = (file: string, status: RegExp, what: RegExp) =>
        assert.ok(
          broken.findings.some((f) =>
            mine(f) && status.test(f.status) && what.test(f.check) &&
            f.message.includes(file) && !!f.fix
          ),
          `a finding for ${what} naming ${file} with a fix in ${shown}`,
        );
      named(c.server.file.replace(/^~\//, ""), /^fail$/, /MCP server/);
      if (c.hook) named(c.hook.file.replace(/^~\//, ""), /^fail$/, /hook/);
      named(c.memory.replace(/^~\//, ""), /^warn$/, /memory/);
      const text = await doctor();
      assert.match(
        text.stdout,
        new RegExp(`\\[FAIL\\] ${c.id} @ ${c.host} \\(\\w+\\): MCP server`),
      );

      const healed = await doctor("--heal");
      assert.match(healed.stdout, /Healed \d+ of \d+ finding/, healed.stdout);
      for (const file of files.filter((f) => f !== memory)) {
        assert.equal(
          readFileSync(file, "utf8"),
          installed.get(file),
          `${file} restored byte for byte`,
        );
      }
      assert.ok(readFileSync(memory, "utf8") === edited, "the user's edit of the block is kept");
      const after = await doctor("--json");
      assert.equal(after.code, 0, JSON.stringify(after.findings.filter(bad)));
      assert.deepEqual(
        after.findings.filter(bad).map((f) => f.check).filter((k) => !/: memory \S/.test(k)),
        baseline,
      );

      // The entry is there, but its command no longer runs the home binary.
      writeFileSync(memory, installed.get(memory)!);
      writeFileSync(server, repointEntry(installed.get(server)!, c));
      const repointed = await doctor("--json");
      const entry = repointed.findings.find((f) =>
        mine(f) && /MCP server/.test(f.check) && f.status !== "pass"
      );
      assert.ok(entry, JSON.stringify(repointed.findings.filter(bad)));
      assert.equal(entry.status, "fail", entry.message);
      assert.equal(repointed.code, 1);
      assert.ok(
        entry.message.includes(c.server.file.replace(/^~\//, "")) && entry.fix,
        entry.message,
      );
      await doctor("--heal");
      assert.ok(
        readFileSync(server, "utf8") === installed.get(server),
        "the entry is repointed back",
      );
      const final = await doctor("--json");
      assert.equal(final.code, 0);
      assert.deepEqual(final.findings.filter(bad).map((f) => f.check), baseline);
    } finally {
      box.done();
    }
  });
}
