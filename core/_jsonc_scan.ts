/**
 * The tokenizer behind core/jsonc.ts: JSON with `//` and `/* *\/` comments.
 * It skips whitespace, line breaks and comments itself and records every
 * problem of the text it passes over (a string or comment left open, a bad
 * escape, a word that is not `true`/`false`/`null`) in `errors`, so the parser
 * only ever sees significant tokens.
 *
 * Whitespace is space and tab; line breaks are CR and LF; any other character
 * outside strings (a BOM, a form feed, a non-breaking space) belongs to a word.
 *
 * @module
 */

/** Why a text is not valid JSONC (the numbering of the `jsonc-parser` package). */
export const ErrorCode = {
  InvalidSymbol: 1,
  PropertyNameExpected: 3,
  ValueExpected: 4,
  ColonExpected: 5,
  CommaExpected: 6,
  CloseBraceExpected: 7,
  CloseBracketExpected: 8,
  EndOfFileExpected: 9,
  UnexpectedEndOfComment: 11,
  UnexpectedEndOfString: 12,
  UnexpectedEndOfNumber: 13,
  InvalidUnicode: 14,
  InvalidEscapeCharacter: 15,
  InvalidCharacter: 16,
} as const;

/** One problem: its code and the text span it concerns. */
export interface ParseError {
  /** A value of {@link ErrorCode}. */
  error: number;
  /** Offset of the token concerned. */
  offset: number;
  /** Length of that token. */
  length: number;
}

/** Kinds of significant tokens. */
export type Tok = number;
/** `{` */ export const OPEN_BRACE = 0;
/** `}` */ export const CLOSE_BRACE = 1;
/** `[` */ export const OPEN_BRACKET = 2;
/** `]` */ export const CLOSE_BRACKET = 3;
/** `:` */ export const COLON = 4;
/** `,` */ export const COMMA = 5;
/** A string literal. */ export const STRING = 6;
/** A number literal. */ export const NUMBER = 7;
/** `true` */ export const TRUE = 8;
/** `false` */ export const FALSE = 9;
/** `null` */ export const NULL = 10;
/** The end of the text. */ export const EOF = 11;

const SPACE = 32, TAB = 9, LF = 10, CR = 13, QUOTE = 34, SLASH = 47, STAR = 42, BACKSLASH = 92;
const MINUS = 45, PLUS = 43, DOT = 46, ZERO = 48, NINE = 57;

const PUNCT: Record<number, Tok> = {
  123: OPEN_BRACE,
  125: CLOSE_BRACE,
  91: OPEN_BRACKET,
  93: CLOSE_BRACKET,
  58: COLON,
  44: COMMA,
};

const ESCAPED: Record<number, string> = {
  34: '"',
  92: "\\",
  47: "/",
  98: "\b",
  102: "\f",
  110: "\n",
  114: "\r",
  116: "\t",
};

function isDigit(c: number): boolean {
  return c >= ZERO && c <= NINE;
}

/** A character that ends a bare word: blanks, line breaks, punctuation, quote, slash. */
function endsWord(c: number): boolean {
  return c === SPACE || c === TAB || c === LF || c === CR || c === QUOTE || c === SLASH ||
    PUNCT[c] !== undefined;
}

function hexValue(c: number): number {
  if (c >= ZERO && c <= NINE) return c - ZERO;
  const lower = c | 0x20;
  return lower >= 97 && lower <= 102 ? lower - 87 : -1;
}

/** Walks a text one significant token at a time. */
export class Scanner {
  /** The text scanned. */
  readonly text: string;
  /** Problems met so far, in text order. */
  readonly errors: ParseError[];
  /** The current token. */
  tok: Tok = EOF;
  /** Where the current token starts. */
  offset = 0;
  /** Where scanning resumes: the end of the current token. An open comment at the very end can leave it one past the text, as the original parser does. */
  pos = 0;
  /** A string token's decoded content, a number token's source text. */
  value = "";

  /** Starts at the beginning of `text`, recording problems in `errors`. */
  constructor(text: string, errors: ParseError[]) {
    this.text = text;
    this.errors = errors;
  }

  /** Length of the current token. */
  get length(): number {
    return this.pos - this.offset;
  }

  /** Records `error` against the current token. */
  report(error: number): void {
    this.errors.push({ error, offset: this.offset, length: this.pos - this.offset });
  }

  /** Moves to the next significant token and returns its kind. */
  next(): Tok {
    const text = this.text;
    const len = text.length;
    for (;;) {
      let pos = this.pos;
      if (pos >= len) {
        this.offset = len;
        return this.tok = EOF;
      }
      this.offset = pos;
      const c = text.charCodeAt(pos);
      if (c === SPACE || c === TAB || c === LF || c === CR) {
        do pos++; while (pos < len && isBlank(text.charCodeAt(pos)));
        this.pos = pos;
        continue;
      }
      const punct = PUNCT[c];
      if (punct !== undefined) {
        this.pos = pos + 1;
        return this.tok = punct;
      }
      if (c === QUOTE) return this.tok = this.string();
      if (c === SLASH) {
        const c2 = text.charCodeAt(pos + 1);
        if (c2 === SLASH) this.lineComment();
        else if (c2 === STAR) this.blockComment();
        else {
          this.pos = pos + 1;
          this.report(ErrorCode.InvalidSymbol);
        }
        continue;
      }
      if (c === MINUS && !isDigit(text.charCodeAt(pos + 1))) {
        this.pos = pos + 1;
        this.report(ErrorCode.InvalidSymbol);
        continue;
      }
      if (c === MINUS || isDigit(c)) return this.tok = this.number();
      do pos++; while (pos < len && !endsWord(text.charCodeAt(pos)));
      this.pos = pos;
      const word = text.slice(this.offset, pos);
      if (word === "true") return this.tok = TRUE;
      if (word === "false") return this.tok = FALSE;
      if (word === "null") return this.tok = NULL;
      this.report(ErrorCode.InvalidSymbol);
    }
  }

  /** Skips a `//` comment up to its line break. */
  private lineComment(): void {
    const text = this.text;
    let pos = this.pos + 2;
    while (pos < text.length) {
      const c = text.charCodeAt(pos);
      if (c === LF || c === CR) break;
      pos++;
    }
    this.pos = pos;
  }

  /** Skips a `/* *\/` comment. */
  private blockComment(): void {
    const text = this.text;
    const len = text.length;
    const close = text.indexOf("*/", this.pos + 2);
    if (close >= 0) {
      this.pos = close + 2;
      return;
    }
    // An open comment runs to the end. The original scanner stops one short
    // of the end (a close needs two characters) unless a CRLF carried it
    // there, then steps once more: its token, and an error's length, can end
    // one past the text.
    const from = this.pos + 2;
    this.pos = from >= len - 1 ? from + 1 : text.endsWith("\r\n") ? len + 1 : len;
    this.report(ErrorCode.UnexpectedEndOfComment);
  }

  /** Scans a number (an optional minus already checked to precede a digit). */
  private number(): Tok {
    const text = this.text;
    let pos = this.offset;
    if (text.charCodeAt(pos) === MINUS) pos++;
    if (text.charCodeAt(pos) === ZERO) pos++;
    else while (isDigit(text.charCodeAt(pos))) pos++;
    let end = pos;
    let bad = false;
    if (text.charCodeAt(pos) === DOT) {
      pos++;
      if (isDigit(text.charCodeAt(pos))) {
        while (isDigit(text.charCodeAt(pos))) pos++;
        end = pos;
      } else {
        // "1." keeps its dot in the value; no exponent is looked for.
        end = pos;
        bad = true;
      }
    }
    const e = text.charCodeAt(pos);
    if (!bad && (e === 69 || e === 101)) {
      pos++;
      const sign = text.charCodeAt(pos);
      if (sign === PLUS || sign === MINUS) pos++;
      if (isDigit(text.charCodeAt(pos))) {
        while (isDigit(text.charCodeAt(pos))) pos++;
        end = pos;
      } else bad = true; // the token spans "1e+", its value is "1"
    }
    this.pos = pos;
    this.value = text.slice(this.offset, end);
    if (bad) this.report(ErrorCode.UnexpectedEndOfNumber);
    return NUMBER;
  }

  /** Scans a string; only the last problem inside it is reported, as the original does. */
  private string(): Tok {
    const text = this.text;
    const len = text.length;
    let pos = this.offset + 1;
    let from = pos;
    let out = "";
    let problem = 0;
    for (;;) {
      if (pos >= len) {
        out += text.slice(from, pos);
        problem = ErrorCode.UnexpectedEndOfString;
        break;
      }
      const c = text.charCodeAt(pos);
      if (c === QUOTE) {
        out += text.slice(from, pos);
        pos++;
        break;
      }
      if (c === BACKSLASH) {
        out += text.slice(from, pos);
        pos++;
        if (pos >= len) {
          problem = ErrorCode.UnexpectedEndOfString;
          break;
        }
        const esc = text.charCodeAt(pos++);
        if (esc === 117) {
          let code = 0;
          let digits = 0;
          for (; digits < 4; digits++) {
            const h = hexValue(text.charCodeAt(pos));
            if (h < 0) break;
            code = code * 16 + h;
            pos++;
          }
          if (digits === 4) out += String.fromCharCode(code);
          else problem = ErrorCode.InvalidUnicode;
        } else {
          const ch = ESCAPED[esc];
          if (ch !== undefined) out += ch;
          else problem = ErrorCode.InvalidEscapeCharacter;
        }
        from = pos;
        continue;
      }
      if (c <= 0x1f) {
        if (c === LF || c === CR) {
          // The string ends before the line break, which stays for the next token.
          out += text.slice(from, pos);
          problem = ErrorCode.UnexpectedEndOfString;
          break;
        }
        problem = ErrorCode.InvalidCharacter; // kept in the value
      }
      pos++;
    }
    this.pos = pos;
    this.value = out;
    if (problem) this.report(problem);
    return STRING;
  }
}

function isBlank(c: number): boolean {
  return c === SPACE || c === TAB || c === LF || c === CR;
}
