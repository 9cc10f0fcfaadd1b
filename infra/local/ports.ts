import net from 'node:net';

/** Resolves when the port can be bound on 127.0.0.1, rejects with a clear message when it is taken. */
export function assertPortFree(port: number, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', () => reject(new Error(`Port ${port} (${what}) is already in use. Stop what runs there or choose another PORT.`)));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve()));
  });
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * A base port P whose P..P+count-1 are all free: `npm start` puts its emulators on PORT+1..PORT+3,
 * so a free PORT alone is not enough.
 */
export async function freePortRange(count: number): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    // Below Linux's ephemeral range (32768+), where the system hands out ports to outgoing
    // connections between our probe and the emulator's bind.
    const base = 20_000 + Math.floor(Math.random() * 12_000);
    try {
      for (let i = 0; i < count; i++) await assertPortFree(base + i, 'probe');
      return base;
    } catch {
      // taken: try another range
    }
  }
  throw new Error(`no ${count} consecutive free ports found`);
}

export async function waitFor(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await check()) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s`);
    await new Promise((r) => setTimeout(r, 150));
  }
}
