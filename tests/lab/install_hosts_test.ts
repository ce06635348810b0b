import { test } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, writeFileSync } from "node:fs";
import { withTempDir } from "../_helpers/temp.ts";
import { installHost, isInstalled } from "./install_hosts.ts";
import {
  hostBin,
  hostDir,
  hostMarker,
  type HostPin,
  hostsCacheDir,
  nodeBinDir,
  nodePackage,
  pinSpecs,
} from "./pins.ts";

const PIN: HostPin = {
  id: "droid",
  pkg: "@factory/cli",
  version: "0.225.1",
  bin: "droid",
  extra: ["@factory/cli-linux-x64@0.225.2"],
};

test("a host counts as installed only when its marker names exactly its specs", () =>
  withTempDir((cache) => {
    assert.equal(isInstalled(cache, PIN), false);
    mkdirSync(hostDir(cache, PIN), { recursive: true });
    writeFileSync(hostMarker(cache, PIN), "@factory/cli@0.225.1\n");
    assert.equal(isInstalled(cache, PIN), false, "a marker without the extra package");
    writeFileSync(hostMarker(cache, PIN), pinSpecs(PIN).join("\n") + "\n");
    assert.equal(isInstalled(cache, PIN), true);
  }));

test("an installed host is reused without running npm", () =>
  withTempDir(async (cache) => {
    mkdirSync(hostDir(cache, PIN), { recursive: true });
    writeFileSync(hostMarker(cache, PIN), pinSpecs(PIN).join("\n") + "\n");
    const result = await installHost(cache, PIN);
    assert.deepEqual(result, { id: "droid", status: "cached", ms: 0 });
  }));

test("the cache lives outside the repository, per id and version", () => {
  assert.equal(hostsCacheDir({ HOME: "/home/u" }), "/home/u/.cache/agent-connector/hosts");
  assert.equal(hostsCacheDir({ HOME: "/home/u", AGENT_CONNECTOR_HOSTS_CACHE: "/c" }), "/c");
  assert.equal(hostBin("/c", PIN), "/c/droid@0.225.1/node_modules/.bin/droid");
});

test("a seed's dependencies are part of what the marker names", () => {
  const pin: HostPin = { ...PIN, seeds: { config: ["@opencode-ai/plugin@1.18.33"] } };
  assert.deepEqual(pinSpecs(pin), [
    "@factory/cli@0.225.1",
    "@factory/cli-linux-x64@0.225.2",
    "seed:config:@opencode-ai/plugin@1.18.33",
  ]);
});

test("a pin that needs its own Node.js names it in the marker and on PATH", () => {
  const pin: HostPin = {
    id: "openclaw",
    pkg: "openclaw",
    version: "2026.9.6",
    bin: "openclaw",
    node: "24.16.0",
  };
  assert.deepEqual(pinSpecs(pin), ["openclaw@2026.9.6", `runtime:${nodePackage()}@24.16.0`]);
  assert.equal(
    nodeBinDir("/c", pin),
    `/c/openclaw@2026.9.6/runtime/node_modules/${nodePackage()}/bin`,
  );
  assert.equal(nodeBinDir("/c", PIN), undefined);
});
