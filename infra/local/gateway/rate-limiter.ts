/**
 * WAF's rate-based rule, locally: requests per client address in a fixed window. WAF counts over a
 * sliding window; a fixed one refuses at the same count, which is what a test or a developer can see.
 */
export function createRateLimiter(limit: { requests: number; windowSeconds: number }) {
  const windows = new Map<string, { startedAt: number; count: number }>();
  let sweptAt = 0;
  const limiter = (client: string, now = Date.now()): { allowed: boolean; retryAfterSeconds: number } => {
    const windowMs = limit.windowSeconds * 1000;
    // Once a window, forget the clients whose window has ended: a long-running gateway that met many
    // addresses would otherwise keep every one of them for ever.
    if (now - sweptAt >= windowMs) {
      for (const [known, window] of windows) if (now - window.startedAt >= windowMs) windows.delete(known);
      sweptAt = now;
    }
    let window = windows.get(client);
    if (!window || now - window.startedAt >= windowMs) {
      window = { startedAt: now, count: 0 };
      windows.set(client, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= limit.requests,
      retryAfterSeconds: Math.ceil((window.startedAt + windowMs - now) / 1000),
    };
  };
  return Object.assign(limiter, { trackedClients: () => windows.size });
}
