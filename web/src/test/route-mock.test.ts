/**
 * The admin test harness (issue 35): a screen's GET that no test answers fails that test with a message naming
 * the route and where its mock goes, instead of an empty answer crashing the screen far from the cause.
 */
import { describe, expect, it } from 'vitest';
import { answerEveryRoute, takeUnansweredGets } from './route-mock';
import { server } from './server';

describe('answerEveryRoute', () => {
  it('answers an unmocked admin GET with 501 and names it for the end of the test', async () => {
    // Prepare
    server.use(...answerEveryRoute(['admin']));

    // Act
    const res = await fetch('/api/admin/audit?season_id=s1');

    // Assess
    expect(res.status).toBe(501);
    expect(takeUnansweredGets()).toBe(
      "The screen asked for GET /api/admin/audit (route 'listAudit'), which no mock answers. Answer it in the " +
        "test with onRoute('<route>', …), or in serveAdmin (web/src/features/admin/test-api.tsx) if every " +
        'admin test needs it.',
    );
    expect(takeUnansweredGets()).toBeNull();
  });

  it('still answers an unmocked admin write with 200 and reports nothing', async () => {
    server.use(...answerEveryRoute(['admin']));

    const res = await fetch('/api/admin/tryouts/t1/attended', {
      method: 'PATCH',
      body: JSON.stringify({ attended: true }),
    });

    expect(res.status).toBe(200);
    expect(takeUnansweredGets()).toBeNull();
  });
});
