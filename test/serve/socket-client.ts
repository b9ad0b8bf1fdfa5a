import WebSocket from 'ws';

/** A message of the OpenEnv WebSocket protocol. */
export interface SocketReply {
  type: string;
  data: Record<string, unknown>;
}

/** Opens an OpenEnv WebSocket session at `url`/ws. */
export function connect(url: string): Promise<WebSocket> {
  const socket = new WebSocket(`${url.replace(/^http/, 'ws')}/ws`);
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

/** Sends a message and waits for the reply (the session answers in order, one reply per message). */
export function exchange(socket: WebSocket, message: unknown): Promise<SocketReply> {
  return new Promise((resolve, reject) => {
    socket.once('message', (data) => {
      socket.off('error', reject);
      resolve(JSON.parse(String(data)) as SocketReply);
    });
    socket.once('error', reject);
    socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  });
}

/** Closes a session and waits until the socket is closed. */
export function disconnect(socket: WebSocket): Promise<void> {
  return new Promise((resolve) => {
    if (socket.readyState === WebSocket.CLOSED) return resolve();
    socket.once('close', () => resolve());
    socket.close();
  });
}
