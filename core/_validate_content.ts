/**
 * The content surfaces (spec §2.4): commands, skills, subagents and memory.
 *
 * @module
 */

import type { CommandDef, MemoryDef, SkillDef, SubagentDef } from "./connector_types.ts";
import {
  expectArray,
  expectKebab,
  expectNonEmptyString,
  expectObject,
  fail,
  optionalBoolean,
  optionalString,
  optionalStringArray,
  rejectDuplicate,
  rejectUnknownFields,
  show,
} from "./_validate.ts";

/** Longest skill description (Agent Skills standard). */
const SKILL_DESCRIPTION_MAX = 1024;
/** Longest skill name; it is also the folder name. */
const SKILL_NAME_MAX = 64;
/** Hard limit of one memory block: it is inlined into every prompt. */
export const MEMORY_MAX_BYTES: number = 16 * 1024;
/** Marker tokens the managed-block scanner looks for. */
const MARKER_TOKENS = ["agent-connector:begin", "agent-connector:end"];

/** Runs `check` over a surface array, rejecting duplicate names. */
function eachEntry<T>(
  value: unknown,
  where: string,
  check: (entry: Record<string, unknown>, at: string) => T & { name: string },
): Array<T & { name: string }> {
  if (value === undefined) return [];
  const seen = new Set<string>();
  return expectArray(value, where).map((item, i) => {
    const at = `${where}[${i}]`;
    const out = check(expectObject(item, at), at);
    rejectDuplicate(seen, out.name, `${at}.name`);
    return out;
  });
}

function checkCommon(entry: Record<string, unknown>, at: string): void {
  optionalString(entry.model, `${at}.model`);
  if (entry.tools !== undefined) {
    const tools = expectObject(entry.tools, `${at}.tools`);
    rejectUnknownFields(tools, ["allow", "deny"], `${at}.tools`);
    optionalStringArray(tools.allow, `${at}.tools.allow`);
    optionalStringArray(tools.deny, `${at}.tools.deny`);
  }
  if (entry.extra !== undefined) expectObject(entry.extra, `${at}.extra`);
}

/** Validates `commands`. */
export function normalizeCommands(value: unknown): CommandDef[] {
  return eachEntry(value, "commands", (entry, at) => {
    rejectUnknownFields(
      entry,
      ["name", "description", "prompt", "argumentHint", "tools", "model", "subtask", "extra"],
      at,
    );
    expectKebab(entry.name, `${at}.name`);
    expectNonEmptyString(entry.prompt, `${at}.prompt`);
    optionalString(entry.description, `${at}.description`);
    optionalString(entry.argumentHint, `${at}.argumentHint`);
    optionalBoolean(entry.subtask, `${at}.subtask`);
    checkCommon(entry, at);
    return entry as unknown as CommandDef;
  });
}

/** Validates `skills`, including the safety of every resource path. */
export function normalizeSkills(value: unknown): SkillDef[] {
  return eachEntry(value, "skills", (entry, at) => {
    rejectUnknownFields(entry, [
      "name",
      "description",
      "body",
      "tools",
      "model",
      "disableModelInvocation",
      "resources",
      "extra",
    ], at);
    const name = expectKebab(entry.name, `${at}.name`);
    if (name.length > SKILL_NAME_MAX) {
      fail(`${at}.name`, `must be at most ${SKILL_NAME_MAX} characters (it is ${name.length})`);
    }
    const description = expectNonEmptyString(entry.description, `${at}.description`);
    if (description.length > SKILL_DESCRIPTION_MAX) {
      fail(
        `${at}.description`,
        `must be at most ${SKILL_DESCRIPTION_MAX} characters (it is ${description.length})`,
      );
    }
    expectNonEmptyString(entry.body, `${at}.body`);
    optionalBoolean(entry.disableModelInvocation, `${at}.disableModelInvocation`);
    checkResources(entry.resources, `${at}.resources`);
    checkCommon(entry, at);
    return entry as unknown as SkillDef;
  });
}

/**
 * Resource keys become `join(skillDir, key)` on write and on uninstall, so
 * each must stay inside the skill folder and name a file other than SKILL.md.
 */
function checkResources(value: unknown, where: string): void {
  if (value === undefined) return;
  for (const [key, content] of Object.entries(expectObject(value, where))) {
    const problem = unsafeResourcePath(key);
    if (problem) fail(where, `${JSON.stringify(key)} ${problem}`);
    if (typeof content !== "string") {
      fail(`${where}[${JSON.stringify(key)}]`, `must be a string, got ${show(content)}`);
    }
  }
}

/** Why `key` is not a safe relative file path, or undefined when it is. */
function unsafeResourcePath(key: string): string | undefined {
  if (key.trim() === "" || key.includes("\0")) return "is not a relative file path";
  if (/^[/\\]/.test(key) || /^[A-Za-z]:/.test(key)) {
    return "is absolute — use a path relative to the skill folder";
  }
  const segments = key.split(/[/\\]/);
  if (segments.includes("..")) return 'leaves the skill folder (".." is not allowed)';
  const last = segments[segments.length - 1];
  if (segments.every((s) => s === "" || s === ".") || last === "" || last === ".") {
    return "is not a relative file path";
  }
  const normalized = segments.filter((s) => s !== "" && s !== ".").join("/");
  if (normalized.toLowerCase() === "skill.md") return "would overwrite the generated SKILL.md";
  return undefined;
}

/** Validates `subagents`. */
export function normalizeSubagents(value: unknown): SubagentDef[] {
  return eachEntry(value, "subagents", (entry, at) => {
    rejectUnknownFields(
      entry,
      ["name", "description", "prompt", "tools", "model", "readonly", "extra"],
      at,
    );
    expectKebab(entry.name, `${at}.name`);
    expectNonEmptyString(entry.description, `${at}.description`);
    expectNonEmptyString(entry.prompt, `${at}.prompt`);
    optionalBoolean(entry.readonly, `${at}.readonly`);
    checkCommon(entry, at);
    return entry as unknown as SubagentDef;
  });
}

/** Validates `memory` and defaults each name to `memory`. */
export function normalizeMemory(value: unknown): Array<MemoryDef & { name: string }> {
  return eachEntry(value, "memory", (entry, at) => {
    rejectUnknownFields(entry, ["name", "description", "content"], at);
    const name = entry.name === undefined ? "memory" : expectKebab(entry.name, `${at}.name`);
    const content = expectNonEmptyString(entry.content, `${at}.content`);
    const bytes = new TextEncoder().encode(content).length;
    if (bytes > MEMORY_MAX_BYTES) {
      fail(
        `${at}.content`,
        `is ${bytes} bytes; the limit is ${MEMORY_MAX_BYTES} (16 KiB) because memory is ` +
          "inlined into every prompt of every targeted host — keep it terse",
      );
    }
    for (const token of MARKER_TOKENS) {
      if (content.includes(token)) {
        fail(
          `${at}.content`,
          `must not contain the marker token "${token}" (it would corrupt managed-block scanning) — rephrase it`,
        );
      }
    }
    optionalString(entry.description, `${at}.description`);
    return { ...(entry as unknown as MemoryDef), name };
  });
}
