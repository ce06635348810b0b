import { describe, it } from "node:test";
import assert from "node:assert/strict";
import type { ChangeRecord } from "../core/platform_types.ts";
import type { DoctorNote } from "../adapters/descriptor.ts";
import { detailSubject, notesFor, renderedSurfaces } from "./doctor_notes.ts";

const rec = (
  action: ChangeRecord["action"],
  detail: string,
  platform = "gemini-cli",
): ChangeRecord => ({ platform: platform as ChangeRecord["platform"], action, detail });

const NOTES: (string | DoctorNote)[] = [
  "always",
  { text: "hooks", about: "hooks" },
  { text: "project hooks", about: "hooks", scope: "project" },
  { text: "server or hooks", about: ["server", "hooks"] },
  { text: "memory", about: "memory" },
  { text: "usage", about: "hostNativeUsage" },
  { text: "prompt hook", event: "UserPromptSubmit" },
  { text: "user only", scope: "user" },
];

describe("notesFor", () => {
  it("keeps only unconditional notes for a row with nothing rendered", () => {
    assert.deepEqual(notesFor(NOTES, [], "gemini-cli", "project"), ["always"]);
  });

  it("reads hooks and their events from the records, in place or to be written", () => {
    const changes = [
      rec("skip", "hook UserPromptSubmit (as BeforeAgent): unchanged"),
      rec("create", "MCP server acme: added"),
    ];
    assert.deepEqual(notesFor(NOTES, changes, "gemini-cli", "user"), [
      "always",
      "hooks",
      "server or hooks",
      "prompt hook",
      "user only",
    ]);
  });

  it("ignores hooks that are not installed, stale entries and other hosts' records", () => {
    const changes = [
      rec(
        "warn",
        "hook PermissionRequest: not installed — Gemini CLI has no PermissionRequest event",
      ),
      rec("remove", "hook PreToolUse (as BeforeTool): removed"),
      rec("skip", "hook UserPromptSubmit: unchanged", "codex"),
      rec("warn", "memory: 1 block(s) not installed — no user-scope memory file"),
    ];
    assert.deepEqual(notesFor(NOTES, changes, "gemini-cli", "project"), ["always"]);
  });

  it("counts a hand-edited memory block and the host-native usage hook as present", () => {
    const changes = [
      rec("warn", "memory acme/memory: edited by hand — left as is"),
      rec("create", "host-native usage (AfterModel): added"),
    ];
    assert.deepEqual(notesFor(NOTES, changes, "gemini-cli", "project"), [
      "always",
      "hooks",
      "project hooks",
      "server or hooks",
      "memory",
      "usage",
    ]);
    assert.deepEqual([...renderedSurfaces(changes, "gemini-cli").surfaces].sort(), [
      "hooks",
      "hostNativeUsage",
      "memory",
    ]);
  });
});

describe("detailSubject", () => {
  it("is the label before the first colon-space", () => {
    assert.equal(detailSubject("hook Stop: unchanged"), "hook Stop");
    assert.equal(detailSubject("MCP server acme-db: added"), "MCP server acme-db");
    assert.equal(detailSubject("statusline set"), "statusline set");
  });
  it("keeps a Windows path's drive letter", () => {
    assert.equal(
      detailSubject("C:\\Users\\Ann Lee\\.claude\\settings.json: line 3: unexpected token"),
      "C:\\Users\\Ann Lee\\.claude\\settings.json",
    );
  });
});
