/**
 * A declared hook event as the hook planners see it (install/plan_hooks.ts
 * for config files, plan_hook_files.ts for script and plugin files), apart
 * from both so neither imports the other for it.
 *
 * @module
 */

import type { HookEventName } from "../core/hook_types.ts";
import type { NativeEventSpec } from "../adapters/descriptor.ts";

/** A declared event the host fires: its native spec and the connector's matcher. */
export interface DeclaredHook {
  /** The normalized event. */
  event: HookEventName;
  /** Its native counterpart. */
  spec: NativeEventSpec;
  /** The connector's matcher for it, as written. */
  matcher?: string;
  /** The record's label: `hook <Event>`, naming the host's event when it differs. */
  label: string;
}

/** Every native event one normalized event runs on. */
export function nativeNames(spec: NativeEventSpec): string[] {
  return [spec.name, ...(spec.also ?? [])];
}
