/**
 * Free text as people type it, made safe to store and show: no control characters (a NUL or BEL
 * breaks exports, logs and other systems that read the data), no invisible-only names.
 */

/** Line and paragraph breaks in any convention, and the other whitespace controls. */
const BREAKS = /\r\n|[\t\n\v\f\r\u0085\u2028\u2029]/g;
/** C0 controls, DEL and C1 controls. */
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/g;
/** C0 controls, DEL and C1 controls, except the line feed. */
const CONTROLS_BUT_NEWLINE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/g;
/** Space and zero-width characters at the ends of a text. */
const EDGES = /^[\s\p{Z}\u200b-\u200f\u2060\ufeff]+|[\s\p{Z}\u200b-\u200f\u2060\ufeff]+$/gu;
/** Nothing a reader can see: spaces, separators and format characters (zero-width, bidi marks). */
const INVISIBLE_ONLY = /^[\s\p{Z}\p{Cf}]*$/u;

/** True when a text shows nothing: empty, or only spaces and zero-width or format characters. */
export function isInvisible(text: string): boolean {
  return INVISIBLE_ONLY.test(text);
}

function finish(text: string): string {
  const trimmed = text.replace(EDGES, '');
  return isInvisible(trimmed) ? '' : trimmed;
}

/** One line: breaks become spaces, other control characters go, the ends are trimmed, invisible-only text is empty. */
export function cleanLine(text: string): string {
  return finish(text.replace(BREAKS, ' ').replace(CONTROLS, ''));
}

/** Several lines (a chat message, a notification body): as cleanLine, but line breaks are kept as "\n". */
export function cleanLines(text: string): string {
  const lines = text.replace(/\r\n|[\r\u0085\u2028\u2029]/g, '\n').replace(/[\t\v\f]/g, ' ').replace(CONTROLS_BUT_NEWLINE, '');
  return finish(lines.split('\n').map((l) => l.replace(EDGES, '')).join('\n').replace(/\n{3,}/g, '\n\n'));
}
