import type { APIGatewayProxyEvent } from 'aws-lambda';

/** Who is calling, as far as the network says: what per-client limits count. */
export interface ClientAddress {
  /** The first X-Forwarded-For address (the viewer, behind CloudFront); the caller can forge it. */
  viewer?: string;
  /** The connecting address API Gateway saw (a CloudFront edge, or a direct caller); cannot be forged. */
  source?: string;
}

const MAX_ADDRESS = 64;

export function clientAddressOf(event: Pick<APIGatewayProxyEvent, 'headers' | 'requestContext'>): ClientAddress {
  const forwarded = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'x-forwarded-for')?.[1];
  const viewer = forwarded?.split(',')[0]?.trim().slice(0, MAX_ADDRESS) || undefined;
  const source = event.requestContext?.identity?.sourceIp?.slice(0, MAX_ADDRESS) || undefined;
  return { viewer, source };
}
