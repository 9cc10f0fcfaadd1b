import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * Every measurement of `npm run bench` is a row of one markdown table, printed at the end and
 * written to a file, so the whole report pastes into a note as it is.
 */
export interface Row {
  area: string;
  measurement: string;
  /** The size or parameter the row was measured at (drivers, subscribers, role and status…). */
  size?: string | number;
  roundTrips?: number | string;
  calls?: number | string;
  p50?: number;
  p99?: number;
  /** Median time with a DynamoDB call in flight (x-ddb-ms). */
  inside?: number;
  /** Median of the rest: the request's time as the client saw it minus its time inside DynamoDB. */
  outside?: number;
  value?: string;
}

const COLUMNS: [keyof Row, string][] = [
  ['area', 'area'], ['measurement', 'measurement'], ['size', 'size / parameter'], ['roundTrips', 'round trips'],
  ['calls', 'DynamoDB calls'], ['p50', 'p50 ms'], ['p99', 'p99 ms'], ['inside', 'inside DynamoDB ms'],
  ['outside', 'outside ms'], ['value', 'value'],
];

export class Report {
  readonly rows: Row[] = [];

  add(...rows: Row[]): void {
    this.rows.push(...rows);
  }

  markdown(): string {
    const cell = (v: unknown) => {
      if (v === undefined || v === null || v === '') return '';
      if (typeof v === 'number' && !Number.isFinite(v)) return '';
      if (typeof v === 'number') return Number.isInteger(v) ? String(v) : v.toFixed(1);
      return String(v).replace(/\|/g, '\\|').replace(/\n/g, ' ');
    };
    const lines = [
      `| ${COLUMNS.map(([, title]) => title).join(' | ')} |`,
      `|${COLUMNS.map(([key]) => (['area', 'measurement', 'size', 'value'].includes(key) ? '---' : '---:')).join('|')}|`,
      ...this.rows.map((r) => `| ${COLUMNS.map(([key]) => cell(r[key])).join(' | ')} |`),
    ];
    return `${lines.join('\n')}\n`;
  }

  write(file: string, heading: string): void {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, `${heading}\n\n${this.markdown()}`);
  }
}

export interface Answer { status: number; body: any; roundTrips: number; calls: number; ms: number; ddbMs: number }

export const percentile = (values: number[], p: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
};
export const median = (values: number[]): number => percentile(values, 0.5);
const round1 = (n: number) => Math.round(n * 10) / 10;

/** Round trips, calls, p50/p99 and the time inside and outside DynamoDB of repeated answers. */
export function summarize(answers: Pick<Answer, 'roundTrips' | 'calls' | 'ms' | 'ddbMs'>[]): Pick<Row, 'roundTrips' | 'calls' | 'p50' | 'p99' | 'inside' | 'outside'> {
  if (!answers.length) return {};
  return {
    roundTrips: median(answers.map((a) => a.roundTrips)),
    calls: median(answers.map((a) => a.calls)),
    p50: round1(median(answers.map((a) => a.ms))),
    p99: round1(percentile(answers.map((a) => a.ms), 0.99)),
    inside: round1(median(answers.map((a) => a.ddbMs))),
    outside: round1(median(answers.map((a) => Math.max(0, a.ms - a.ddbMs)))),
  };
}

/** The DynamoDB numbers the local cloud answers with every REST response. */
export function ddbHeaders(headers: Headers): Pick<Answer, 'roundTrips' | 'calls' | 'ddbMs'> {
  return {
    roundTrips: Number(headers.get('x-ddb-round-trips') ?? NaN),
    calls: Number(headers.get('x-ddb-calls') ?? NaN),
    ddbMs: Number(headers.get('x-ddb-ms') ?? NaN),
  };
}

export const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
