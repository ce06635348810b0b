import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { fileURLToPath } from "node:url";
import { runCliCaptured } from "./_helpers/cli.ts";
import { hostAt, tempCopy, usageFixture } from "./_helpers/usage.ts";
import { runtimeName } from "../edge/runtime_info.ts";

const main = fileURLToPath(new URL("../cli/main.ts", import.meta.url));

test(
  "usage report runs under Deno with only read, env and sys permissions and writes nothing",
  { skip: runtimeName() !== "deno" ? "needs the deno binary" : false },
  () => {
    const { dir, done } = tempCopy("agent-kit/home");
    try {
      const run = spawnSync(
        process.execPath,
        [
          "run",
          "--no-prompt",
          "--allow-read",
          "--allow-env",
          "--allow-sys",
          main,
          "usage",
          "report",
          "--json",
        ],
        { env: { HOME: dir, PATH: process.env.PATH ?? "", NO_COLOR: "1" }, encoding: "utf8" },
      );
      assert.equal(run.status, 0, run.stderr);
      const body = JSON.parse(run.stdout);
      const claude = body.rows.find((r: { key: string }) => r.key === "claude-code");
      assert.deepEqual(
        [claude.input, claude.cacheRead, claude.cacheWrite, claude.output],
        [1023, 100, 2108, 1024],
      );
      assert.equal(existsSync(join(dir, ".agent-connector")), false);
    } finally {
      done();
    }
  },
);

test(
  "usage without --allow-env or --allow-read under Deno is an error naming the flag, not 'No usage found.'",
  { skip: runtimeName() !== "deno" ? "needs the deno binary" : false },
  () => {
    const { dir, done } = tempCopy("agent-kit/home");
    try {
      for (
        const [flags, missing] of [
          [["--allow-read", "--allow-sys"], "--allow-env"],
          [["--allow-env", "--allow-sys", `--allow-read=${join(main, "../..")}`], "--allow-read"],
        ]
      ) {
        const run = spawnSync(
          process.execPath,
          ["run", "--no-prompt", ...flags, main, "usage", "report"],
          { env: { HOME: dir, PATH: process.env.PATH ?? "", NO_COLOR: "1" }, encoding: "utf8" },
        );
        assert.equal(run.status, 2, run.stderr);
        assert.equal(run.stdout, "");
        assert.match(run.stderr, new RegExp(`Deno permission ${missing} missing`), run.stderr);
      }
    } finally {
      done();
    }
  },
);

test("usage report prints a table with a CONFIDENCE column, a total and the skip notes", async () => {
  const run = await runCliCaptured(
    ["usage", "report", "--no-cache"],
    hostAt(usageFixture("agent-kit/home")),
  );
  assert.equal(run.code, 0, run.stderr);
  const [head] = run.stdout.split("\n");
  assert.match(
    head,
    /^PLATFORM\s+REQUESTS\s+INPUT\s+CACHE READ\s+CACHE WRITE\s+OUTPUT\s+TOTAL\s+COST\s+CONFIDENCE$/,
  );
  assert.match(
    run.stdout,
    /^claude-code\s+6\s+1,023\s+100\s+2,108\s+1,024\s+4,255\s+—\s+host-reported$/m,
  );
  assert.match(run.stdout, /^codex\s+8\s+4,135\s+510\s+0\s+170\s+4,815\s+—\s+host-reported$/m);
  assert.match(
    run.stdout,
    /^gemini-cli\s+6\s+2,619\s+400\s+0\s+1,441\s+4,460\s+—\s+host-reported$/m,
  );
  assert.match(
    run.stdout,
    // pi's `model-test` logs a cost of 0 and no price knows it: unpriced, so the sum is partial.
    /^pi\s+3\s+11,479\s+1,024\s+20\s+17\s+12,540\s+\$0\.75\+\s+host-reported$/m,
  );
  assert.match(
    run.stdout,
    /^grok-build\s+2\s+300,000\s+300,000\s+0\s+20,000\s+620,000\s+\$0\.12\s+host-reported$/m,
  );
  assert.match(run.stdout, /^opencode\s+2\s+103\s+50\s+0\s+25\s+178\s+\$0\.01\+\s+host-reported$/m);
  assert.match(
    run.stdout,
    /^TOTAL\s+27\s+319,359\s+302,084\s+2,128\s+22,677\s+646,248\s+\$0\.88\+\s+host-reported$/m,
  );
  // Every model nobody priced is named, with its requests: never a silent $0.
  assert.match(
    run.stdout,
    /^\+ no price for \(no model logged\) \(1 request\), claude-test \(5 requests\), gateway-model \(1 request\), .*gpt-test \(7 requests\), model-test \(2 requests\): their cost is not included/m,
  );
  // No synced app is installed in the fixture home: no "requires sync" line.
  assert.doesNotMatch(run.stdout, /requires sync/);
});

test("usage report says 'requires sync' only for the synced apps that are installed", async () => {
  const { dir, done } = tempCopy("agent-kit/home");
  try {
    // With the cache: the first run keeps its listing, the second replays it.
    const host = hostAt(dir, { AGENT_CONNECTOR_DATA_DIR: join(dir, ".data") });
    const before = await runCliCaptured(["usage", "report"], host);
    assert.doesNotMatch(before.stdout, /requires sync/);
    mkdirSync(join(dir, ".warp"));
    mkdirSync(join(dir, ".config", "Cursor"), { recursive: true });
    const run = await runCliCaptured(["usage", "report"], host);
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stdout,
      /^skipped cursor, warp: requires sync — their usage is kept by the vendor's service, not in a log on this machine, and no local copy of it was found$/m,
    );
  } finally {
    done();
  }
});

test("usage report --by day groups by date and --since drops older requests", async () => {
  const machine = hostAt(usageFixture("agent-kit/home"));
  const run = await runCliCaptured([
    "usage",
    "report",
    "--by",
    "day",
    "--utc",
    "--json",
    "--no-cache",
    "--platform",
    "claude-code",
  ], machine);
  assert.equal(run.code, 0, run.stderr);
  const body = JSON.parse(run.stdout);
  assert.deepEqual(body.rows.map((r: { key: string }) => r.key), ["2025-12-01", "2026-01-01"]);
  assert.equal(body.timeZone, "UTC");
  const recent = await runCliCaptured(
    ["usage", "report", "--since", "1d", "--json", "--no-cache"],
    machine,
  );
  assert.deepEqual(JSON.parse(recent.stdout).rows, []);
});

test("usage export writes one CSV row per request with no prompt text", async () => {
  const { dir, done } = tempCopy();
  try {
    const run = await runCliCaptured(
      [
        "usage",
        "export",
        "--format",
        "csv",
        "--out",
        "u.csv",
        "--no-cache",
        "--platform",
        "claude-code",
      ],
      { ...hostAt(usageFixture("agent-kit/home")), cwd: dir },
    );
    assert.equal(run.code, 0, run.stderr);
    const lines = readFileSync(join(dir, "u.csv"), "utf8").trimEnd().split("\n");
    assert.equal(lines.length, 7);
    assert.match(
      lines[0],
      /^platform,sessionId,project,model,provider,time,input,cacheRead,cacheWrite/,
    );
    assert.doesNotMatch(lines.join("\n"), /Count the tokens|Done\./);
  } finally {
    done();
  }
});

test("usage leaderboard ranks hosts and bad flags are usage errors", async () => {
  const machine = hostAt(usageFixture("agent-kit/home"));
  const board = await runCliCaptured(["usage", "leaderboard", "--json", "--no-cache"], machine);
  assert.equal(board.code, 0, board.stderr);
  const body = JSON.parse(board.stdout);
  assert.equal(body.rows[0].rank, 1);
  assert.equal(body.origin, "host-scan-logs");
  assert.deepEqual(body.hostSkipped, []); // no synced app installed in this home
  for (
    const argv of [
      ["usage", "report", "--by", "tool"],
      ["usage", "leaderboard", "--by", "day"],
      ["usage", "report", "--since", "7w"],
      ["usage", "report", "--platform", "nope"],
      ["usage", "frob"],
    ]
  ) {
    const run = await runCliCaptured(argv, machine);
    assert.equal(run.code, 2, argv.join(" "));
  }
});

test("usage leaderboard ranks by cost with the tokens and both shares beside", async () => {
  // In this home pi spent $0.75 for 12,540 tokens and grok-build $0.12 for 620,000: by
  // cost pi comes first; hosts whose models have no price come last, by tokens.
  const host = hostAt(usageFixture("agent-kit/home"));
  const board = await runCliCaptured(["usage", "leaderboard", "--json", "--no-cache"], host);
  assert.equal(board.code, 0, board.stderr);
  const rows: Array<
    { key: string; rank: number; total: number; costUsd?: number; costSharePct: number }
  > = JSON.parse(board.stdout).rows;
  assert.deepEqual(rows.slice(0, 3).map((r) => r.key), ["pi", "grok-build", "opencode"]);
  const costs = rows.map((r) => r.costUsd ?? -1);
  assert.deepEqual(costs, [...costs].sort((a, b) => b - a));
  const unpriced = rows.filter((r) => r.costUsd === undefined).map((r) => r.total);
  assert.deepEqual(unpriced, [...unpriced].sort((a, b) => b - a));
  assert.deepEqual(rows.map((r) => r.rank), rows.map((_, i) => i + 1));
  const usd = rows.reduce((n, r) => n + (r.costUsd ?? 0), 0);
  assert.equal(rows[0].costSharePct, Math.round((rows[0].costUsd! / usd) * 1000) / 10);
  const table = await runCliCaptured(["usage", "leaderboard", "--no-cache"], host);
  assert.match(table.stdout.split("\n")[0], /^RANK\s+PLATFORM\s+COST\s+SHARE\s+TOKENS\s/);
  assert.match(table.stdout.split("\n")[1], /^\s+1\s+pi\s+\$0\.75\+\s+84\.9%\s+12,540\s/);
  const asc = await runCliCaptured(["usage", "leaderboard", "-j", "-o", "asc", "--no-cache"], host);
  assert.deepEqual(
    JSON.parse(asc.stdout).rows.map((r: { key: string }) => r.key),
    rows.map((r) => r.key).reverse(),
  );
});

test("usage export --format json lists every request with its cost source", async () => {
  const run = await runCliCaptured(
    ["usage", "export", "--no-cache", "--platform", "codex"],
    hostAt(usageFixture("agent-kit/home")),
  );
  assert.equal(run.code, 0, run.stderr);
  const records = JSON.parse(run.stdout);
  assert.equal(records.length, 8);
  assert.deepEqual(Object.keys(records[0]).slice(0, 6), [
    "platform",
    "sessionId",
    "project",
    "model",
    "provider",
    "time",
  ]);
  assert.ok(
    records.every((r: { costUsd: unknown; costSource: unknown }) =>
      r.costUsd === null && r.costSource === null
    ),
  );
});

test("usage report --json gives each row its last activity: the time of its latest request", async () => {
  const machine = hostAt(usageFixture("agent-kit/home"));
  const report = await runCliCaptured([
    "usage",
    "report",
    "--no-cache",
    "--by",
    "session",
    "--json",
  ], machine);
  assert.equal(report.code, 0, report.stderr);
  const exported = await runCliCaptured(["usage", "export", "--no-cache"], machine);
  const latest = new Map<string, string>();
  for (const r of JSON.parse(exported.stdout) as Array<{ sessionId: string; time: string }>) {
    if ((latest.get(r.sessionId) ?? "") < r.time) latest.set(r.sessionId, r.time);
  }
  const body = JSON.parse(report.stdout);
  assert.ok(body.rows.length > 3);
  for (const row of body.rows) assert.equal(row.lastActivity, latest.get(row.key), row.key);
  assert.equal(body.totals.lastActivity, [...latest.values()].sort().at(-1));
});

test("a progress line goes to stderr only when it is a terminal, and is cleared", async () => {
  const { run } = await import("../cli/cmd_usage.ts");
  const { Readable } = await import("node:stream");
  for (const isTTY of [true, false]) {
    let err = "";
    let out = "";
    const code = await run(["report", "--no-cache"], {
      stdout: { write: (t) => void (out += t) },
      stderr: { write: (t) => void (err += t), isTTY },
      stdin: Readable.from([""]),
      machine: hostAt(usageFixture("agent-kit/home")),
      brand: { name: "agent-connector", version: "0" },
    });
    assert.equal(code, 0);
    if (isTTY) {
      assert.ok(err.startsWith("\r\x1b[2Kscanning "), JSON.stringify(err));
      assert.match(err, /scanning \d+\/\d+ files, \d+\/\d+ MB/);
      assert.ok(err.endsWith("\r\x1b[2K"));
    } else assert.equal(err, "");
    assert.match(out, /^TOTAL/m);
  }
});

test("hostLeaderboard gives the unified leaderboard its host board and skip notes", async () => {
  const { hostLeaderboard } = await import("../usage/mod.ts");
  const board = await hostLeaderboard({
    machine: hostAt(usageFixture("agent-kit/home")),
    cache: false,
    by: "model",
  });
  assert.equal(board.origin, "host-scan-logs");
  assert.deepEqual(board.host.map((r) => r.rank), board.host.map((_, i) => i + 1));
  assert.ok(board.host.some((r) => r.key === "gpt-test" && r.costUsd === undefined));
  assert.deepEqual(board.hostSkipped, []); // no synced app installed in this home
  assert.match(board.pricesVersion, /^\d{4}-\d{2}-\d{2}\+/);
});

test("usage report --since with a window longer than any history reports everything", async () => {
  const machine = hostAt(usageFixture("agent-kit/home"));
  const all = await runCliCaptured(["usage", "report", "--no-cache", "--json"], machine);
  const run = await runCliCaptured(
    ["usage", "report", "--no-cache", "--json", "--since", "99999999999d"],
    machine,
  );
  assert.equal(run.code, 0, run.stderr);
  assert.deepEqual(JSON.parse(run.stdout).totals, JSON.parse(all.stdout).totals);
});

test("export --out into a folder that does not exist fails naming it, for usage and telemetry alike, and creates nothing", async () => {
  const { dir, done } = tempCopy("agent-kit/home");
  try {
    const machine = hostAt(dir);
    for (const argv of [["usage", "export", "--no-cache"], ["telemetry", "export"]]) {
      const out = join(dir, "no-such-folder", "x.json");
      const run = await runCliCaptured([...argv, "--out", out], machine);
      assert.equal(run.code, 1, argv.join(" "));
      assert.equal(
        run.stderr.split("\n").filter((l) => l.startsWith("agent-connector: ")).join("\n"),
        `agent-connector: Cannot write "${out}": the folder ${
          join(dir, "no-such-folder")
        } does not exist — create it, or choose another --out`,
      );
      assert.equal(existsSync(join(dir, "no-such-folder")), false, argv.join(" "));
    }
  } finally {
    done();
  }
});
