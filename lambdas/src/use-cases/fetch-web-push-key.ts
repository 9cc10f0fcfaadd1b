/**
 * The VAPID public key browsers subscribe with (the application server key of the Push API).
 * Public by nature, but kept beside its private half in the secret store, so it is read from there
 * rather than copied into configuration where the two could drift apart.
 */
export async function fetchWebPushKey(deps: { webPush: () => { publicKey(): Promise<string | undefined> } }): Promise<{ publicKey: string | null }> {
  return { publicKey: (await deps.webPush().publicKey()) ?? null };
}
