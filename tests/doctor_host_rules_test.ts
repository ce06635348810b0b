/**
 * doctor on Codex, Gemini CLI and Qwen Code installs: the host's standing
 * notes that concern a user-scope install (and not its project-only ones), a missing server entry (fail), a hand-edited memory block (warn),
 * and hooks switched off in the user's own settings (warn).
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { runCliCaptured } from "./_helpers/cli.ts";
import { REPO } from "./_helpers/runtime.ts";
import { withTempDir } from "./_helpers/temp.ts";

const CONNECTOR = join(REPO, "tests", "fixtures", "connectors", "acme-hooks");

interface Case {
  host: string;
  /** A note this user-scope install shows. */
  note?: RegExp;
  /** A project-scope note it does not show. */
  projectNote?: RegExp;
  serverFile: string;
  dropServer(text: string): string;
  memoryFile: string;
  hooksOff: [string, string];
}

const CASES: Case[] = [{
  host: "codex",
  note: /Codex runs a new or changed hook only after you trust it/,
  projectNote: /only in a project you trust/,
  serverFile: ".codex/config.toml",
  dropServer: (t) => t.replace(/\[mcp_servers\.acme-hooks\][\s\S]*$/, ""),
  memoryFile: ".codex/AGENTS.md",
  hooksOff: [".codex/config.toml", "[features]\nhooks = false\n"],
}, {
  host: "gemini-cli",
  note: /hooksConfig\.enabled set to true/,
  projectNote: /fingerprints project hooks/,
  serverFile: ".gemini/settings.json",
  dropServer: (t) => {
    const data = JSON.parse(t);
    delete data.mcpServers["acme-hooks"];
    return JSON.stringify(data, null, 2);
  },
  memoryFile: ".gemini/GEMINI.md",
  hooksOff: [".gemini/settings.json", '"hooksConfig": { "enabled": false },'],
}, {
  host: "qwen-code",
  projectNote: /project hooks only in a trusted folder/,
  serverFile: ".qwen/settings.json",
  dropServer: (t) => {
    const data = JSON.parse(t);
    delete data.mcpServers["acme-hooks"];
    return JSON.stringify(data, null, 2);
  },
  memoryFile: ".qwen/QWEN.md",
  hooksOff: [".qwen/settings.json", '"disableAllHooks": true,'],
}];

type Finding = { check: string; status: string; message: string; fix?: string };

for (const c of CASES) {
  test(`${c.host}: doctor notes the host's rules and finds missing entries, edits and hooks switched off`, async () => {
    await withTempDir(async (base) => {
      const home = join(base, "home");
      const project = join(base, "project");
      mkdirSync(home);
      mkdirSync(project);
      const host = {
        home,
        env: { HOME: home, PATH: process.env.PATH ?? "", ACME_DB_DSN: "x" },
        cwd: project,
        os: "linux" as const,
      };
      const cli = (...args: string[]) => runCliCaptured(args, host);
      const doctor = async () => {
        const run = await cli("doctor", "--json", "--targets", c.host);
        return { code: run.code, findings: JSON.parse(run.stdout) as Finding[] };
      };
      const install = await cli("install", "--connector", CONNECTOR, "--targets", c.host);
      assert.equal(install.code, 0, install.stdout);

      const clean = await doctor();
      const notes = clean.findings.filter((f) => f.message.startsWith("note: "));
      if (c.note) assert.ok(notes.some((f) => c.note!.test(f.message)), "the host's note");
      if (c.projectNote) {
        assert.ok(!notes.some((f) => c.projectNote!.test(f.message)), "no project-only note");
      }
      // (The home binary's own --version check is framework business, and slow
      // on a loaded machine; only this host's findings are judged here.)
      const ours = (f: Finding) => f.check.includes(`@ ${c.host}`);
      assert.deepEqual(clean.findings.filter((f) => f.status === "fail" && ours(f)), []);

      // Three independent faults, one doctor run.
      const server = join(home, c.serverFile);
      writeFileSync(server, c.dropServer(readFileSync(server, "utf8")));
      const memory = join(home, c.memoryFile);
      writeFileSync(memory, readFileSync(memory, "utf8").replace("source of truth", "SOURCE"));
      const [file, off] = c.hooksOff;
      const text = readFileSync(join(home, file), "utf8");
      writeFileSync(
        join(home, file),
        file.endsWith(".toml") ? `${text}\n${off}` : text.replace("{", `{\n  ${off}`),
      );
      const broken = await doctor();
      const shown = JSON.stringify(broken.findings.filter((f) => f.status !== "pass"));
      assert.equal(broken.code, 1);
      assert.ok(
        broken.findings.some((f) => f.status === "fail" && ours(f) && /MCP server/.test(f.message)),
      );
      assert.ok(broken.findings.some((f) => f.status === "warn" && /memory/.test(f.check)), shown);
      assert.ok(
        broken.findings.some((f) =>
          f.status === "warn" && /runs no hooks|turns hooks off/.test(f.message)
        ),
        shown,
      );
    });
  });
}
