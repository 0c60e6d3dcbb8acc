import { Agent, request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * A lean keep-alive HTTP client for latency benches: one connection, node:http, timed from the
 * request until the reply's last byte. The floor it is set against is the same SQL through `pg`
 * (a lean client too); `fetch` (undici) adds its own tail in the client: a bare node:http server
 * answering a constant measured p50 0.35 ms and p95 1.4 ms through fetch, 0.24 and 0.79 ms this way,
 * so a p95 read through fetch was mostly the client's. The body is decoded after the clock stops.
 */
export interface TimedReply {
  ms: number;
  status: number;
  /** The decoded body, parsed as JSON. */
  json(): unknown;
}

export function leanClient(baseUrl: string) {
  const url = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return {
    get(path: string, headers: Record<string, string>): Promise<TimedReply> {
      return new Promise((resolve, reject) => {
        const start = performance.now();
        const req = request({ host: url.hostname, port: url.port, path, agent, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const ms = performance.now() - start;
            const raw = Buffer.concat(chunks);
            const encoding = res.headers['content-encoding'];
            resolve({
              ms,
              status: res.statusCode ?? 0,
              json: () =>
                JSON.parse(
                  (encoding === 'br'
                    ? brotliDecompressSync(raw)
                    : encoding === 'gzip'
                      ? gunzipSync(raw)
                      : raw
                  ).toString(),
                ),
            });
          });
        });
        req.on('error', reject);
        req.end();
      });
    },
    close: () => agent.destroy(),
  };
}
