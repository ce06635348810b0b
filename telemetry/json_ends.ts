/**
 * The JSON-RPC routing fields readable from the two ends of a message whose
 * middle is missing (telemetry/lost_line.ts): its first bytes are read
 * forwards, member by member, as far as they are whole; its last bytes
 * backwards from the closing brace, scalar members only (the TypeScript
 * SDK writes `jsonrpc` and `id` last). Nothing cut by the end of what is
 * known is read: a number ending there might go on.
 *
 * @module
 */

/** A JSON scalar. */
export type Scalar = string | number | boolean | null;

/** Top-level members read from a message's start, and the tool name inside `params`. */
export interface HeadFields {
  /** The scalar members (`jsonrpc`, `id`, `method`). */
  scalars: Map<string, Scalar>;
  /** The keys of object and array members (`params`, `result`, `error`). */
  containers: Set<string>;
  /** `params.name`, when it came before anything cut. */
  paramsName?: string;
}

const WS = new Set([" ", "\t", "\r", "\n"]);

/** Reads the top-level members at the start of `s`, as far as they are whole. */
export function readHead(s: string): HeadFields {
  const fields: HeadFields = { scalars: new Map(), containers: new Set() };
  const i = skip(s, 0);
  if (s[i] !== "{") return fields;
  members(s, i + 1, (key, value) => fields.scalars.set(key, value), (key, at) => {
    fields.containers.add(key);
    if (key !== "params" || s[at] !== "{") return skipContainer(s, at);
    return members(s, at + 1, (inner, value) => {
      if (inner === "name" && typeof value === "string") fields.paramsName = value;
    }, (_inner, from) => skipContainer(s, from));
  });
  return fields;
}

/**
 * Reads the members of an object from `i` (just after its `{`); calls
 * `scalar` for each scalar member and `container` for each object or array
 * member (which returns the index after it, or -1). Returns the index after
 * the object, or -1 when `s` ends first.
 */
function members(
  s: string,
  i: number,
  scalar: (key: string, value: Scalar) => void,
  container: (key: string, at: number) => number,
): number {
  for (;;) {
    i = skip(s, i);
    if (s[i] === "}") return i + 1;
    const key = readString(s, i);
    if (!key) return -1;
    i = skip(s, key.end);
    if (s[i] !== ":") return -1;
    i = skip(s, i + 1);
    if (s[i] === "{" || s[i] === "[") {
      i = container(key.value, i);
    } else {
      const value = readScalar(s, i);
      if (!value) return -1;
      scalar(key.value, value.value);
      i = value.end;
    }
    if (i === -1) return -1;
    i = skip(s, i);
    if (s[i] === ",") i++;
    else return s[i] === "}" ? i + 1 : -1;
  }
}

function skip(s: string, i: number): number {
  while (i < s.length && WS.has(s[i])) i++;
  return i;
}

/** The JSON string starting at `i`, when it ends within `s`. */
function readString(s: string, i: number): { value: string; end: number } | undefined {
  if (s[i] !== '"') return undefined;
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] === "\\") j++;
    else if (s[j] === '"') return { value: JSON.parse(s.slice(i, j + 1)), end: j + 1 };
  }
  return undefined;
}

/** The scalar at `i`, when it ends within `s` (a number cut by the end is not read). */
function readScalar(s: string, i: number): { value: Scalar; end: number } | undefined {
  if (s[i] === '"') return readString(s, i);
  let j = i;
  while (j < s.length && /[-+.\w]/.test(s[j])) j++;
  if (j === i || j === s.length) return undefined;
  try {
    return { value: JSON.parse(s.slice(i, j)) as Scalar, end: j };
  } catch {
    return undefined;
  }
}

/** The index after the object or array at `i`, or -1 when `s` ends first. */
function skipContainer(s: string, i: number): number {
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const c = s[j];
    if (c === '"') {
      const str = readString(s, j);
      if (!str) return -1;
      j = str.end - 1;
    } else if (c === "{" || c === "[") depth++;
    else if (c === "}" || c === "]") {
      if (--depth === 0) return j + 1;
    }
  }
  return -1;
}

/**
 * Reads, backwards from the end of `s` (a message's last bytes), the
 * top-level scalar members before its closing brace, and the scalar members
 * last in the object that closes just before them (a request's `params`, a
 * response's `result`).
 */
export function readTail(s: string): { top: Map<string, Scalar>; inner: Map<string, Scalar> } {
  const top = new Map<string, Scalar>();
  const inner = new Map<string, Scalar>();
  let i = back(s, s.length - 1);
  if (s[i] !== "}") return { top, inner };
  i = membersBack(s, i - 1, top);
  if (i >= 0 && s[i] === "}") membersBack(s, i - 1, inner);
  return { top, inner };
}

/**
 * Reads scalar members backwards from `i` (inside an object, before its
 * closing brace) into `into`; returns the index of the first thing that is
 * not one (a closing brace of a container member), or -1.
 */
function membersBack(s: string, i: number, into: Map<string, Scalar>): number {
  for (;;) {
    i = back(s, i);
    if (i < 0 || s[i] === "}" || s[i] === "]") return i;
    const value = scalarBack(s, i);
    if (!value) return -1;
    i = back(s, value.start - 1);
    if (s[i] !== ":") return -1;
    i = back(s, i - 1);
    const key = stringBack(s, i);
    if (!key || typeof key.value !== "string") return -1;
    into.set(key.value, value.value);
    i = back(s, key.start - 1);
    if (s[i] !== ",") return -1;
    i--;
  }
}

function back(s: string, i: number): number {
  while (i >= 0 && WS.has(s[i])) i--;
  return i;
}

/** The scalar ending at `i`, read backwards, when it starts within `s`. */
function scalarBack(s: string, i: number): { value: Scalar; start: number } | undefined {
  if (s[i] === '"') return stringBack(s, i);
  let j = i;
  while (j >= 0 && /[-+.\w]/.test(s[j])) j--;
  if (j === i || j < 0) return undefined;
  try {
    return { value: JSON.parse(s.slice(j + 1, i + 1)) as Scalar, start: j + 1 };
  } catch {
    return undefined;
  }
}

/** The JSON string whose closing quote is at `i`, when its opening quote is within `s`. */
function stringBack(s: string, i: number): { value: Scalar; start: number } | undefined {
  if (s[i] !== '"') return undefined;
  for (let j = i - 1; j >= 0; j--) {
    if (s[j] !== '"') continue;
    let slashes = 0;
    for (let k = j - 1; k >= 0 && s[k] === "\\"; k--) slashes++;
    if (slashes % 2 === 1) continue;
    try {
      return { value: JSON.parse(s.slice(j, i + 1)) as string, start: j };
    } catch {
      return undefined;
    }
  }
  return undefined;
}
