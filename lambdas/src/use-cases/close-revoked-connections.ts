/**
 * A WebSocket is admitted once, at `$connect`, and its subscriptions were checked against the role
 * it had then. When an account is deleted, loses its approval, changes group or has its sessions
 * ended (sign-out, password reset: a new `tokensValidAfter`), its open sockets
 * would otherwise keep receiving events until they drop (up to the connection's two hours), so
 * they are closed as soon as the change reaches the stream. Reconnecting runs the admission again.
 */

type Image = Record<string, unknown> | undefined;

/** True when the profile change takes away what the connection was admitted with. */
export function accessRevoked(change: 'INSERT' | 'MODIFY' | 'REMOVE', before: Image, after: Image): boolean {
  if (change === 'REMOVE') return true;
  if (change !== 'MODIFY' || !before || !after) return false;
  if (before.usertype !== after.usertype) return true;
  if (after.tokensValidAfter !== undefined && after.tokensValidAfter !== before.tokensValidAfter) return true;
  return before.approved === true && after.approved !== true;
}

export interface CloseConnectionsDeps {
  connectionsOf(uid: string): Promise<string[]>;
  /** Closes the socket at the gateway (a gone one counts as closed). */
  close(connectionId: string): Promise<void>;
  /** Drops the connection's items and subscriptions. */
  forget(connectionId: string): Promise<void>;
}

/** Closes every connection the user holds; returns how many. Safe to repeat (stream retries). */
export async function closeRevokedConnections(deps: CloseConnectionsDeps, uid: string): Promise<number> {
  const open = await deps.connectionsOf(uid);
  await Promise.all(open.map(async (id) => {
    // Forget first: an event fanned out meanwhile finds no subscription left to deliver to.
    await deps.forget(id);
    await deps.close(id);
  }));
  return open.length;
}
