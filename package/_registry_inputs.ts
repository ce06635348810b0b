/**
 * Connector values as MCP Registry inputs (server.json 2025-12-11
 * `Input` / `KeyValueInput`): an `${env:VAR}` reference becomes a
 * `{VAR}` placeholder with a `variables` entry the client asks the user
 * for (`isRequired` unless it has a default, which becomes `default`); a
 * value holding a `${secret:…}` is the secret itself — `isSecret`,
 * `isRequired`, never templated. A literal stays a fixed `value`.
 *
 * @module
 */

import { parseTemplate } from "../core/interpolation.ts";

/** A registry input (the subset this emitter writes). */
export interface RegistryInput {
  /** `positional` for a package argument. */
  type?: "positional";
  /** The header or environment variable name (KeyValueInput). */
  name?: string;
  /** A description for the user. */
  description?: string;
  /** Must be supplied. */
  isRequired?: boolean;
  /** A secret value. */
  isSecret?: boolean;
  /** The fixed value, or a template with `{VAR}` placeholders. */
  value?: string;
  /** The default. */
  default?: string;
  /** The placeholders of `value`. */
  variables?: Record<string, RegistryInput>;
}

/** The template of `value` in registry form: `{VAR}` placeholders and their variables. */
export function registryTemplate(
  value: string,
  secret = false,
): { value: string; variables: Record<string, RegistryInput> } {
  const variables: Record<string, RegistryInput> = {};
  let out = "";
  for (const part of parseTemplate(value)) {
    if (part.kind === "text") out += part.text;
    else {
      out += `{${part.name}}`;
      variables[part.name] = part.kind === "env" && part.default !== undefined
        ? { default: part.default, ...(secret ? { isSecret: true } : {}) }
        : { isRequired: true, ...(secret ? { isSecret: true } : {}) };
    }
  }
  return { value: out, variables };
}

/** One environment variable (or header) as a KeyValueInput. */
export function keyValueInput(name: string, value: string, secret: boolean): RegistryInput {
  const parts = parseTemplate(value);
  const secrets = parts.flatMap((p) => (p.kind === "secret" ? [p.name] : []));
  if (secrets.length) {
    return {
      name,
      description: `Holds the secret ${secrets.map((s) => `"${s}"`).join(", ")}`,
      isRequired: true,
      isSecret: true,
    };
  }
  if (parts.every((p) => p.kind === "text")) {
    return { name, value, ...(secret ? { isSecret: true } : {}) };
  }
  const only = parts.length === 1 && parts[0].kind === "env" ? parts[0] : undefined;
  if (only && only.name === name) {
    return only.default !== undefined
      ? { name, default: only.default, ...(secret ? { isSecret: true } : {}) }
      : { name, isRequired: true, ...(secret ? { isSecret: true } : {}) };
  }
  const template = registryTemplate(value, secret);
  return {
    name,
    isRequired: true,
    ...(secret ? { isSecret: true } : {}),
    value: template.value,
    variables: template.variables,
  };
}
