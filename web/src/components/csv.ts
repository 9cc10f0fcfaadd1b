/** A cell that a spreadsheet would run as a formula gets a leading apostrophe (CSV injection). */
function neutralise(text: string): string {
  if (/^[=+\-@\t\r]/.test(text) && !/^[+-]?\d[\d\s.,]*$/.test(text)) return `'${text}`;
  return text;
}

function cell(value: unknown): string {
  const text = neutralise(value === undefined || value === null ? '' : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvColumn<T> {
  header: string;
  value: (item: T) => unknown;
}

/** RFC 4180 text with a BOM so spreadsheet programs read UTF-8 names correctly. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], items: readonly T[]): string {
  const lines = [columns.map((c) => cell(c.header)).join(',')];
  for (const item of items) lines.push(columns.map((c) => cell(c.value(item))).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** Generated in the browser; nothing goes to the server. */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
