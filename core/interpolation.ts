/**
 * The reference syntax connector values may carry: `${env:VAR}`,
 * `${env:VAR:-default}` and `${secret:NAME}`. Pure functions, no I/O.
 *
 * @module
 */

/** A piece of a parsed template. */
export type TemplatePart =
  | { kind: "text"; text: string }
  | { kind: "env"; name: string; default?: string; source: string }
  | { kind: "secret"; name: string; source: string };

/** Environment variable names: `[A-Za-z_][A-Za-z0-9_]*`. */
export const ENV_NAME_PATTERN: RegExp = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Secret names: `[A-Za-z0-9][A-Za-z0-9._-]{0,63}`. */
export const SECRET_NAME_PATTERN: RegExp = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

const REFERENCE = /\$\{(env|secret):([^}]*)\}/g;

/**
 * Splits `value` into text and references. A reference whose name is not
 * well-formed (or a secret with a `:-` default, which does not exist) stays
 * text, so callers can tell it apart with {@link hasSecretMarker}.
 *
 * @example
 * ```ts
 * import { parseTemplate } from "./interpolation.ts";
 * parseTemplate("pg://${env:USER:-me}@h").map((p) => p.kind); // ["text", "env", "text"]
 * ```
 */
export function parseTemplate(value: string): TemplatePart[] {
  const parts: TemplatePart[] = [];
  let last = 0;
  for (const match of value.matchAll(REFERENCE)) {
    const [source, kind, body] = match;
    const part = referencePart(kind, body, source);
    if (!part) continue;
    if (match.index > last) parts.push({ kind: "text", text: value.slice(last, match.index) });
    parts.push(part);
    last = match.index + source.length;
  }
  if (last < value.length) parts.push({ kind: "text", text: value.slice(last) });
  return mergeText(parts);
}

function referencePart(kind: string, body: string, source: string): TemplatePart | undefined {
  if (kind === "secret") {
    return SECRET_NAME_PATTERN.test(body) ? { kind: "secret", name: body, source } : undefined;
  }
  const cut = body.indexOf(":-");
  const name = cut === -1 ? body : body.slice(0, cut);
  if (!ENV_NAME_PATTERN.test(name)) return undefined;
  return cut === -1
    ? { kind: "env", name, source }
    : { kind: "env", name, default: body.slice(cut + 2), source };
}

function mergeText(parts: TemplatePart[]): TemplatePart[] {
  const out: TemplatePart[] = [];
  for (const part of parts) {
    const prev = out[out.length - 1];
    if (part.kind === "text" && prev?.kind === "text") prev.text += part.text;
    else out.push(part);
  }
  return out;
}

/**
 * Lists the secret names `value` references, in order, without duplicates.
 *
 * @example
 * ```ts
 * import { findSecretRefs } from "./interpolation.ts";
 * findSecretRefs("${secret:a}:${secret:b}@${secret:a}"); // ["a", "b"]
 * ```
 */
export function findSecretRefs(value: string): string[] {
  const names: string[] = [];
  for (const part of parseTemplate(value)) {
    if (part.kind === "secret" && !names.includes(part.name)) names.push(part.name);
  }
  return names;
}

/** Lists the `${env:…}` references of `value`, in order. */
export function findEnvRefs(value: string): Array<{ name: string; default?: string }> {
  return parseTemplate(value).flatMap((p) =>
    p.kind === "env"
      ? [p.default === undefined ? { name: p.name } : { name: p.name, default: p.default }]
      : []
  );
}

/** True when `value` contains `${secret:` at all, well-formed or not. */
export function hasSecretMarker(value: string): boolean {
  return value.includes("${secret:");
}

/**
 * Expands every `${env:…}` reference from `env` (an unset variable gives its
 * default, else ""). Secret references are left as written unless `secrets`
 * supplies a value for them.
 *
 * @example
 * ```ts
 * import { expandEnv } from "./interpolation.ts";
 * expandEnv("${env:HOST:-localhost}:${env:PORT}", { PORT: "5432" }); // "localhost:5432"
 * ```
 */
export function expandEnv(
  value: string,
  env: Record<string, string | undefined>,
  secrets?: (name: string) => string | undefined,
): string {
  return parseTemplate(value).map((part) => {
    if (part.kind === "text") return part.text;
    if (part.kind === "env") {
      const set = env[part.name];
      return set !== undefined && set !== "" ? set : part.default ?? "";
    }
    return secrets?.(part.name) ?? part.source;
  }).join("");
}
