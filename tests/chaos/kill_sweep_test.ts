/**
 * kill -9 at many points of install, upgrade and uninstall, on several host
 * layouts (#19 item 4): whatever moment the process dies, a re-install and
 * an uninstall give back every byte of the user's files (and none of ours
 * is left: no Gemini settings remnant, no empty GEMINI.md, no
 * .codex/hooks.json, no command, Zed or opencode file, no `*.ac-tmp`).
 * The journal (install/journal.ts) is what makes the next run roll the
 * dead one back. `CHAOS_RUNS=<n>` sets the crash points per layout and
 * phase (6), `CHAOS_FULL=1` tries every one.
 */
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertSameTree } from "../_helpers/tree.ts";
import { chaosBox, FULL, runs } from "./_box.ts";
import { crashPoints, runKilledAt } from "./_kill.ts";

/** Host layouts: the targets and the user's own files there first. */
const LAYOUTS: Array<{ name: string; targets: string; seed: Record<string, string> }> = [
  {
    name: "claude-code",
    targets: "claude-code",
    seed: {
      "home/.claude.json":
        '{\n  "theme": "dark",\n  "mcpServers": {\n    "mine": {"command": "x"}\n  }\n}\n',
      "home/.claude/settings.json": '{\r\n  "model": "opus"\r\n}\r\n',
    },
  },
  {
    name: "gemini-cli + codex",
    targets: "gemini-cli,codex",
    seed: {
      "home/.gemini/settings.json": '{\n  "theme": "GitHub"\n}\n',
      "home/.codex/config.toml": 'model = "o3"\n\n[mcp_servers.mine]\ncommand = "x"\n',
    },
  },
  {
    name: "cursor + zed + opencode",
    targets: "cursor,zed,opencode",
    seed: {
      "home/.config/zed/settings.json": '// Zed settings\n{\n  "theme": "One Dark",\n}\n',
      "home/.cursor/mcp.json": '{"mcpServers":{}}',
    },
  },
];

let killedRuns = 0;

for (const layout of LAYOUTS) {
  for (const phase of ["install", "upgrade", "uninstall"] as const) {
    test(`kill -9 during ${phase} on ${layout.name}: re-install + uninstall restores every byte`, async () => {
      let killedHere = 0;
      for (const at of crashPoints(runs(6))) {
        const box = chaosBox((put) => {
          for (const [p, t] of Object.entries(layout.seed)) put(p, t);
        });
        try {
          const before = box.snap();
          const dir = box.connector("acme", FULL);
          const install = ["install", "--connector", dir, "--targets", layout.targets];
          const uninstall = ["uninstall", "--connector-id", "acme", "--targets", layout.targets];
          if (phase !== "install") assert.equal((await box.cli(...install)).code, 0);
          if (phase === "upgrade") {
            // A new version with another command and skill: files come and go.
            box.connector("acme", { ...FULL, commands: ["ship"], skills: ["sql", "ddl"] });
          }
          const killed = await runKilledAt(
            box,
            at,
            ...(phase === "uninstall" ? uninstall : install),
          );
          if (killed.killed) {
            killedRuns++;
            killedHere++;
          }
          const again = await box.cli(...install);
          assert.equal(
            again.code,
            0,
            `re-install after a kill at ${at}: ${again.stdout}${again.stderr}`,
          );
          const gone = await box.cli(...uninstall);
          assert.equal(
            gone.code,
            0,
            `uninstall after a kill at ${at}: ${gone.stdout}${gone.stderr}`,
          );
          assertSameTree(box.snap(), before, `${phase} killed at crash point ${at}`);
          if (!killed.killed) break; // the run finished before this point: the sweep is done
        } finally {
          box.dispose();
        }
      }
      console.error(`${phase} on ${layout.name}: ${killedHere} kills, all restored`);
    });
  }
}

test("the sweeps killed runs (the crash points fired)", () => {
  assert.ok(killedRuns >= LAYOUTS.length * 3, `${killedRuns} killed runs`);
  console.error(`chaos kill sweep: ${killedRuns} runs killed, every one restored`);
});
