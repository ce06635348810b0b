import { test } from "node:test";
import assert from "node:assert/strict";
import {
  appendFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  truncateSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import process from "node:process";
import { runCliCaptured } from "../tests/_helpers/cli.ts";
import { cliArgv, runProcess } from "../tests/_helpers/runtime.ts";
import { hostAt, tempCopy } from "../tests/_helpers/usage.ts";

const line = (id: string, out: number) =>
  JSON.stringify({
    type: "assistant",
    sessionId: `s-${id}`,
    timestamp: "2026-01-01T00:00:00Z",
    requestId: `r-${id}`,
    message: { id, model: "m", usage: { input_tokens: 10, output_tokens: out } },
  }) + "\n";

type Group = { requests: number };

function setup() {
  const t = tempCopy();
  const projects = join(t.dir, ".claude", "projects", "p");
  mkdirSync(projects, { recursive: true });
  const env = { AGENT_CONNECTOR_DATA_DIR: join(t.dir, "data") };
  const cacheDir = join(t.dir, "data", "cache", "usage");
  const report = async (...flags: string[]) => {
    const run = await runCliCaptured(
      ["usage", "report", "--json", "--platform", "claude-code", ...flags],
      hostAt(t.dir, env),
    );
    assert.equal(run.code, 0, run.stderr);
    return JSON.parse(run.stdout);
  };
  const results = () =>
    existsSync(cacheDir)
      ? readdirSync(cacheDir).filter((n) => n.startsWith("report.")).map((n) => join(cacheDir, n))
      : [];
  /** Makes every kept result claim 999 requests: served stale, it would show. */
  const tamper = () => {
    const files = results();
    assert.ok(files.length > 0, "a result was kept");
    for (const f of files) {
      const data = JSON.parse(readFileSync(f, "utf8"));
      // One platform (the reports ask for claude-code only): its groups now sum to 999.
      for (const kept of Object.values(data.platforms) as { part: { groups: Group[] } }[]) {
        const [first, ...rest] = kept.part.groups;
        first.requests = 999 - rest.reduce((n, g) => n + g.requests, 0);
      }
      writeFileSync(f, JSON.stringify(data));
    }
  };
  return { ...t, projects, report, results, tamper };
}

/** Moves a file's mtime on, as the clock would between two writes. */
function later(path: string, seconds: number): void {
  const t = new Date(Date.UTC(2026, 0, 1) + seconds * 1000);
  utimesSync(path, t, t);
}

test("an unchanged re-scan answers from the kept result; an appended, truncated, rewritten, removed, renamed or added file never does", async () => {
  const s = setup();
  try {
    const a = join(s.projects, "a.jsonl");
    const b = join(s.projects, "b.jsonl");
    writeFileSync(a, line("a1", 3) + line("a2", 4));
    writeFileSync(b, line("b1", 5));
    later(a, 1);
    later(b, 1);
    const first = await s.report();
    assert.equal(first.totals.requests, 3);
    s.tamper();
    assert.equal((await s.report()).totals.requests, 999, "the kept result answers");

    const changes: [string, () => void][] = [
      ["appended", () => {
        appendFileSync(a, line("a3", 6));
        later(a, 2);
      }],
      ["truncated", () => {
        truncateSync(a, Buffer.byteLength(line("a1", 3)));
        later(a, 3);
      }],
      ["rewritten at the same size", () => {
        writeFileSync(a, line("a9", 7)); // same length as line("a1", 3)
        later(a, 4);
      }],
      ["touched only", () => later(b, 5)],
      ["removed", () => rmSync(b)],
      ["renamed", () => renameSync(a, join(s.projects, "c.jsonl"))],
      ["added", () => {
        writeFileSync(b, line("b2", 8));
        later(b, 6);
      }],
    ];
    for (const [what, change] of changes) {
      s.tamper();
      change();
      const cached = await s.report();
      const fresh = await s.report("--no-cache");
      assert.notEqual(cached.totals.requests, 999, `${what}: not served from the kept result`);
      assert.deepEqual(cached, fresh, `${what}: equal to a scan without the cache`);
    }
  } finally {
    s.done();
  }
});

test("kept results are per grouping and never used with --since or --no-cache", async () => {
  const s = setup();
  try {
    writeFileSync(join(s.projects, "a.jsonl"), line("a1", 3) + line("a2", 4));
    await s.report("--no-cache");
    assert.deepEqual(s.results(), [], "--no-cache keeps no result");
    await s.report("--since", "36500d");
    assert.deepEqual(s.results(), [], "--since keeps no result");
    const byPlatform = await s.report();
    s.tamper();
    const bySession = await s.report("--by", "session");
    assert.deepEqual(bySession, await s.report("--by", "session", "--no-cache"));
    assert.equal(bySession.rows.length, 2);
    assert.equal(s.results().length, 2);
    const since = await s.report("--since", "36500d");
    assert.equal(since.totals.requests, byPlatform.totals.requests);
  } finally {
    s.done();
  }
});

test("a damaged kept result is computed again", async () => {
  const s = setup();
  try {
    writeFileSync(join(s.projects, "a.jsonl"), line("a1", 3));
    const first = await s.report();
    for (const f of s.results()) writeFileSync(f, "{not json");
    assert.deepEqual(await s.report(), first);
  } finally {
    s.done();
  }
});

test("a kept result is keyed by the local time zone: days and the zone name follow TZ", async () => {
  const s = setup();
  try {
    // 23:30 UTC on Jan 1 is already Jan 2 in Auckland (UTC+13).
    writeFileSync(
      join(s.projects, "a.jsonl"),
      line("a1", 3).replace("2026-01-01T00:00:00Z", "2026-01-01T23:30:00Z"),
    );
    const byDay = async (tz: string) => {
      const run = await runProcess(
        cliArgv("usage", "report", "--json", "--by", "day", "--platform", "claude-code"),
        { env: { HOME: s.dir, AGENT_CONNECTOR_DATA_DIR: join(s.dir, "data"), TZ: tz } },
      );
      assert.equal(run.code, 0, run.stderr);
      const body = JSON.parse(run.stdout);
      return {
        zone: body.timeZone,
        days: body.rows.map((r: { key: string }) => r.key),
        requests: body.totals.requests,
      };
    };
    assert.deepEqual(await byDay("UTC"), { zone: "UTC", days: ["2026-01-01"], requests: 1 });
    s.tamper(); // every kept result now claims 999 requests
    assert.deepEqual(await byDay("Pacific/Auckland"), {
      zone: "Pacific/Auckland",
      days: ["2026-01-02"],
      requests: 1,
    });
    const back = await byDay("UTC");
    assert.equal(back.requests, 999, "the same zone again answers from its kept result");
    assert.equal(back.zone, "UTC", "with the zone name kept beside it");
  } finally {
    s.done();
  }
});

test("bare `usage` is `usage report`, the one command an end user is told to run", async () => {
  const t = tempCopy("agent-kit/home");
  try {
    const machine = hostAt(t.dir, { AGENT_CONNECTOR_DATA_DIR: join(t.dir, "data") });
    const bare = await runCliCaptured(["usage", "--json", "--no-cache"], machine);
    const report = await runCliCaptured(["usage", "report", "--json", "--no-cache"], machine);
    assert.equal(bare.code, 0, bare.stderr);
    assert.ok(JSON.parse(bare.stdout).rows.length > 0);
    assert.deepEqual(JSON.parse(bare.stdout), JSON.parse(report.stdout));
  } finally {
    t.done();
  }
});

test("usage --by tool says per-tool numbers come only from a connector's own telemetry", async () => {
  const run = await runCliCaptured(["usage", "report", "--by", "tool"], hostAt("/nonexistent"));
  assert.equal(run.code, 2);
  assert.match(
    run.stderr,
    /--by must be one of platform, project, session, model, day, week, month, got "tool": host logs never attribute tokens to a tool or an MCP server; per-tool numbers come from `agent-connector telemetry`/,
  );
});

test("usage export --out naming a folder is one clear error naming it", async () => {
  const t = tempCopy("agent-kit/home");
  try {
    const machine = hostAt(t.dir, { AGENT_CONNECTOR_DATA_DIR: join(t.dir, "data") });
    const run = await runCliCaptured(["usage", "export", "--out", t.dir], machine);
    assert.equal(run.code, 1);
    assert.match(
      run.stderr,
      new RegExp(`Cannot write "${t.dir}": it is a folder — name a file for --out`),
    );
  } finally {
    t.done();
  }
});

test("usage export --out replaces an existing file whole and leaves nothing beside it", async () => {
  const t = tempCopy("agent-kit/home");
  try {
    const out = join(t.dir, "out");
    mkdirSync(out);
    const file = join(out, "usage.json");
    writeFileSync(file, "x".repeat(1 << 20));
    const machine = hostAt(t.dir, { AGENT_CONNECTOR_DATA_DIR: join(t.dir, "data") });
    const run = await runCliCaptured(
      ["usage", "export", "--format", "json", "--out", file],
      machine,
    );
    assert.equal(run.code, 0, run.stderr);
    assert.ok(JSON.parse(readFileSync(file, "utf8")).length > 0);
    assert.deepEqual(readdirSync(out), ["usage.json"]);
  } finally {
    t.done();
  }
});

test("a Gemini chat cut off before its first usage entry is reported, not skipped in silence", async () => {
  const t = tempCopy("agent-kit/home");
  try {
    const file = join(t.dir, ".gemini", "tmp", "projhash", "chats", "session-legacy.json");
    const text = readFileSync(file, "utf8");
    writeFileSync(file, text.slice(0, text.indexOf('"tokens"') - 10));
    const machine = hostAt(t.dir, { AGENT_CONNECTOR_DATA_DIR: join(t.dir, "data") });
    const run = await runCliCaptured(
      ["usage", "report", "--platform", "gemini-cli", "--no-cache"],
      machine,
    );
    assert.equal(run.code, 0, run.stderr);
    assert.match(
      run.stderr,
      /warning: gemini-cli: .*session-legacy\.json: the file is not valid JSON \(truncated\?\); it was skipped/,
    );
  } finally {
    t.done();
  }
});

test("an empty --platform is a usage error, not an empty report", async () => {
  const run = await runCliCaptured(["usage", "report", "--platform", ""], hostAt("/nonexistent"));
  assert.equal(run.code, 2);
  assert.match(
    run.stderr,
    /usage report: --platform needs at least one host id \(for example claude-code,codex\)/,
  );
});

test(
  "usage report and export on a data root the file system refuses skip the cache with one warning naming the folder",
  {
    skip: process.platform !== "linux" && "needs /proc",
  },
  async () => {
    const t = tempCopy();
    try {
      const projects = join(t.dir, ".claude", "projects", "p");
      mkdirSync(projects, { recursive: true });
      writeFileSync(join(projects, "a.jsonl"), line("a1", 3));
      const root = `/proc/ac-test-${process.pid}`;
      const machine = hostAt(t.dir, { AGENT_CONNECTOR_DATA_DIR: join(root, "data") });
      for (const sub of ["report", "export"]) {
        const run = await runCliCaptured(["usage", sub, "--platform", "claude-code"], machine);
        assert.equal(run.code, 0, run.stderr);
        assert.match(run.stdout, /claude-code/);
        assert.equal(
          run.stderr,
          `warning: usage cache skipped: cannot create the folder ${root}: its file system ` +
            "does not allow new folders there; every log is read in full (set " +
            "AGENT_CONNECTOR_DATA_DIR to a writable folder, or pass --no-cache)\n",
        );
      }
    } finally {
      t.done();
    }
  },
);

test("usage report, export and leaderboard each print their own help; usage --help stays the overview", async () => {
  const help = async (...argv: string[]) => {
    const run = await runCliCaptured(argv, hostAt("/nonexistent"));
    assert.equal(run.code, 0, run.stderr);
    return run.stdout;
  };
  const overview = await help("usage", "--help");
  assert.match(overview, /^Usage: agent-connector usage \[report\|export\|leaderboard\]/);
  assert.match(overview, /^Subcommands:$/m);
  const flagsOf = (text: string) => {
    const from = text.indexOf("\nFlags:\n");
    const block = text.slice(from, text.indexOf("\n\n", from + 1));
    return [...block.matchAll(/^ {2}(?:-[a-zA-Z], )?(--[a-z-]+)/gm)].map((m) => m[1]);
  };
  const window = ["--since", "--until", "--platform"];
  const applies = {
    report: ["--by", ...window, "--breakdown", "--order", "--timezone", "--utc", "--chart"]
      .concat(["--format", "--out", "--json", "--offline", "--no-cache"]),
    export: ["--format", "--out", ...window, "--offline", "--no-cache"],
    leaderboard: ["--by", ...window, "--order", "--timezone", "--utc", "--json", "--offline"]
      .concat(["--no-cache"]),
  };
  // The overview lists every flag the command takes.
  assert.deepEqual(
    flagsOf(overview).sort(),
    [...new Set(Object.values(applies).flat())].sort(),
  );
  const texts = new Set([overview]);
  for (const [sub, flags] of Object.entries(applies)) {
    const text = await help("usage", sub, "--help");
    assert.match(text, new RegExp(`^Usage: agent-connector usage ${sub} \\[flags\\]\n`), sub);
    assert.deepEqual(flagsOf(text), flags, sub);
    assert.match(text, new RegExp(`^Examples?:\n {2}agent-connector usage ${sub} `, "m"), sub);
    assert.doesNotMatch(text, /^Subcommands:/m, sub);
    for (const line of text.split("\n")) assert.ok(line.length <= 100, `${sub}: ${line}`);
    // The same text however it is asked for.
    assert.equal(await help("usage", "--since", "7d", sub, "-h"), text, sub);
    assert.equal(await help("usage", "--help", sub), text, sub);
    assert.equal(await help("help", "usage", sub), text, sub);
    texts.add(text);
  }
  assert.equal(texts.size, 4, "four different texts");
  assert.equal(await help("help", "usage"), overview);
  assert.equal(await help("usage", "--by", "report", "--help"), overview, "a flag's value");
});

test("every usage error names the subcommand it is about (a bare usage is the report)", async () => {
  const cases: [string[], string][] = [
    [["usage", "--since", "soon"], "usage report: invalid --since"],
    [["usage", "report", "--since", "soon"], "usage report: invalid --since"],
    [["usage", "export", "--since", "soon"], "usage export: invalid --since"],
    [["usage", "--since", "soon", "leaderboard"], "usage leaderboard: invalid --since"],
    [["usage", "leaderboard", "--platform", ""], "usage leaderboard: --platform needs"],
    [
      ["usage", "export", "--platform", "nope"],
      'usage export: no usage reader for --platform "nope"',
    ],
    [["usage", "report", "--bogus"], 'usage report: unknown flag "--bogus"'],
    [["usage", "export", "--format", "xml"], "usage export: --format must be csv or json"],
    [["usage", "leaderboard", "--by", "day"], "usage leaderboard: --by must be one of"],
    [["usage", "report", "extra"], "usage report: "],
    [["usage", "bogus"], 'usage: unknown subcommand "bogus"'],
  ];
  for (const [argv, start] of cases) {
    const run = await runCliCaptured(argv, hostAt("/nonexistent"));
    assert.equal(run.code, 2, argv.join(" "));
    assert.ok(
      run.stderr.startsWith(`agent-connector: ${start}`),
      `${argv.join(" ")}: ${run.stderr}`,
    );
  }
});
