import type { APIGatewayProxyResult } from 'aws-lambda';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

let messages: Record<string, string> = {};

/** English text for a translation key; the catalogue is installed by `setMessages`. */
export function messageFor(code: string): string {
  return messages[code] ?? code;
}

export function setMessages(catalogue: Record<string, string>): void {
  messages = catalogue;
}

export function jsonResponse(status: number, body: unknown): APIGatewayProxyResult {
  return { statusCode: status, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
}

export function errorResponse(status: number, code: string, message: string, details?: { path: string; message: string }[]): APIGatewayProxyResult {
  return jsonResponse(status, { error: { code, message, ...(details ? { details } : {}) } });
}
