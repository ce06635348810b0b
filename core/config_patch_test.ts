import { describe, it } from "node:test";
import assert from "node:assert/strict";
import {
  type ConfigPatchInput,
  type ConfigPatchRow,
  decideConfigPatchInstall,
  decideConfigPatchUninstall,
} from "./config_patch.ts";
import { valueHash } from "./hash.ts";

const FILE = "/h/.claude/settings.json";
const KEY = "env.CLAUDE_CODE_EXPERIMENTAL_AGENT_TEAMS";
const owner = (id: string) => ({
  connectorId: id,
  connectorVersion: "1.0.0",
  installedAt: "2026-01-01T00:00:00.000Z",
});
const row = (value: unknown, ...ids: string[]): ConfigPatchRow => ({
  platform: "claude-code",
  file: FILE,
  key: KEY,
  writtenValue: value as never,
  writtenValueHash: valueHash(value),
  prior: { present: false },
  owners: ids.map(owner),
});
const input = (over: Partial<ConfigPatchInput>): ConfigPatchInput => ({
  platform: "claude-code",
  file: FILE,
  key: KEY,
  value: "1",
  reason: "Enable agent teams",
  state: { kind: "absent" },
  row: undefined,
  owner: owner("acme"),
  ...over,
});

describe("decideConfigPatchInstall (spec §2.8 table)", () => {
  it("key absent: create, write the value and record ownership", () => {
    const d = decideConfigPatchInstall(input({}));
    assert.equal(d.outcome, "create");
    assert.equal(d.write, true);
    assert.deepEqual(d.row, row("1", "acme"));
    assert.equal(d.record.action, "create");
    assert.equal(d.record.detail, `configPatch ${KEY}: <absent> → "1" (Enable agent teams)`);
  });

  it("present, AC-owned, equal to what AC wrote: skip and register as co-owner", () => {
    const d = decideConfigPatchInstall(
      input({ state: { kind: "present", value: "1" }, row: row("1", "other") }),
    );
    assert.equal(d.outcome, "co-own");
    assert.equal(d.write, false);
    assert.equal(d.record.action, "skip");
    assert.deepEqual(d.row!.owners.map((o) => o.connectorId), ["other", "acme"]);
  });

  it("present, AC-owned, equal, and already ours: skip without a ledger change", () => {
    const d = decideConfigPatchInstall(
      input({ state: { kind: "present", value: "1" }, row: row("1", "acme") }),
    );
    assert.equal(d.outcome, "unchanged");
    assert.equal(d.record.action, "skip");
    assert.equal(d.row, undefined);
  });

  it("present, AC-owned, value drifted: warn, left in place", () => {
    const d = decideConfigPatchInstall(
      input({ state: { kind: "present", value: "0" }, row: row("1", "acme") }),
    );
    assert.equal(d.outcome, "drifted");
    assert.equal(d.write, false);
    assert.equal(d.record.action, "warn");
    assert.match(
      d.record.detail,
      /value changed since install \(now "0"\); left in place, never reverted/,
    );
  });

  it("present, not AC-owned, even with an equal value: warn, never adopted, manual edit printed", () => {
    const d = decideConfigPatchInstall(
      input({ state: { kind: "present", value: "1" }, docsUrl: "https://x/doc" }),
    );
    assert.equal(d.outcome, "not-owned");
    assert.equal(d.record.action, "warn");
    assert.equal(d.row, undefined);
    assert.match(d.record.detail, /never adopted/);
    assert.match(
      d.record.detail,
      new RegExp(`set "${KEY}" to "1" in ${FILE}\\. See https://x/doc`),
    );
  });

  it("owned by another connector with a different value: warn, first writer wins, names the owner", () => {
    const d = decideConfigPatchInstall(
      input({ value: "2", state: { kind: "present", value: "1" }, row: row("1", "beta") }),
    );
    assert.equal(d.outcome, "other-owner");
    assert.equal(d.record.action, "warn");
    assert.match(d.record.detail, /owned by beta .*first writer wins/);
  });

  it("our own earlier value differs from the new declaration: warn, never overwritten", () => {
    const d = decideConfigPatchInstall(
      input({ value: "2", state: { kind: "present", value: "1" }, row: row("1", "acme") }),
    );
    assert.equal(d.outcome, "conflict-own-value");
    assert.equal(d.write, false);
    assert.equal(d.record.action, "warn");
  });

  it("an intermediate path segment that is not an object: warn with the manual edit", () => {
    const d = decideConfigPatchInstall(input({ state: { kind: "blocked", at: "env" } }));
    assert.equal(d.outcome, "blocked");
    assert.equal(d.record.action, "warn");
    assert.match(
      d.record.detail,
      /"env" exists but is not an object; left unchanged\. To apply it by hand/,
    );
  });

  it("a refused key (denylist): warn, nothing written", () => {
    const d = decideConfigPatchInstall(
      input({ key: "env.GITHUB_TOKEN", refusal: "on the denylist" }),
    );
    assert.equal(d.outcome, "refused");
    assert.equal(d.write, false);
    assert.equal(d.record.action, "warn");
  });

  it("a key the user deleted after install is written again and keeps its co-owners", () => {
    const d = decideConfigPatchInstall(input({ owner: owner("beta"), row: row("1", "acme") }));
    assert.equal(d.outcome, "create");
    assert.deepEqual(d.row!.owners.map((o) => o.connectorId), ["acme", "beta"]);
  });
});

describe("decideConfigPatchUninstall", () => {
  const un = (over: Partial<ConfigPatchInput>) => decideConfigPatchUninstall(input(over));

  it("last owner and value unchanged: remove the key and the row", () => {
    const d = un({ state: { kind: "present", value: "1" }, row: row("1", "acme") });
    assert.equal(d.outcome, "remove");
    assert.equal(d.remove, true);
    assert.equal(d.row, null);
    assert.equal(d.record.action, "remove");
  });

  it("other owners remain: skip, key retained, this owner released", () => {
    const d = un({ state: { kind: "present", value: "1" }, row: row("1", "acme", "beta") });
    assert.equal(d.outcome, "retained");
    assert.equal(d.remove, false);
    assert.match(d.record.detail, /key retained, still owned by beta/);
    assert.deepEqual(d.row!.owners.map((o) => o.connectorId), ["beta"]);
  });

  it("value drifted: warn, left in place, ownership released", () => {
    const d = un({ state: { kind: "present", value: "0" }, row: row("1", "acme") });
    assert.equal(d.outcome, "drifted");
    assert.equal(d.remove, false);
    assert.equal(d.row, null);
    assert.equal(d.record.action, "warn");
  });

  it("no ownership record: skip, never deleted", () => {
    const d = un({ state: { kind: "present", value: "1" }, row: row("1", "beta") });
    assert.equal(d.outcome, "not-recorded");
    assert.equal(d.remove, false);
    assert.equal(d.record.action, "skip");
  });

  it("already absent: skip and forget the row", () => {
    const d = un({ row: row("1", "acme") });
    assert.equal(d.outcome, "absent");
    assert.equal(d.row, null);
  });
});

describe("one connector's two scopes on one settings file (the project is the home folder)", () => {
  const scoped = (scope: "user" | "project") => ({ ...owner("acme"), scope });

  it("hold separate references: the key stays for one scope when the other releases it", () => {
    const user = decideConfigPatchInstall(input({ owner: scoped("user") }));
    const project = decideConfigPatchInstall(
      input({ state: { kind: "present", value: "1" }, row: user.row!, owner: scoped("project") }),
    );
    assert.equal(project.outcome, "co-own");
    const gone = decideConfigPatchUninstall({
      ...input({ state: { kind: "present", value: "1" } }),
      row: project.row!,
      owner: scoped("project"),
    });
    assert.equal(gone.outcome, "retained");
    assert.equal(
      gone.record.detail,
      `configPatch ${KEY}: key retained, still owned by acme (user) (Enable agent teams)`,
    );
    const last = decideConfigPatchUninstall({
      ...input({ state: { kind: "present", value: "1" } }),
      row: gone.row!,
      owner: scoped("user"),
    });
    assert.equal(last.outcome, "remove");
  });
});
