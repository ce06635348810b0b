/**
 * JSON with comments and trailing commas (JSONC, the dialect of VS Code's
 * settings and most agent hosts' config files): a syntax tree with exact
 * offsets for format-preserving edits, and plain values for reading.
 *
 * The parser never throws: broken text still gives a tree (or value) of what
 * could be read, plus a list of errors with offsets. Trees, values, error
 * codes and offsets are those of the `jsonc-parser` package (parsing with
 * comments and trailing commas allowed); core/jsonc_diff_test.ts holds the
 * two equal on generated and fixture texts. Values are ordinary objects; a
 * `"__proto__"` key is an own member like any other.
 *
 * ```ts
 * import { findNodeAtLocation, getNodeValue, parseJsonc, parseTree } from "./jsonc.ts";
 * const text = '{\n  // mine\n  "a": {"b": [1, 2,],},\n}';
 * const root = parseTree(text, [])!;
 * const b = findNodeAtLocation(root, ["a", "b"])!;
 * text.slice(b.offset, b.offset + b.length); // "[1, 2,]"
 * getNodeValue(b); // [1, 2]
 * parseJsonc('{"a": 1 /* c *\/}'); // { a: 1 }
 * ```
 *
 * @module
 */

import {
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  EOF,
  ErrorCode,
  FALSE,
  NULL,
  NUMBER,
  OPEN_BRACE,
  OPEN_BRACKET,
  type ParseError,
  Scanner,
  STRING,
  type Tok,
  TRUE,
} from "./_jsonc_scan.ts";

export { ErrorCode, type ParseError };

/** What a node is. */
export type JsonNodeType =
  | "object"
  | "array"
  | "property"
  | "string"
  | "number"
  | "boolean"
  | "null";

/** One node of the syntax tree. */
export interface JsonNode {
  /** What the node is. A `property` node's children are its key (a `string` node) and its value. */
  type: JsonNodeType;
  /** Offset of the node's first character. */
  offset: number;
  /** Length in characters (a property spans key to value end). */
  length: number;
  /** The node containing this one; absent on the root. */
  parent?: JsonNode;
  /** Members of an object (`property` nodes), items of an array, key and value of a property. */
  children?: JsonNode[];
  /** The value of a string, number, boolean or null node. */
  value?: unknown;
  /** Offset of a property's colon, when it has one. */
  colonOffset?: number;
}

const NAMES: Record<number, string> = {};
for (const [name, code] of Object.entries(ErrorCode)) NAMES[code] = name;

/** The name of an error code, as `"CloseBraceExpected"`. */
export function errorName(code: number): string {
  return NAMES[code] ?? "<unknown ParseErrorCode>";
}

class TreeBuilder {
  readonly s: Scanner;

  constructor(s: Scanner) {
    this.s = s;
  }

  /** Skips tokens up to (not past) `a`, `b` or the end. */
  skipTo(a: Tok, b: Tok): void {
    const s = this.s;
    let t = s.tok;
    while (t !== EOF && t !== a && t !== b) t = s.next();
  }

  /** Parses the value at the current token, or returns undefined without moving. */
  value(parent: JsonNode | undefined): JsonNode | undefined {
    const s = this.s;
    let value: unknown;
    switch (s.tok) {
      case OPEN_BRACE:
        return this.object(parent);
      case OPEN_BRACKET:
        return this.array(parent);
      case STRING:
        value = s.value;
        break;
      case NUMBER:
        value = Number(s.value);
        break;
      case TRUE:
        value = true;
        break;
      case FALSE:
        value = false;
        break;
      case NULL:
        value = null;
        break;
      default:
        return undefined;
    }
    const type = value === null ? "null" : typeof value as "string" | "number" | "boolean";
    const node: JsonNode = { type, offset: s.offset, length: s.length, parent, value };
    if (parent) parent.children!.push(node);
    s.next();
    return node;
  }

  object(parent: JsonNode | undefined): JsonNode {
    const s = this.s;
    const node: JsonNode = { type: "object", offset: s.offset, length: -1, parent, children: [] };
    if (parent) parent.children!.push(node);
    s.next();
    let open: JsonNode | undefined; // a property still without its value
    let needsComma = false;
    while (s.tok !== CLOSE_BRACE && s.tok !== EOF) {
      if (s.tok === COMMA) {
        if (!needsComma) s.report(ErrorCode.ValueExpected);
        if (open) open.length = s.offset - open.offset;
        open = undefined;
        if (s.next() === CLOSE_BRACE) break; // trailing comma
      } else if (needsComma) s.report(ErrorCode.CommaExpected);
      if (s.tok !== STRING) {
        s.report(ErrorCode.PropertyNameExpected);
        this.skipTo(CLOSE_BRACE, COMMA);
        s.report(ErrorCode.ValueExpected);
        this.skipTo(CLOSE_BRACE, COMMA);
      } else {
        const prop = this.property(node);
        if (prop.length < 0) open = prop;
      }
      needsComma = true;
    }
    const end = s.offset + s.length;
    if (open) open.length = end - open.offset;
    node.length = end - node.offset;
    if (s.tok === CLOSE_BRACE) s.next();
    else s.report(ErrorCode.CloseBraceExpected);
    return node;
  }

  /** A member at a string token; its length stays -1 while its value is missing. */
  property(object: JsonNode): JsonNode {
    const s = this.s;
    const prop: JsonNode = {
      type: "property",
      offset: s.offset,
      length: -1,
      parent: object,
      children: [],
    };
    prop.children!.push({
      type: "string",
      value: s.value,
      offset: s.offset,
      length: s.length,
      parent: prop,
    });
    object.children!.push(prop);
    if (s.next() !== COLON) {
      s.report(ErrorCode.ColonExpected);
      this.skipTo(CLOSE_BRACE, COMMA);
      return prop;
    }
    prop.colonOffset = s.offset;
    s.next();
    const value = this.value(prop);
    if (value) prop.length = value.offset + value.length - prop.offset;
    else {
      s.report(ErrorCode.ValueExpected);
      this.skipTo(CLOSE_BRACE, COMMA);
    }
    return prop;
  }

  array(parent: JsonNode | undefined): JsonNode {
    const s = this.s;
    const node: JsonNode = { type: "array", offset: s.offset, length: -1, parent, children: [] };
    if (parent) parent.children!.push(node);
    s.next();
    let needsComma = false;
    while (s.tok !== CLOSE_BRACKET && s.tok !== EOF) {
      if (s.tok === COMMA) {
        if (!needsComma) s.report(ErrorCode.ValueExpected);
        if (s.next() === CLOSE_BRACKET) break; // trailing comma
      } else if (needsComma) s.report(ErrorCode.CommaExpected);
      if (!this.value(node)) {
        s.report(ErrorCode.ValueExpected);
        this.skipTo(CLOSE_BRACKET, COMMA);
      }
      needsComma = true;
    }
    node.length = s.offset + s.length - node.offset;
    if (s.tok === CLOSE_BRACKET) s.next();
    else s.report(ErrorCode.CloseBracketExpected);
    return node;
  }
}

/**
 * Parses `text` into a syntax tree, appending problems to `errors` (none for
 * valid JSONC). Undefined when no value could be read at all (empty text).
 */
export function parseTree(text: string, errors: ParseError[]): JsonNode | undefined {
  const s = new Scanner(text, errors);
  if (s.next() === EOF) {
    s.report(ErrorCode.ValueExpected);
    return undefined;
  }
  const root = new TreeBuilder(s).value(undefined);
  if (!root) s.report(ErrorCode.ValueExpected);
  else if (s.tok !== EOF) s.report(ErrorCode.EndOfFileExpected);
  return root;
}

/** Parses `text` to a value (see {@link parseTree} for `errors`); undefined when empty. */
export function parseJsonc(text: string, errors: ParseError[] = []): unknown {
  const root = parseTree(text, errors);
  return root && getNodeValue(root);
}

/** The node at `path` (keys; numbers index arrays) below `root`, if any. Duplicate keys: the first. */
export function findNodeAtLocation(
  root: JsonNode,
  path: readonly (string | number)[],
): JsonNode | undefined {
  let node = root;
  for (const segment of path) {
    const children = node.children;
    if (typeof segment === "string") {
      if (node.type !== "object") return undefined;
      const prop = children!.find((p) =>
        p.children!.length === 2 && p.children![0].value === segment
      );
      if (!prop) return undefined;
      node = prop.children![1];
    } else {
      if (node.type !== "array" || segment < 0 || segment >= children!.length) return undefined;
      node = children![segment];
    }
  }
  return node;
}

/** The value a node stands for, built of ordinary objects and arrays; undefined for a property node. */
export function getNodeValue(node: JsonNode): unknown {
  switch (node.type) {
    case "array":
      return node.children!.map(getNodeValue);
    case "object": {
      const out: Record<string, unknown> = {};
      for (const prop of node.children!) {
        const [key, value] = prop.children!;
        if (!value) continue;
        const k = key.value as string;
        if (k === "__proto__") {
          Object.defineProperty(out, k, {
            value: getNodeValue(value),
            writable: true,
            enumerable: true,
            configurable: true,
          });
        } else out[k] = getNodeValue(value);
      }
      return out;
    }
    case "property":
      return undefined;
    default:
      return node.value;
  }
}
