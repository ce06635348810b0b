/**
 * `secrets set|delete|list|check`: a connector's secrets in the OS keystore.
 *
 * @module
 */

import { dataRoot } from "../io/data_root.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import { SecretError } from "../secrets/errors.ts";
import { readSecretIndex } from "../secrets/index_file.ts";
import { connectorSecretEnv, secretNamesOf } from "../secrets/install_checks.ts";
import { isSecretBackendId } from "../secrets/select.ts";
import { assertSecretName, openSecretStore } from "../secrets/store.ts";
import type { SecretBackendId, SecretListEntry, SecretStore } from "../secrets/types.ts";
import { fileStorePath } from "../secrets/file_backend.ts";
import { boolFlag, type FlagSpec, parseCommandArgs, type ParsedArgs, stringFlag } from "./_args.ts";
import type { CliContext } from "./_context.ts";
import {
  type ConnectorLoader,
  type ConnectorRef,
  connectorRefFromFlags,
  noConnectorError,
  RESOLUTION,
} from "./_connector_ref.ts";
import { CliError, UsageError } from "./_errors.ts";
import { storeOptions } from "./_store_options.ts";
import { loadConnector } from "../io/load_connector.ts";
import { type InputStream, readAll, readHiddenLine, stripOneNewline } from "./_prompt.ts";

/** Help text. */
export const help = `Usage:
  agent-connector secrets set <name> [--connector <path>] [--connector-id <id>] [--backend <backend>] [--stdin]
  agent-connector secrets delete <name> [--connector <path>] [--connector-id <id>]
  agent-connector secrets list [--connector <path>] [--connector-id <id>] [--json]
  agent-connector secrets check [--connector <path>] [--connector-id <id>] [--backend <backend>] [--json]

Store the secrets a connector references as \${secret:NAME} in the OS keystore,
keyed by connector id. Servers receive them as environment variables at launch;
no host config file ever holds one. No output ever includes a value.

Backends: keychain (macOS), secret-service (Linux), credential-manager (Windows),
file (any OS, opt-in only: plaintext, NOT encrypted). set writes to --backend,
else $AGENT_CONNECTOR_SECRETS_BACKEND, else the OS keystore.

Flags:
  --connector-id <id>   the connector (else --connector, agent-connector.config.*
                        in --project or the working directory, else the single
                        registered connector)
  --connector <path>    a connector config module
  --project <dir>       where to look for agent-connector.config.*
  --backend <backend>   keychain | secret-service | credential-manager | file
  --stdin               read the value from stdin (one trailing newline stripped);
                        also the default when stdin is not a terminal
  --json                machine-readable output (list, check)

Exit status: 0 success, 2 usage error, 1 any other failure.

Examples:
  agent-connector secrets set db-pass --connector-id acme-db
  printf %s "$TOKEN" | agent-connector secrets set api-token --stdin
  agent-connector secrets list --json
  agent-connector secrets check --backend file
`;

const VERBS: Record<string, { flags: FlagSpec; positional: boolean }> = {
  set: {
    flags: { ...RESOLUTION, backend: { type: "string" }, stdin: { type: "boolean" } },
    positional: true,
  },
  delete: { flags: RESOLUTION, positional: true },
  list: { flags: { ...RESOLUTION, json: { type: "boolean" } }, positional: false },
  check: {
    flags: { ...RESOLUTION, backend: { type: "string" }, json: { type: "boolean" } },
    positional: false,
  },
};

/** Injected by tests; the real loader imports the config module. */
export interface SecretsCommandDeps {
  /** Loads a connector config module. */
  load?: ConnectorLoader;
}

/** Runs `secrets <verb>`. */
export async function run(
  args: string[],
  ctx: CliContext,
  deps: SecretsCommandDeps = {},
): Promise<number> {
  const [verb, ...rest] = args;
  if (verb === undefined || verb.startsWith("-")) {
    throw new UsageError(`secrets: missing verb (expected set, delete, list or check)`);
  }
  const spec = VERBS[verb];
  if (!spec) {
    throw new UsageError(`secrets: unknown verb "${verb}" (expected set, delete, list or check)`);
  }
  const command = `secrets ${verb}`;
  const parsed = parseCommandArgs(
    command,
    rest,
    spec.flags,
    spec.positional ? { min: 1, max: 1, names: "<name>" } : { max: 0 },
  );
  const backend = backendFlag(parsed, command);
  const load = deps.load ?? loadConnector;
  try {
    const ref = await connectorRefFromFlags(parsed, ctx, load);
    if (verb === "check") return runCheck(ctx, ref, backend, boolFlag(parsed, "json"));
    if (!ref) throw noConnectorError(command, ctx.machine);
    if (verb === "set") {
      return await runSet(ctx, ref, parsed.positionals[0], backend, boolFlag(parsed, "stdin"));
    }
    if (verb === "delete") return runDelete(ctx, ref, parsed.positionals[0]);
    return runList(ctx, ref, boolFlag(parsed, "json"));
  } catch (error) {
    if (error instanceof SecretError) {
      throw new CliError(error.hint ? `${error.message}\n  hint: ${error.hint}` : error.message);
    }
    throw error;
  }
}

function backendFlag(parsed: ParsedArgs, command: string): SecretBackendId | undefined {
  const value = stringFlag(parsed, "backend");
  if (value === undefined) return undefined;
  if (!isSecretBackendId(value)) {
    throw new UsageError(
      `${command}: --backend must be keychain, secret-service, credential-manager or file, got "${value}"`,
    );
  }
  return value;
}

function open(machine: MachineEnv, connectorId: string): SecretStore {
  return openSecretStore(storeOptions(machine, connectorId));
}

async function runSet(
  ctx: CliContext,
  ref: ConnectorRef,
  name: string,
  backend: SecretBackendId | undefined,
  fromStdin: boolean,
): Promise<number> {
  assertSecretName(name);
  const store = open(ctx.machine, ref.id);
  const target = backend ?? store.backend;
  const availability = store.availability(target);
  if (!availability.available) {
    throw new SecretError(
      "backend-unavailable",
      `secrets backend ${target} is unavailable: ${availability.detail}`,
      availability.hint ? { hint: availability.hint } : undefined,
    );
  }
  const stdin = ctx.stdin as InputStream;
  let value: string;
  if (fromStdin || !stdin.isTTY) {
    value = stripOneNewline(await readAll(stdin));
  } else {
    const typed = await readHiddenLine(
      stdin,
      ctx.stderr,
      `Enter value for ${name} (input hidden): `,
    );
    if (typed === null) {
      throw new CliError(`secrets set: aborted — secret "${name}" was not changed`);
    }
    value = typed;
  }
  const entry = store.set(name, value, backend ? { backend } : undefined);
  ctx.stdout.write(`secret "${name}" stored in ${entry.backend} for connector ${ref.id}\n`);
  if (entry.backend === "file") {
    ctx.stderr.write(
      `note: the file backend keeps values in plaintext (NOT encrypted) in ${
        fileStorePath(dataRoot(ctx.machine))
      }\n`,
    );
  }
  return 0;
}

function runDelete(ctx: CliContext, ref: ConnectorRef, name: string): number {
  assertSecretName(name);
  const store = open(ctx.machine, ref.id);
  const holder = readSecretIndex(dataRoot(ctx.machine), ref.id).secrets[name]?.backend ??
    store.backend;
  if (store.delete(name)) {
    ctx.stdout.write(`secret "${name}" deleted from ${holder} for connector ${ref.id}\n`);
  } else {
    ctx.stdout.write(`secret "${name}" was not set for connector ${ref.id}\n`);
  }
  return 0;
}

/** Names the connector references (from its config, else its record). */
function referencedNames(ref: ConnectorRef): string[] {
  if (ref.connector) return secretNamesOf(connectorSecretEnv(ref.connector));
  return ref.secretNames ?? [];
}

function runList(ctx: CliContext, ref: ConnectorRef, json: boolean): number {
  const store = open(ctx.machine, ref.id);
  const entries = store.list();
  for (const name of referencedNames(ref)) {
    if (entries.some((e) => e.name === name)) continue;
    let present: boolean | null = null;
    try {
      present = store.has(name);
    } catch { /* unknown */ }
    entries.push({ name, backend: store.backend, updatedAt: null, present });
  }
  if (json) {
    ctx.stdout.write(`${JSON.stringify(entries, null, 2)}\n`);
    return 0;
  }
  if (entries.length === 0) {
    ctx.stdout.write(`no secrets recorded for connector ${ref.id}\n`);
    return 0;
  }
  ctx.stdout.write(table(entries));
  return 0;
}

function table(entries: SecretListEntry[]): string {
  const rows = [
    ["name", "backend", "present", "updated"],
    ...entries.map((e) => [
      e.name,
      e.backend,
      e.present === null ? "unknown" : e.present ? "yes" : "no",
      e.updatedAt ?? "-",
    ]),
  ];
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows.map((r) =>
    r.map((cell, i) => i === r.length - 1 ? cell : cell.padEnd(widths[i])).join("  ")
  )
    .join("\n") + "\n";
}

function runCheck(
  ctx: CliContext,
  ref: ConnectorRef | undefined,
  backend: SecretBackendId | undefined,
  json: boolean,
): number {
  const connectorId = ref?.id ?? "agent-connector";
  const note = "(no connector resolved — keystore check only)\n";
  const store = open(ctx.machine, connectorId);
  const result = store.selfTest(backend);
  if (json) {
    if (!ref) ctx.stderr.write(note);
    ctx.stdout.write(
      `${
        JSON.stringify({ connectorId, connectorResolved: ref !== undefined, ...result }, null, 2)
      }\n`,
    );
    return result.ok ? 0 : 1;
  }
  const { availability } = result;
  const lines = [
    ...(ref ? [] : [note.trimEnd()]),
    `connector: ${connectorId}`,
    `backend: ${result.backend} — ${
      availability.available ? "available" : "unavailable"
    }: ${availability.detail}`,
    ...(availability.hint && !availability.available ? [`  hint: ${availability.hint}`] : []),
    availability.available
      ? `self-test: write ${result.write}, read ${result.read}, delete ${result.delete}`
      : "self-test: skipped",
    ...(result.error && availability.available ? [`  error: ${result.error}`] : []),
    result.ok ? "ok" : "FAILED",
  ];
  ctx.stdout.write(`${lines.join("\n")}\n`);
  return result.ok ? 0 : 1;
}
