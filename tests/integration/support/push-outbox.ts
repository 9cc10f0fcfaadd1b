import { endpoints } from './endpoints';

/** A push the local cloud kept in its outbox (channel `push`): what would have gone to which device. */
export interface Pushed { channel: string; to: string; title?: string; body?: string; platform?: string; uid?: string; bookingId?: string; data?: Record<string, string> }

export async function outboxPushes(): Promise<Pushed[]> {
  const { items } = await (await fetch(`${endpoints().siteUrl}/local/outbox`)).json() as { items: Pushed[] };
  return items.filter((i) => i.channel === 'push');
}

/** A browser's PushSubscription as the console registers it, at a push service the local cloud does not reach. */
export const webSubscription = (id: string) => JSON.stringify({
  endpoint: `https://push.example.com/send/${id}`,
  expirationTime: null,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM', auth: 'tBHItJI5svbpez7KI4CCXg' },
});
