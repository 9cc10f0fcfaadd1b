import type { APIGatewayProxyEvent } from 'aws-lambda';
import type { ClientAddress } from '../ports/client-address';

const MAX_ADDRESS = 64;

export function clientAddressOf(event: Pick<APIGatewayProxyEvent, 'headers' | 'requestContext'>): ClientAddress {
  const forwarded = Object.entries(event.headers ?? {}).find(([k]) => k.toLowerCase() === 'x-forwarded-for')?.[1];
  const viewer = forwarded?.split(',')[0]?.trim().slice(0, MAX_ADDRESS) || undefined;
  const source = event.requestContext?.identity?.sourceIp?.slice(0, MAX_ADDRESS) || undefined;
  return { viewer, source };
}
