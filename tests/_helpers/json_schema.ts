/**
 * A small JSON Schema (draft 2020-12 / draft-07) validator for the official
 * schemas the package tests check emitted files against. It implements the
 * assertion keywords those schemas use and throws on any other assertion
 * keyword, so a schema it cannot fully check never passes silently.
 *
 * @module
 */

import { readFileSync } from "node:fs";

type Schema = Record<string, unknown> | boolean;

const ANNOTATIONS = new Set([
  "$schema",
  "$id",
  "$comment",
  "title",
  "description",
  "default",
  "examples",
  "deprecated",
  "readOnly",
  "writeOnly",
  "format",
  "$defs",
  "definitions",
  "example",
]);

function typeOf(v: unknown): string {
  if (v === null) return "null";
  if (Array.isArray(v)) return "array";
  if (typeof v === "number") return Number.isInteger(v) ? "integer" : "number";
  return typeof v;
}

function matchesType(v: unknown, t: string): boolean {
  const actual = typeOf(v);
  return actual === t || (t === "number" && actual === "integer");
}

/** Returns every violation of `schema` by `value` (empty when valid). */
export function validateJson(value: unknown, root: Schema): string[] {
  const errors: string[] = [];
  const resolveRef = (ref: string): Schema => {
    if (!ref.startsWith("#/")) throw new Error(`unsupported $ref ${ref}`);
    let node: unknown = root;
    for (const key of ref.slice(2).split("/")) node = (node as Record<string, unknown>)[key];
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
    return node as Schema;
  };
  const check = (v: unknown, s: Schema, at: string, out: string[]): void => {
    if (s === true) return;
    if (s === false) return void out.push(`${at}: not allowed`);
    for (const [key, arg] of Object.entries(s)) {
      if (ANNOTATIONS.has(key)) continue;
      const a = arg as never;
      switch (key) {
        case "$ref":
          check(v, resolveRef(a), at, out);
          break;
        case "type": {
          const types = Array.isArray(arg) ? arg as string[] : [arg as string];
          if (!types.some((t) => matchesType(v, t))) {
            out.push(`${at}: not of type ${types.join("|")}`);
          }
          break;
        }
        case "const":
          if (JSON.stringify(v) !== JSON.stringify(arg)) {
            out.push(`${at}: not ${JSON.stringify(arg)}`);
          }
          break;
        case "enum":
          if (!(arg as unknown[]).some((e) => JSON.stringify(e) === JSON.stringify(v))) {
            out.push(`${at}: not one of ${JSON.stringify(arg)}`);
          }
          break;
        case "pattern":
          if (typeof v === "string" && !new RegExp(a, "u").test(v)) {
            out.push(`${at}: does not match ${a}`);
          }
          break;
        case "minLength":
          if (typeof v === "string" && [...v].length < a) out.push(`${at}: shorter than ${a}`);
          break;
        case "maxLength":
          if (typeof v === "string" && [...v].length > a) out.push(`${at}: longer than ${a}`);
          break;
        case "minimum":
          if (typeof v === "number" && v < a) out.push(`${at}: below ${a}`);
          break;
        case "maximum":
          if (typeof v === "number" && v > a) out.push(`${at}: above ${a}`);
          break;
        case "minItems":
          if (Array.isArray(v) && v.length < a) out.push(`${at}: fewer than ${a} items`);
          break;
        case "maxItems":
          if (Array.isArray(v) && v.length > a) out.push(`${at}: more than ${a} items`);
          break;
        case "items":
          if (Array.isArray(v)) v.forEach((item, i) => check(item, a, `${at}[${i}]`, out));
          break;
        case "required":
          if (typeOf(v) === "object") {
            for (const name of arg as string[]) {
              if (!(name in (v as object))) out.push(`${at}: missing ${name}`);
            }
          }
          break;
        case "properties":
          if (typeOf(v) === "object") {
            for (const [name, sub] of Object.entries(arg as Record<string, Schema>)) {
              const obj = v as Record<string, unknown>;
              if (name in obj) check(obj[name], sub, `${at}.${name}`, out);
            }
          }
          break;
        case "additionalProperties":
          if (typeOf(v) === "object") {
            const known = Object.keys((s as Record<string, unknown>).properties ?? {});
            for (const [name, item] of Object.entries(v as Record<string, unknown>)) {
              if (!known.includes(name)) check(item, a, `${at}.${name}`, out);
            }
          }
          break;
        case "propertyNames":
          if (typeOf(v) === "object") {
            for (const name of Object.keys(v as object)) check(name, a, `${at}{${name}}`, out);
          }
          break;
        case "not": {
          const inner: string[] = [];
          check(v, a, at, inner);
          if (inner.length === 0) out.push(`${at}: matches a schema it must not`);
          break;
        }
        case "allOf":
          for (const sub of arg as Schema[]) check(v, sub, at, out);
          break;
        case "anyOf":
        case "oneOf": {
          const passing = (arg as Schema[]).filter((sub) => {
            const inner: string[] = [];
            check(v, sub, at, inner);
            return inner.length === 0;
          }).length;
          if (key === "anyOf" ? passing === 0 : passing !== 1) {
            out.push(`${at}: matches ${passing} of the ${key} schemas`);
          }
          break;
        }
        case "if": {
          const inner: string[] = [];
          check(v, a, at, inner);
          const branch = inner.length === 0
            ? (s as Record<string, Schema>).then
            : (s as Record<string, Schema>).else;
          if (branch !== undefined) check(v, branch, at, out);
          break;
        }
        case "then":
        case "else":
          break;
        default:
          throw new Error(`json_schema helper: unsupported keyword "${key}" at ${at}`);
      }
    }
  };
  check(value, root, "$", errors);
  return errors;
}

/** An official schema copied under tests/fixtures/package/schemas/ (`<dir>/<file>`). */
export function packageSchema(dir: string, file: string): Record<string, unknown> {
  const path = new URL(`../fixtures/package/schemas/${dir}/${file}`, import.meta.url);
  return JSON.parse(readFileSync(path, "utf8"));
}
