/**
 * A small HTTP proxy in front of the SES emulator that answers SES v2's refusal (400, MessageRejected) for
 * chosen recipients and passes everything else through: a mail service that fails for some addresses.
 */
import { createServer } from 'node:http';
import { freePort } from '../../scripts/src/local/ports';

export interface RefusingMail {
  url: string;
  /** Lower-case addresses to refuse; change it between sends. */
  refuse: Set<string>;
  /** How many sends were refused. */
  refusals(): number;
  stop(): Promise<void>;
}

export async function startRefusingMail(target: string): Promise<RefusingMail> {
  const refuse = new Set<string>();
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
      if (to.some((address) => refuse.has(address.toLowerCase()))) {
        refusals += 1;
        res.writeHead(400, { 'content-type': 'application/json', 'x-amzn-errortype': 'MessageRejected' });
        res.end(JSON.stringify({ message: 'Email address is not verified.' }));
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
    refuse,
    refusals: () => refusals,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
