/**
 * Hooks a host runs from whole files instead of config entries:
 *
 * - `script-per-event` (Cline): one executable per native event, named
 *   after it, that runs the usual `hook <platform> <Event> --connector <id>`
 *   command line. A host with one file per event can run only one
 *   connector's script there: another connector's script is reported,
 *   never overwritten.
 * - `plugin-module` (opencode): one generated module per connector that
 *   handles every declared event and, where the surface sets `nativeHooks`,
 *   every native hook by its verbatim name; each gets its own `=` note
 *   naming the plugin that runs it, so nothing declared goes unreported.
 *
 * The files are ours entirely (engine `file.set`, mode kept for scripts);
 * files of an earlier install that are no longer rendered go away, and
 * uninstall removes every file the ledger says we wrote in the folder.
 *
 * @module
 */

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import {
  type HookPluginInput,
  type PluginHookSurface,
  scopePath,
  type ScriptHookSurface,
} from "../adapters/descriptor.ts";
import { effectiveNativeHooks, effectiveServer } from "../core/overrides.ts";
import { pathApi } from "../adapters/paths.ts";
import { hookCommand, isOwnedCommand } from "../adapters/render/command_line.ts";
import { emptyPlan, note, type PlanPart, type SurfaceInput } from "./_plan_types.ts";
import { ownedFileRemovals, ownedFilesIn } from "./_owned_files.ts";
import { type DeclaredHook, nativeNames } from "./_declared_hook.ts";
import { registrationEdits } from "./plan_plugin_registration.ts";

/** The connector a generated hook file runs, read from its command line. */
export function hookFileConnector(text: string): string | undefined {
  return /--connector\s+['"]?([^\s'"]+)/.exec(text)?.[1];
}

function planScripts(
  input: SurfaceInput,
  surface: ScriptHookSurface,
  dir: string,
  declared: DeclaredHook[],
  plan: PlanPart,
): Set<string> {
  const { ctx, adapter } = input;
  const api = pathApi(ctx.os);
  const keep = new Set<string>();
  const owned = new Set(ownedFilesIn(input, dir));
  for (const d of declared) {
    const command = hookCommand(ctx.homeBin, ctx.os, adapter.id, d.event, input.connectorId);
    for (const native of nativeNames(d.spec)) {
      const script = surface.script({
        native,
        command,
        connectorId: input.connectorId,
        os: ctx.os,
      });
      const file = api.join(dir, script.name);
      const label = native === d.spec.name ? d.label : `hook ${native} (${d.event})`;
      const other = ctx.probe.readText(file);
      const otherId = other === undefined ? undefined : hookFileConnector(other);
      if (
        other !== undefined && !owned.has(file) && isOwnedCommand(other, otherId ?? "") &&
        otherId !== input.connectorId
      ) {
        plan.notes.push(note(
          input,
          "warn",
          `${label}: not installed — ${adapter.name} runs one script per event and ${file} runs the connector "${otherId}"`,
          file,
        ));
        continue;
      }
      keep.add(file);
      plan.edits.push({
        op: "file.set",
        platform: adapter.id,
        file,
        content: script.text,
        mode: script.mode,
        label,
      });
    }
  }
  return keep;
}

/**
 * The connector's actions as a plugin offers them (PluginHookSurface.actionCommands),
 * labelled as on every action surface: the connector's name and the action's.
 */
function pluginActions(input: SurfaceInput): NonNullable<HookPluginInput["actions"]> {
  const connector = input.connector;
  if (!connector) return [];
  return connector.actions.map((action) => {
    const over = action.hosts?.[input.adapter.id];
    const label = `${connector.displayName}: ${
      over?.label ?? action.label ?? action.description ?? action.id
    }`;
    return {
      id: action.id,
      label,
      ...(action.description ? { description: action.description } : {}),
    };
  });
}

/** The plugin input of a connector with no declared events (what uninstall knows). */
function bareInput(input: SurfaceInput): HookPluginInput {
  return {
    connectorId: input.connectorId,
    homeBin: input.ctx.homeBin,
    os: input.ctx.os,
    events: [],
  };
}

function planPlugin(
  input: SurfaceInput,
  surface: PluginHookSurface,
  dir: string,
  declared: DeclaredHook[],
  plan: PlanPart,
): Set<string> {
  const keep = new Set<string>();
  const { ctx, adapter } = input;
  const api = pathApi(ctx.os);
  const serverFile = bridgedServerFile(input, surface);
  const actions = surface.actionCommands ? pluginActions(input) : [];
  const natives = pluginNatives(input, surface);
  if (!declared.length && !serverFile && !actions.length && !natives.length) {
    const bare = bareInput(input);
    const moduleDir = api.dirname(api.join(dir, surface.module(bare).name));
    plan.edits.push(...registrationEdits(input, surface, { ...bare, moduleDir }, false));
    return keep;
  }
  const pluginInput: HookPluginInput = {
    connectorId: input.connectorId,
    homeBin: ctx.homeBin,
    os: ctx.os,
    events: declared.map((d) => ({
      event: d.event,
      native: d.spec.name,
      ...(d.spec.matcher ? { matcher: d.matcher ?? "" } : {}),
    })),
    ...(serverFile ? { serverFile } : {}),
    ...(actions.length ? { actions } : {}),
    ...(natives.length ? { natives } : {}),
  };
  const module = surface.module(pluginInput);
  const file = api.join(dir, module.name);
  keep.add(file);
  plan.edits.push({
    op: "file.set",
    platform: adapter.id,
    file,
    content: module.text,
    label: `hook plugin ${module.name}`,
  });
  for (const extra of surface.companions?.(pluginInput) ?? []) {
    const path = api.join(api.dirname(file), extra.name);
    keep.add(path);
    plan.edits.push({
      op: "file.set",
      platform: adapter.id,
      file: path,
      content: extra.text,
      label: `hook plugin ${extra.name}`,
    });
  }
  plan.edits.push(
    ...registrationEdits(input, surface, { ...pluginInput, moduleDir: api.dirname(file) }, true),
  );
  for (const a of actions) {
    plan.notes.push(
      note(input, "skip", `action ${a.id}: runs from ${module.name} as a host command`, file),
    );
  }
  for (const name of natives) {
    plan.notes.push(note(input, "skip", `native hook ${name}: runs in ${module.name}`, file));
  }
  for (const d of declared) {
    plan.notes.push(
      note(
        input,
        "skip",
        `hook ${d.event}: runs in ${module.name} on ${d.spec.name}${
          d.spec.approx ? ` (${d.spec.approx})` : ""
        }`,
        file,
      ),
    );
  }
  return keep;
}

/** The connector's native hook names the module wires (none when the host takes none). */
function pluginNatives(input: SurfaceInput, surface: PluginHookSurface): string[] {
  if (!surface.nativeHooks || !input.connector) return [];
  return Object.keys(effectiveNativeHooks(input.connector, input.adapter.id));
}

/**
 * The server file a bridging module reads the connector's MCP server from:
 * the host's server file in this scope, when the connector has a stdio
 * server there (the bridge starts a process; remote servers are reported by
 * the server surface, whose transports say stdio only).
 */
function bridgedServerFile(input: SurfaceInput, surface: PluginHookSurface): string | undefined {
  if (!surface.bridgesServer || !input.connector) return undefined;
  const server = effectiveServer(input.connector, input.adapter.id);
  if (server?.transport !== "stdio") return undefined;
  return scopePath(input.adapter.server?.paths, input.ctx.scope, input.ctx);
}

/** Where a file-based hook surface writes in one scope, and where it looks. */
export interface HookFolders {
  /** Each folder the host's runtimes read (scopeTargets), the first first. */
  dirs: string[];
  /** Those and every other place of the surface (scopePlaces), swept of our stale files. */
  places: string[];
}

/** Removals of our files in `places` but `keep`, each file once. */
function removalsIn(
  input: SurfaceInput,
  places: string[],
  keep: Set<string>,
  stale: boolean,
): PlanPart["edits"] {
  const seen = new Set(keep);
  return places.flatMap((dir) => {
    const edits = ownedFileRemovals(input, dir, seen, "hook file", stale);
    for (const e of edits) if (e.op === "file.remove") seen.add(e.file);
    return edits;
  });
}

/**
 * Plans the hook files of one host in each of its folders; stale files of
 * ours in any of the surface's places are removed.
 */
export function planHookFiles(
  input: SurfaceInput,
  surface: ScriptHookSurface | PluginHookSurface,
  folders: HookFolders,
  declared: DeclaredHook[],
  plan: PlanPart,
): PlanPart {
  const keep = new Set<string>();
  for (const dir of folders.dirs) {
    const kept = surface.layout === "script-per-event"
      ? planScripts(input, surface, dir, declared, plan)
      : planPlugin(input, surface, dir, declared, plan);
    for (const file of kept) keep.add(file);
  }
  plan.edits.push(...removalsIn(input, folders.places, keep, true));
  return plan;
}

/**
 * Plans the removal of every hook file the connector owns in the surface's
 * places (and a plugin's registration for each folder).
 */
export function unplanHookFiles(
  input: SurfaceInput,
  folders: HookFolders,
  surface?: ScriptHookSurface | PluginHookSurface,
): PlanPart {
  const plan = emptyPlan();
  plan.edits.push(...removalsIn(input, folders.places, new Set(), false));
  if (surface?.layout === "plugin-module" && surface.registration) {
    const api = pathApi(input.ctx.os);
    const bare = bareInput(input);
    for (const dir of folders.dirs) {
      const moduleDir = api.dirname(api.join(dir, surface.module(bare).name));
      plan.edits.push(...registrationEdits(input, surface, { ...bare, moduleDir }, false));
    }
  }
  return plan;
}

/** The texts of the files in a hook folder (for read-only checks such as `status`). */
export function hookFileTexts(dir: string): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true }).filter((e) => e.isFile()).flatMap((e) => {
      try {
        return [readFileSync(join(dir, e.name), "utf8")];
      } catch {
        return [];
      }
    });
  } catch {
    return [];
  }
}
