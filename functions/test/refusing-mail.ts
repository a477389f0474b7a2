/**
 * A small HTTP proxy in front of the SES emulator that fails sends to chosen recipients as SES v2 does and
 * passes everything else through: 'refuse' answers 400 MessageRejected (not sent), 'throttle' 429
 * TooManyRequestsException (not sent, try later), 'server-error' 500 InternalFailure (unknown).
 */
import { createServer } from 'node:http';
import { freePort } from '../../scripts/src/local/ports';

export type MailFailure = 'refuse' | 'throttle' | 'server-error';

const ANSWERS: Record<MailFailure, { status: number; type: string; message: string }> = {
  refuse: { status: 400, type: 'MessageRejected', message: 'Email address is not verified.' },
  throttle: { status: 429, type: 'TooManyRequestsException', message: 'Maximum sending rate exceeded.' },
  'server-error': { status: 500, type: 'InternalFailure', message: 'Internal failure.' },
};

export interface RefusingMail {
  url: string;
  /** Lower-case addresses and how to fail sends to them; change it between sends. */
  failures: Map<string, MailFailure>;
  /** How many sends were failed. */
  refusals(): number;
  stop(): Promise<void>;
}

export async function startRefusingMail(target: string): Promise<RefusingMail> {
  const failures = new Map<string, MailFailure>();
  let refusals = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      let to: string[] = [];
      try {
        to =
          (JSON.parse(body.toString('utf8')) as { Destination?: { ToAddresses?: string[] } }).Destination
            ?.ToAddresses ?? [];
      } catch {
        // not a send: passed through
      }
      const failure = to.map((address) => failures.get(address.toLowerCase())).find(Boolean);
      if (failure) {
        refusals += 1;
        const answer = ANSWERS[failure];
        res.writeHead(answer.status, { 'content-type': 'application/json', 'x-amzn-errortype': answer.type });
        res.end(JSON.stringify({ message: answer.message }));
        return;
      }
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([k]) => !['host', 'content-length', 'connection'].includes(k)),
      ) as Record<string, string>;
      fetch(`${target}${req.url}`, {
        method: req.method,
        headers,
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
      })
        .then(async (answer) => {
          // fetch has already decoded the body: its length and encoding headers no longer apply.
          const passed = [...answer.headers].filter(
            ([k]) => !['content-encoding', 'content-length', 'transfer-encoding'].includes(k),
          );
          res.writeHead(answer.status, Object.fromEntries(passed));
          res.end(Buffer.from(await answer.arrayBuffer()));
        })
        .catch(() => {
          res.writeHead(502);
          res.end();
        });
    });
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${port}`,
    failures,
    refusals: () => refusals,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
