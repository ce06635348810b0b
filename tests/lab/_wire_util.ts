/**
 * Small helpers the mock's wire modules share.
 *
 * @module
 */

/** One server-sent event, optionally named. */
export function sse(data: unknown, event?: string): string {
  const text = typeof data === "string" ? data : JSON.stringify(data);
  return `${event ? `event: ${event}\n` : ""}data: ${text}\n\n`;
}

/** The text inside a content value: a string, an array of parts with `text`, or JSON. */
export function textOf(content: unknown): string {
  if (content === undefined || content === null) return "";
  if (typeof content === "string") return content;
  if (Array.isArray(content)) return content.map(textOf).join("\n");
  if (typeof content === "object") {
    const o = content as Record<string, unknown>;
    if (typeof o.text === "string") return o.text;
    if (o.content !== undefined) return textOf(o.content);
    if (o.output !== undefined) return textOf(o.output);
    return JSON.stringify(o);
  }
  return String(content);
}
