/**
 * `auth login|status|logout|token` (spec §3 `auth`): OAuth logins a
 * connector declares under `oauth.<key>`, on top of oauth/ (the engine).
 * Connector resolution is the `secrets` order (cli/_connector_ref.ts).
 *
 * @module
 */

import { dataRoot } from "../io/data_root.ts";
import type { MachineEnv } from "../io/machine_env.ts";
import type { ResolvedOAuthLoginDef } from "../core/connector_types.ts";
import { loadConnector } from "../io/load_connector.ts";
import { SecretError, SecretResolutionError } from "../secrets/errors.ts";
import { getAccessToken } from "../oauth/access_token.ts";
import { OAuthError } from "../oauth/errors.ts";
import { labelOf, login, logout } from "../oauth/login.ts";
import { loginStatus } from "../oauth/status.ts";
import type { EngineOptions, LoginStatus } from "../oauth/types.ts";
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

const SIGNATURES: Record<string, string> = {
  login:
    "auth login <key> [--connector <path>] [--connector-id <id>] [--project <dir>] [--device|--loopback] [--port <n>] [--json]",
  status: "auth status [--connector <path>] [--connector-id <id>] [--project <dir>] [--json]",
  logout: "auth logout <key> [--connector <path>] [--connector-id <id>] [--project <dir>]",
  token: "auth token <key> [--connector <path>] [--connector-id <id>] [--project <dir>]",
};

/** Help text. */
export const help: string = `Usage:
  agent-connector ${SIGNATURES.login}
  agent-connector ${SIGNATURES.status}
  agent-connector ${SIGNATURES.logout}
  agent-connector ${SIGNATURES.token}

Log in to the OAuth 2.0 providers a connector declares under oauth.<key> and
keep the refresh tokens in the OS keystore (the store \`secrets\` uses), keyed
by connector id. The server gets access tokens with getAccessToken; they are
never written to disk. Nothing printed contains a token, except the access
token \`auth token\` prints on stdout.

login opens the provider's authorization page in your browser and listens on
127.0.0.1 for the redirect. Without a browser (AGENT_CONNECTOR_BROWSER=never,
SSH, no display) it runs the device flow when the provider offers one (visit a
URL, enter a code; google never falls back to it), else prints the URL to
open. status reads the keystore only (no network).
logout revokes the token at the provider when it can, then removes it.

Flags:
  --connector-id <id>   the connector (else --connector, agent-connector.config.*
                        in --project or the working directory, else the single
                        registered connector)
  --connector <path>    a connector config module
  --project <dir>       where to look for agent-connector.config.*
  --device              run the device flow (a code to enter on any device)
  --loopback            run the browser (loopback redirect) flow
  --port <n>            the loopback port (default: the login's redirectPort,
                        else a free port)
  --json                machine-readable output (login, status)

Exit status: 0 success, 2 usage error, 1 any other failure.

Examples:
  agent-connector auth login google
  AGENT_CONNECTOR_BROWSER=never agent-connector auth login main --port 8765
  agent-connector auth login main --device
  agent-connector auth status --json
  agent-connector auth token main --connector-id seo-mcp
`;

const VERBS: Record<string, { flags: FlagSpec; key: boolean }> = {
  login: {
    flags: {
      ...RESOLUTION,
      device: { type: "boolean" },
      loopback: { type: "boolean" },
      port: { type: "string" },
      json: { type: "boolean" },
    },
    key: true,
  },
  status: { flags: { ...RESOLUTION, json: { type: "boolean" } }, key: false },
  logout: { flags: RESOLUTION, key: true },
  token: { flags: RESOLUTION, key: true },
};

/** Injected by tests; the real loader imports the config module. */
export interface AuthCommandDeps {
  /** Loads a connector config module. */
  load?: ConnectorLoader;
}

/** Runs `auth <verb>`. */
export async function run(
  args: string[],
  ctx: CliContext,
  deps: AuthCommandDeps = {},
): Promise<number> {
  const [verb, ...rest] = args;
  if (verb === undefined || verb.startsWith("-")) {
    throw new UsageError("auth: missing verb (expected login, status, logout or token)");
  }
  const spec = VERBS[verb];
  if (!spec) {
    throw new UsageError(
      `auth: unknown verb "${verb}" (expected login, status, logout or token)`,
    );
  }
  const command = `auth ${verb}`;
  let parsed;
  try {
    parsed = parseCommandArgs(
      command,
      rest,
      spec.flags,
      spec.key ? { min: 1, max: 1, names: "<key>" } : { max: 0 },
    );
  } catch (error) {
    if (error instanceof UsageError) {
      throw new UsageError(`${error.message}\n  usage: ${SIGNATURES[verb]}`);
    }
    throw error;
  }
  const port = portFlag(stringFlag(parsed, "port"));
  const flow = verb === "login" ? flowFlag(parsed) : undefined;
  const ref = await connectorRefFromFlags(parsed, ctx, deps.load ?? loadConnector);
  if (!ref) throw noConnectorError(command, ctx.machine);
  const logins = loginsOf(ref, command);
  const json = boolFlag(parsed, "json");
  try {
    if (verb === "status") return runStatus(ctx, ref.id, logins, json);
    const key = parsed.positionals[0];
    const def = logins[key];
    if (!def) {
      const declared = Object.keys(logins);
      throw new UsageError(
        `${command}: connector ${ref.id} declares no login "${key}" (declared: ${
          declared.length ? declared.join(", ") : "none"
        })\n  usage: ${SIGNATURES[verb]}`,
      );
    }
    const options = engineOptions(ctx, ref.id, key);
    if (verb === "login") {
      const result = await login({
        ...options,
        def,
        port,
        flow,
      });
      ctx.stdout.write(
        json
          ? `${JSON.stringify(result, null, 2)}\n`
          : `logged in to "${key}" (${
            labelOf(def)
          }) for connector ${ref.id} — refresh token stored in ${result.backend}\n`,
      );
      return 0;
    }
    if (verb === "logout") {
      const out = await logout({ ...options, def });
      const tail = !out.removed
        ? " (nothing was stored)"
        : out.revoked
        ? " (revoked at the provider)"
        : "";
      ctx.stdout.write(`logged out of "${key}" for connector ${ref.id}${tail}\n`);
      return 0;
    }
    const tokens = await getAccessToken({ ...options, def, interactive: "never" });
    ctx.stdout.write(`${tokens.accessToken}\n`);
    return 0;
  } catch (error) {
    throw asCliError(error);
  }
}

function flowFlag(parsed: ParsedArgs): "device" | "loopback" | undefined {
  const device = boolFlag(parsed, "device");
  const loopback = boolFlag(parsed, "loopback");
  if (device && loopback) {
    throw new UsageError(
      `auth login: --device and --loopback are exclusive\n  usage: ${SIGNATURES.login}`,
    );
  }
  return device ? "device" : loopback ? "loopback" : undefined;
}

function portFlag(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || n < 1 || n > 65535) {
    throw new UsageError(
      `auth login: --port must be an integer in 1..65535, got "${value}"\n  usage: ${SIGNATURES.login}`,
    );
  }
  return n;
}

function loginsOf(ref: ConnectorRef, command: string): Record<string, ResolvedOAuthLoginDef> {
  if (ref.connector) return ref.connector.oauth ?? {};
  // Found by id: the registry record holds the login definitions install wrote.
  if (ref.logins) return ref.logins;
  throw new CliError(
    `${command}: connector ${ref.id} has no recorded login definitions (it is not installed, or was installed by an older version) — ` +
      `pass --connector <path>, or run it in the folder with agent-connector.config.*`,
  );
}

function engineOptions(ctx: CliContext, connectorId: string, key: string): EngineOptions {
  const machine: MachineEnv = ctx.machine;
  return {
    connectorId,
    key,
    env: machine.env,
    platform: machine.os,
    secretStore: {
      dataRoot: dataRoot(machine),
      env: machine.env,
      home: machine.home,
      platform: machine.os,
    },
    log: (line) => ctx.stderr.write(`${line}\n`),
  };
}

function runStatus(
  ctx: CliContext,
  connectorId: string,
  logins: Record<string, ResolvedOAuthLoginDef>,
  json: boolean,
): number {
  const machine = ctx.machine;
  const rows = loginStatus({
    connectorId,
    logins,
    env: machine.env,
    secretStore: {
      dataRoot: dataRoot(machine),
      env: machine.env,
      home: machine.home,
      platform: machine.os,
    },
  });
  if (json) {
    ctx.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
    return 0;
  }
  if (rows.length === 0) {
    ctx.stdout.write(`connector ${connectorId} declares no logins\n`);
    return 0;
  }
  ctx.stdout.write(table(rows));
  return 0;
}

function table(rows: LoginStatus[]): string {
  const cells = [
    ["key", "provider", "present", "obtained", "via"],
    ...rows.map((r) => [
      r.key,
      r.provider,
      r.present === null ? "unknown" : r.present ? "yes" : "no",
      r.obtainedAt ?? "-",
      r.obtainedVia ?? "-",
    ]),
  ];
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  return cells.map((r) =>
    r.map((cell, i) => i === r.length - 1 ? cell : cell.padEnd(widths[i])).join("  ")
  ).join("\n") + "\n";
}

function asCliError(error: unknown): unknown {
  if (error instanceof OAuthError || error instanceof SecretError) {
    return new CliError(error.hint ? `${error.message}\n  hint: ${error.hint}` : error.message);
  }
  if (error instanceof SecretResolutionError) return new CliError(error.message);
  return error;
}
