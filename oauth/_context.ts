/**
 * What every engine call opens: the environment, the keystore and the data
 * root (which holds the metadata file).
 *
 * @module
 */

import process from "node:process";
import { dataRoot as defaultDataRoot } from "../io/data_root.ts";
import { currentMachineEnv } from "../io/machine_env.ts";
import { openSecretStore, type OpenSecretStoreOptions } from "../secrets/store.ts";
import type { SecretStore } from "../secrets/types.ts";
import type { LogSink } from "./types.ts";

/** The opened context. */
export interface EngineContext {
  /** The environment. */
  env: Record<string, string | undefined>;
  /** The keystore namespace of the connector. */
  store: SecretStore;
  /** The data root. */
  dataRoot: string;
  /** Human text sink. */
  log: LogSink;
}

/** Writes a line to stderr. */
export function stderrLog(line: string): void {
  process.stderr.write(line + "\n");
}

/** Opens the keystore and finds the data root. */
export function openEngine(options: {
  connectorId: string;
  env?: Record<string, string | undefined>;
  secretStore?: Omit<OpenSecretStoreOptions, "connectorId">;
  log?: LogSink;
}): EngineContext {
  const s = options.secretStore ?? {};
  const needsHost = (options.env ?? s.env) === undefined ||
    (s.dataRoot === undefined && s.home === undefined);
  const machine = needsHost ? currentMachineEnv() : undefined;
  const env = options.env ?? s.env ?? machine!.env;
  const root = s.dataRoot ?? defaultDataRoot({ home: s.home ?? machine!.home, env });
  const store = openSecretStore({
    ...s,
    env: s.env ?? env,
    dataRoot: root,
    connectorId: options.connectorId,
  });
  return { env, store, dataRoot: root, log: options.log ?? stderrLog };
}
