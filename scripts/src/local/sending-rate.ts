/**
 * SES's sending rate on the local stack (issue 43): a small front in front of the SES v2 emulator, which has
 * no rate of its own. A token bucket of `ratePerSecond` tokens, refilled continuously: a send
 * (POST /v2/email/outbound-emails) takes one, and with none left is answered as SES v2 answers past the
 * account's maximum send rate (429, `x-amzn-ErrorType: TooManyRequestsException`, a JSON `message`), which
 * the SDK reads as a TooManyRequestsException. Everything else (the emulator's page and store) passes through.
 */
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';

/** SES's default maximum send rate for an account out of the sandbox, messages per second. */
export const DEFAULT_SEND_RATE = 14;

/** What SES v2 says past the rate, word for word. */
const THROTTLED_MESSAGE = 'Maximum sending rate exceeded.';

/** A token bucket holding `rate` tokens, refilled at `rate` per second; `now` is injectable for tests. */
export function tokenBucket(rate: number, now: () => number = Date.now) {
  let tokens = rate;
  let at = now();
  return {
    /** Takes a token if one is there. */
    take(): boolean {
      const t = now();
      tokens = Math.min(rate, tokens + ((t - at) / 1000) * rate);
      at = t;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}

export interface SendingRateFront {
  readonly url: string;
  /** Sends refused for the rate so far. */
  readonly refused: () => number;
  stop(): Promise<void>;
}

function isSend(req: IncomingMessage): boolean {
  return req.method === 'POST' && (req.url ?? '').split('?')[0] === '/v2/email/outbound-emails';
}

function refuse(res: ServerResponse): void {
  res.writeHead(429, {
    'content-type': 'application/json',
    'x-amzn-errortype': 'TooManyRequestsException',
    'x-amzn-requestid': crypto.randomUUID(),
  });
  res.end(JSON.stringify({ message: THROTTLED_MESSAGE }));
}

/** Starts the front on `port` (127.0.0.1), passing what it lets through to the emulator at `target`. */
export async function startSendingRateFront(options: {
  port: number;
  target: string;
  ratePerSecond?: number;
  now?: () => number;
}): Promise<SendingRateFront> {
  const bucket = tokenBucket(options.ratePerSecond ?? DEFAULT_SEND_RATE, options.now);
  const target = new URL(options.target);
  let refused = 0;
  const server = createServer((req, res) => {
    if (isSend(req) && !bucket.take()) {
      refused += 1;
      req.resume();
      refuse(res);
      return;
    }
    const upstream = request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => resolve());
  });
  return {
    url: `http://localhost:${options.port}`,
    refused: () => refused,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
