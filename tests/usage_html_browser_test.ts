/**
 * `usage report --format html` in a real browser: Debian's `chromium`,
 * headless, loads the file, and the numbers read back from its DOM (the
 * `data-*` attributes the report draws with) equal what `--json` prints.
 * The page uses no script and no network. A screenshot is kept in the temp
 * folder the test prints. Without chromium the test skips, saying so, except
 * in CI (`AGENT_CONNECTOR_REQUIRE_SYSTEM=1`), where it fails: .ci/run
 * installs it.
 *
 * @module
 */

import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import process from "node:process";
import { pathToFileURL } from "node:url";
import { runCliCaptured } from "./_helpers/cli.ts";
import { hostAt, usageFixture } from "./_helpers/usage.ts";

function findChromium(): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(delimiter)) {
    for (const name of ["chromium", "chromium-browser"]) {
      if (dir && existsSync(join(dir, name))) return join(dir, name);
    }
  }
  return undefined;
}

const chromium = findChromium();
const required = process.env.AGENT_CONNECTOR_REQUIRE_SYSTEM === "1";
const skip = chromium || required
  ? false
  : "chromium is not installed (apt-get install chromium); CI requires it";

/** The elements of `dom` with a `data-kind`, as attribute maps. */
function drawn(dom: string): Record<string, string>[] {
  const decode = (v: string) =>
    v.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)))
      .replace(/&quot;/g, '"').replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  const out: Record<string, string>[] = [];
  for (const tag of dom.matchAll(/<[a-z]+\s([^>]*\bdata-kind="[^"]*"[^>]*)>/g)) {
    const attrs: Record<string, string> = {};
    for (const a of tag[1].matchAll(/([\w-]+)="([^"]*)"/g)) attrs[a[1]] = decode(a[2]);
    out.push(attrs);
  }
  return out;
}

const close = (a: number, b: number | undefined) => Math.abs(a - (b ?? 0)) < 1e-5;

test("the HTML report shows in chromium the numbers --json prints", { skip }, async () => {
  assert.ok(
    chromium,
    "chromium is required here (AGENT_CONNECTOR_REQUIRE_SYSTEM=1): apt-get install chromium",
  );
  const dir = mkdtempSync(join(tmpdir(), "usage-html-"));
  console.log(`usage HTML report and its screenshot: ${dir}`);
  const host = hostAt(usageFixture("agent-kit/home"));
  const file = join(dir, "usage.html");
  const made = await runCliCaptured(
    ["usage", "report", "--format", "html", "--out", file, "--utc", "--no-cache"],
    host,
  );
  assert.equal(made.code, 0, made.stderr);
  const html = readFileSync(file, "utf8");
  assert.doesNotMatch(html, /<script|\b(src|href)=|url\(|@import/i, "self-contained, no network");

  const browser = (...flags: string[]) =>
    spawnSync(
      chromium!,
      [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        `--user-data-dir=${join(dir, "profile")}`,
        ...flags,
        pathToFileURL(file).href,
      ],
      { encoding: "utf8", timeout: 120_000, maxBuffer: 64 << 20 },
    );
  const dump = browser("--dump-dom");
  assert.equal(dump.status, 0, dump.stderr);
  const dom = drawn(dump.stdout);
  assert.ok(dom.length > 10, "the browser's DOM holds the drawn numbers");

  const json = async (...argv: string[]) => {
    const run = await runCliCaptured(
      ["usage", "report", "--json", "--utc", "--no-cache", ...argv],
      host,
    );
    assert.equal(run.code, 0, run.stderr);
    return JSON.parse(run.stdout);
  };
  const all = await json("--by", "day");
  const [totals] = dom.filter((e) => e["data-kind"] === "totals");
  assert.equal(Number(totals["data-tokens"]), all.totals.total);
  assert.ok(close(Number(totals["data-cost"]), all.totals.costUsd));

  // Every (day, host) bar equals that host's --json row of that day, in both charts.
  for (const kind of ["day-tokens", "day-cost"]) {
    const bars = dom.filter((e) => e["data-kind"] === kind);
    let count = 0;
    for (const platform of all.totals.platforms as string[]) {
      for (const row of (await json("--by", "day", "--platform", platform)).rows) {
        const bar = bars.find((b) => b["data-day"] === row.key && b["data-platform"] === platform);
        assert.ok(bar, `${kind} ${row.key} ${platform}`);
        assert.equal(Number(bar["data-tokens"]), row.total, `${row.key} ${platform}`);
        assert.equal(bar["data-cost"], row.costUsd === undefined ? "" : String(row.costUsd));
        count++;
      }
    }
    assert.equal(bars.length, count, `no ${kind} bar without a --json row`);
  }
  const models = dom.filter((e) => e["data-kind"] === "model");
  assert.deepEqual(
    models.map((m) => [m["data-model"], Number(m["data-tokens"]), m["data-cost"]]),
    (await json("--by", "model")).rows.map((
      r: { key: string; total: number; costUsd?: number },
    ) => [r.key, r.total, r.costUsd === undefined ? "" : String(r.costUsd)]),
  );
  const projects = dom.filter((e) => e["data-kind"] === "project");
  assert.deepEqual(
    projects.map((p) => [p["data-project"], Number(p["data-tokens"])]),
    (await json("--by", "project")).rows.slice(0, 10).map((
      r: { key: string; total: number },
    ) => [r.key, r.total]),
  );

  const png = join(dir, "usage.png");
  const shot = browser(`--screenshot=${png}`, "--window-size=1100,1600");
  assert.equal(shot.status, 0, shot.stderr);
  assert.deepEqual([...readFileSync(png).subarray(0, 4)], [0x89, 0x50, 0x4e, 0x47]);
  console.log(`screenshot kept: ${png}`);
});
