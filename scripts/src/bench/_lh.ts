import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
import { freePort } from '../local/ports';
import { startBenchStack } from './stack';

async function main() {
  const stack = await startBenchStack();
  const port = await freePort();
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [`--remote-debugging-port=${port}`, '--no-sandbox', '--disable-gpu'],
  });
  const paths = process.argv.slice(2);
  try {
    for (let i = 0; i < 3; i++)
      for (const path of paths) {
        const r = await lighthouse(`${stack.siteUrl}${path}`, {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const a = r!.lhr.audits;
        console.log(
          path.padEnd(16),
          Math.round((r!.lhr.categories.performance!.score ?? 0) * 100),
          'FCP',
          Math.round(a['first-contentful-paint']!.numericValue!),
          'LCP',
          Math.round(a['largest-contentful-paint']!.numericValue!),
          'TBT',
          Math.round(a['total-blocking-time']!.numericValue!),
          'CLS',
          a['cumulative-layout-shift']!.numericValue!.toFixed(3),
          'SI',
          Math.round(a['speed-index']!.numericValue!),
        );
      }
  } finally {
    await browser.close();
    await stack.stop();
  }
}
void main();
