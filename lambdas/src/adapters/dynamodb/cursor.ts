import { badRequest } from '../../../../shared/src/domain/errors';

/** LastEvaluatedKey <-> opaque cursor. Only key attributes travel, never item data. */
export function encodeCursor(key: Record<string, unknown> | undefined): string | undefined {
  return key ? Buffer.from(JSON.stringify(key), 'utf8').toString('base64url') : undefined;
}

export function decodeCursor(cursor: string | undefined): Record<string, unknown> | undefined {
  if (!cursor) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('shape');
    for (const v of Object.values(parsed)) if (typeof v !== 'string' && typeof v !== 'number') throw new Error('shape');
    return parsed as Record<string, unknown>;
  } catch {
    throw badRequest('bad_request', 'Invalid cursor');
  }
}
