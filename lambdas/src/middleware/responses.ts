import type { APIGatewayProxyResult } from 'aws-lambda';
import { API_SECURITY_HEADERS } from '../../../shared/src/contract/security-headers';
import { messagesEn } from '../../../shared/src/i18n/messages';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', ...API_SECURITY_HEADERS };

const messages: Record<string, string> = messagesEn;

/** English text for a translation key; the web translates the code itself for other languages. */
export function messageFor(code: string): string {
  return messages[code] ?? code;
}

export function jsonResponse(status: number, body: unknown): APIGatewayProxyResult {
  return { statusCode: status, headers: { ...JSON_HEADERS }, body: JSON.stringify(body) };
}

export function errorResponse(status: number, code: string, message: string, details?: { path: string; message: string }[]): APIGatewayProxyResult {
  return jsonResponse(status, { error: { code, message, ...(details ? { details } : {}) } });
}

/** A browser's form post answered with the page it goes to next (303: the follow-up is a GET). */
export function redirectResponse(location: string): APIGatewayProxyResult {
  return { statusCode: 303, headers: { location, 'cache-control': 'no-store', ...API_SECURITY_HEADERS }, body: '' };
}
