import net from "node:net";

// A load balancer in front of several app processes, for the scale-out tests: TCP, active/backup (as HAProxy's
// `backup` servers or a health-checked pool of one): each new connection goes to the first backend that accepts it,
// and a backend that refuses (its process is gone) is skipped. A connection stays with its backend until either side
// closes it; when a backend dies, its clients' connections end and they reconnect through the balancer to the next.

export interface Balancer {
  /** How many connections each backend port took so far. */
  connections: Map<number, number>;
  close(): Promise<void>;
}

export async function startBalancer(port: number, backends: number[]): Promise<Balancer> {
  const connections = new Map(backends.map((backend) => [backend, 0]));
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  };

  const connect = (client: net.Socket, index: number) => {
    const backend = backends[index];
    if (backend === undefined) return client.destroy(); // none accepts: the client sees a refused connection
    const upstream = net.connect(backend, "127.0.0.1");
    track(upstream);
    upstream.once("connect", () => {
      connections.set(backend, (connections.get(backend) ?? 0) + 1);
      upstream.removeAllListeners("error");
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
      client.pipe(upstream).pipe(client);
      client.resume();
    });
    upstream.once("error", () => connect(client, index + 1));
  };

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    track(client);
    connect(client, 0);
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
