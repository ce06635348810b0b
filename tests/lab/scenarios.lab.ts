/**
 * The real-host lab (`deno task test:hosts`): for every host in `hosts/mod.ts`, in a fresh
 * HOME and project, our CLI installs the lab connector (a stdio MCP server through
 * `serve`, a PreToolUse hook, memory, a skill, a command), then the host's own pinned
 * binary runs headless against the mock model on loopback, and the suite checks what
 * reached the model, the server, our telemetry and our usage reader, and that uninstall
 * leaves no trace. A host not in the cache (`tests/lab/install_hosts.ts`) skips, or fails
 * when CI=true or AGENT_CONNECTOR_REQUIRE_SYSTEM=1. `AGENT_CONNECTOR_LAB_HOSTS=a,b` runs
 * only those hosts; AGENT_CONNECTOR_LAB_NO_LIMITS=1 runs the checks a host is known to
 * fail as well. Each host's outcome per check is written for the coverage table.
 *
 * Not a `*_test.ts` file, so the regular `deno test` run leaves it out.
 *
 * @module
 */
import { after, before, describe, test } from "node:test";
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Box, closeBox, makeBox, runCli, runIn } from "./_box.ts";
import {
  describeRequests,
  expectedTokens,
  modelRequestsSince,
  serverCalls,
  serverParents,
  someBodyHas,
  telemetryRows,
  usageReport,
} from "./_observe.ts";
import { type HostRecord, writeHostRecord } from "./_results.ts";
import {
  COMMAND_EXPANDED,
  COMMAND_NAME,
  CONTEXT_MARKER,
  DENIED_QUERY,
  DENY_REASON,
  LAB_CONNECTOR_ID,
  LAB_TOOL,
  MEMORY_MARKER,
  SKILL_MARKER,
  writeLabConnector,
} from "./connector.ts";
import { type CheckId, CHECKS, type HostCtx, LAB_HOSTS, type LabHost } from "./hosts/mod.ts";
import { type MockModel, startMockModel } from "./mock_model.ts";
import { HOST_PINS, hostBin, nodeBinDir, seedDir } from "./pins.ts";
import {
  ALLOW_QUERY,
  CACHE,
  NO_LIMITS,
  ONLY,
  pinnedHostReady,
  PROMPT,
  registerCheck,
} from "./_suite.ts";
import { assertSameTree, listDirs, snapshotTree, type TreeSnap } from "../_helpers/tree.ts";

/** Files our CLI and the Deno cache keep in HOME: not the host's, not compared. */
const OURS = [".cache", ".agent-connector"];

function snap(box: Box, host: LabHost): TreeSnap {
  const skip = [...OURS, ...(host.caches ?? [])];
  const files = snapshotTree(box.home, skip);
  for (const [k, v] of snapshotTree(box.project)) files.set(`<project>/${k}`, v);
  return {
    files,
    dirs: [...listDirs(box.home, skip), ...listDirs(box.project).map((d) => `<project>/${d}`)],
  };
}

function labHost(host: LabHost): void {
  const pin = HOST_PINS.find((p) => p.id === host.id);
  if (!pin) throw new Error(`tests/lab/hosts: "${host.id}" has no pin in tests/lab/pins.ts`);
  const name = `${host.id}@${pin.version}`;
  if (!pinnedHostReady(pin, name, "real-host scenarios")) return;

  describe(name, () => {
    let box: Box;
    let mock: MockModel;
    let ctx: HostCtx;
    let serverLog: string;
    let config: string;
    let beforeInstall: TreeSnap;
    let allowFrom = 0;
    let started = 0;
    const record: HostRecord = {
      version: pin.runs ?? pin.version,
      ranAt: new Date().toISOString(),
      checks: {},
    };

    /** Registers one check; its outcome goes to the record and a failure keeps the box. */
    const check = (id: CheckId, title: string, fn: () => Promise<void>, skip?: string) => {
      const noCommand = id === "command" && !host.command
        ? host.limits?.command ?? `${host.id} has no headless way to run a command`
        : undefined;
      const limit = skip ?? noCommand ?? (NO_LIMITS ? undefined : host.limits?.[id]);
      registerCheck(record, id, `${name}: ${title}`, limit, () => box.failed = true, fn);
    };

    /** Host runs so far: a host that logs per session counts one request per run. */
    let hostRuns = 0;
    const runHostArgv = (label: string, argv: string[]) => {
      hostRuns++;
      return runIn(box, label, argv, host.env(ctx), 120_000);
    };
    const runHost = (label: string) => runHostArgv(label, host.argv(ctx, PROMPT));

    before(async () => {
      started = performance.now();
      box = makeBox(host.id);
      mock = await startMockModel({
        tool: { name: LAB_TOOL, args: { query: ALLOW_QUERY } },
        ...host.script,
      });
      ctx = {
        box,
        mockUrl: mock.url,
        bin: hostBin(CACHE, pin),
        seed: (seedName) => seedDir(CACHE, pin, seedName),
        nodeBin: nodeBinDir(CACHE, pin),
      };
      serverLog = join(box.base, "server-calls.jsonl");
      config = writeLabConnector(
        box.base,
        serverLog,
        host.adapter && host.extra ? { [host.adapter]: host.extra } : {},
        false,
        host.adapter && host.native
          ? { [host.adapter]: { [host.native.name]: host.native.reply } }
          : {},
      );
      host.prepare(ctx);
      beforeInstall = snap(box, host);
    });

    after(async () => {
      // The bodies the host sent, beside its logs, for diagnosis when the box is kept.
      if (box && mock) {
        const sent = mock.requests.map(({ method, url, route, decision, usage, body, text }) => ({
          method,
          url,
          route,
          decision,
          usage,
          body: body ?? text,
        }));
        writeFileSync(join(box.logs, "model-requests.json"), JSON.stringify(sent, null, 1));
      }
      await mock?.close();
      record.ms = Math.round(performance.now() - started);
      writeHostRecord(host.id, record);
      if (box) closeBox(box);
    });

    if (!host.adapter) {
      usageOnly(host, check, () => ({ box, mock, ctx }));
      return;
    }
    const adapter = host.adapter;

    check("install", "our CLI installs the lab connector into the host", async () => {
      const run = await runCli(
        box,
        "install",
        "install",
        "--targets",
        adapter,
        "--connector",
        config,
      );
      assert.equal(run.code, 0, run.stdout + run.stderr);
    });

    check("uninstall-bytes", "uninstall gives back the host's files byte for byte", async () => {
      const un = await runCli(box, "uninstall", "uninstall", "--connector-id", LAB_CONNECTOR_ID);
      assert.equal(un.code, 0, un.stdout + un.stderr);
      assertSameTree(snap(box, host), beforeInstall, "after install + uninstall");
      const again = await runCli(
        box,
        "reinstall",
        "install",
        "--targets",
        adapter,
        "--connector",
        config,
      );
      assert.equal(again.code, 0, again.stdout + again.stderr);
    });

    check(
      "mcp-call",
      "the host calls the tool through serve and the model gets the result",
      async () => {
        allowFrom = mock.requests.length;
        const run = await runHost("host-allow");
        assert.ok(!run.timedOut, `the host run timed out\n${run.stderr.slice(-2000)}`);
        const calls = serverCalls(serverLog);
        assert.deepEqual(
          calls.map((c) => c.args.query),
          [ALLOW_QUERY],
          `server calls; host exit ${run.code}\n${describeRequests(mock, allowFrom)}\n${
            run.stderr.slice(-1500)
          }`,
        );
        const parents = serverParents(serverLog);
        assert.ok(
          parents.length > 0 && parents.every((p) => /\bserve --connector labconn\b/.test(p)),
          `the server was not started by serve: ${JSON.stringify(parents)}`,
        );
        assert.ok(
          someBodyHas(mock, allowFrom, `lab-result:${ALLOW_QUERY}`),
          `no model request carried the tool result\n${describeRequests(mock, allowFrom)}`,
        );
      },
    );

    check("telemetry-row", "serve recorded a telemetry row for the call", async () => {
      // A host that leaves the server running after it exits (Gemini CLI, opencode,
      // Continue) lets serve write the row after the host is gone: wait for it a while.
      let rows = await telemetryRows(box);
      const isCall = (r: Record<string, unknown>) => r.scope === "call" && r.toolName === LAB_TOOL;
      for (let i = 0; i < 10 && !rows.some(isCall); i++) {
        await new Promise((r) => setTimeout(r, 500));
        rows = await telemetryRows(box);
      }
      const calls = rows.filter(isCall);
      assert.equal(
        calls.length,
        1,
        `call rows: ${JSON.stringify(rows.map((r) => [r.scope, r.toolName]))}`,
      );
      assert.ok(Number(calls[0].outputTokens) > 0, "the row has the result's tokens");
    });

    check("hook-allow", "the PreToolUse hook ran and allowed the call", async () => {
      const rows = await telemetryRows(box);
      const hooks = rows.filter((r) => r.scope === "hook");
      assert.ok(
        hooks.length >= 1,
        `hook rows: ${JSON.stringify(rows.map((r) => [r.scope, r.toolName]))}`,
      );
      assert.equal(serverCalls(serverLog).filter((c) => c.args.query === ALLOW_QUERY).length, 1);
    });

    check("hook-context", "the PostToolUse hook's context reached the next model request", () => {
      assert.ok(someBodyHas(mock, allowFrom, CONTEXT_MARKER), describeRequests(mock, allowFrom));
      return Promise.resolve();
    });

    const native = host.native;
    if (native) {
      // Not a coverage column: only the hosts that name a native event run it.
      test(`${name}: the native hook ${native.name}'s reply reached the model request`, () => {
        assert.ok(
          someBodyHas(mock, allowFrom, native.expect),
          `no request since the first run has ${native.expect}\n${
            describeRequests(mock, allowFrom)
          }`,
        );
      });
    }

    /** A host whose MCP call is not checked has not run yet: one run for what it sends. */
    const ensureRun = async () => {
      if (hostRuns > 0) return;
      allowFrom = mock.requests.length;
      const run = await runHost("host-first");
      assert.ok(!run.timedOut, "the host run timed out");
    };

    check("memory", "our memory block reached the model", async () => {
      await ensureRun();
      assert.ok(someBodyHas(mock, allowFrom, MEMORY_MARKER), describeRequests(mock, allowFrom));
    });

    check("skill", "our skill's description reached the model", async () => {
      await ensureRun();
      assert.ok(someBodyHas(mock, allowFrom, SKILL_MARKER), describeRequests(mock, allowFrom));
    });

    check("command", "running our command headless sends its prompt to the model", async () => {
      const how = host.command!;
      const argv = how === "prompt"
        ? host.argv(ctx, `/${COMMAND_NAME} apple`)
        : how(ctx, COMMAND_NAME, "apple");
      mock.setScript({ answer: "lab-answer", ...host.script, tool: undefined });
      const from = mock.requests.length;
      const run = await runHostArgv("host-command", argv);
      assert.ok(!run.timedOut, "the host run timed out");
      assert.ok(
        someBodyHas(mock, from, COMMAND_EXPANDED),
        `the expanded command never reached the model (exit ${run.code})\n${
          describeRequests(mock, from)
        }`,
      );
    });

    check("hook-deny", "a denying hook stops the call and the model sees the reason", async () => {
      mock.setScript({ tool: { name: LAB_TOOL, args: { query: DENIED_QUERY } }, ...host.script });
      const from = mock.requests.length;
      const run = await runHost("host-deny");
      assert.ok(!run.timedOut, "the host run timed out");
      const denied = serverCalls(serverLog).filter((c) => c.args.query === DENIED_QUERY);
      assert.deepEqual(denied, [], "the denied call reached the server");
      assert.ok(
        someBodyHas(mock, from, DENY_REASON),
        `the reason never reached the model\n${describeRequests(mock, from)}`,
      );
    });

    check(
      "usage",
      "usage report equals the mock's tokens for the requests the host logs, once each",
      async () => {
        await assertUsage(host, box, mock, hostRuns);
      },
    );

    check("no-trace", "after uninstall the host runs with no trace of the connector", async () => {
      const un = await runCli(
        box,
        "uninstall-final",
        "uninstall",
        "--connector-id",
        LAB_CONNECTOR_ID,
      );
      assert.equal(un.code, 0, un.stdout + un.stderr);
      const before = serverCalls(serverLog).length;
      const from = mock.requests.length;
      mock.setScript({ tool: { name: LAB_TOOL, args: { query: ALLOW_QUERY } }, ...host.script });
      const run = await runHost("host-after-uninstall");
      assert.ok(!run.timedOut, "the host run timed out");
      assert.ok(modelRequestsSince(mock, from).length > 0, "the host reached the model");
      const offered = modelRequestsSince(mock, from).flatMap((r) => r.request?.tools ?? []);
      assert.deepEqual(
        offered.filter((t) => t.name.endsWith(LAB_TOOL)),
        [],
        "our tool is still offered",
      );
      assert.ok(!someBodyHas(mock, from, MEMORY_MARKER), "our memory is still in the prompt");
      assert.ok(!someBodyHas(mock, from, SKILL_MARKER), "our skill is still in the prompt");
      assert.equal(serverCalls(serverLog).length, before, "the server was called");
    });
  });
}

/** Asserts our usage report over the box equals what the mock replied and the host logged. */
async function assertUsage(host: LabHost, box: Box, mock: MockModel, runs: number): Promise<void> {
  const replies = modelRequestsSince(mock, 0).filter(host.logs ?? (() => true)).map((r) =>
    r.usage!
  );
  const requests = host.usageRequests === "per-session" ? runs : replies.length;
  const want = { requests, ...expectedTokens(replies) };
  const got = await usageReport(box, host.usage ?? host.adapter!);
  assert.deepEqual(got.totals, want, `report: ${got.raw.slice(0, 3000)}`);
}

/** The checks we cannot make without an adapter. */
const CONNECTOR_CHECKS: CheckId[] = CHECKS.filter((c) => c !== "usage");

/** A host without an adapter: the connector checks skip; one direct answer, then usage. */
function usageOnly(
  host: LabHost,
  check: (id: CheckId, title: string, fn: () => Promise<void>, skip?: string) => void,
  state: () => { box: Box; mock: MockModel; ctx: HostCtx },
): void {
  for (const id of CONNECTOR_CHECKS) {
    check(
      id,
      id,
      () => Promise.resolve(),
      host.usageOnlyWhy ?? `agent-connector has no ${host.id} adapter yet`,
    );
  }
  check(
    "usage",
    "usage report equals the mock's tokens for a run that answers directly",
    async () => {
      const { box, mock, ctx } = state();
      mock.setScript({ answer: "lab-answer", ...host.script, tool: undefined });
      const run = await runIn(
        box,
        "host-answer",
        host.argv(ctx, "Say hello."),
        host.env(ctx),
        120_000,
      );
      assert.ok(!run.timedOut, "the host run timed out");
      assert.ok(
        mock.modelCalls().length > 0,
        `the host never reached the model (exit ${run.code})\n${run.stderr.slice(-1500)}`,
      );
      await assertUsage(host, box, mock, 1);
    },
  );
}

for (const host of LAB_HOSTS) {
  if (!ONLY || ONLY.includes(host.id)) labHost(host);
}
