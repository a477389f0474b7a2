/**
 * Issue 37: a family's card on tryout night. Before: the QR code to show at the door (a real QR code that a
 * scanner reads back to the code). After: the time of arrival in Edmonton, and how many evaluators saw the
 * player once a session ended. Never a score.
 */
import { render, screen } from '@testing-library/react';
import jsQR from 'jsqr';
import { describe, expect, it } from 'vitest';
import { TryoutNightPass } from './tryout-night-pass';

const CODE = 'SBC1.2aeDFM7ATFGpoxrss6wjLvxwsH8YQEMiv0kANM7MtgagSn8UcHtnuvIhxDwQc6d5';

/** Decodes a PNG data URL's QR code as a phone's scanner would (jsQR on the pixels). */
async function readQr(dataUrl: string): Promise<string | null> {
  const { PNG } = await import('pngjs');
  const png = PNG.sync.read(Buffer.from(dataUrl.split(',')[1]!, 'base64'));
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null;
}

describe('the tryout night pass (issue 37)', () => {
  it('shows a QR code that reads back as the registration’s check-in code', async () => {
    render(<TryoutNightPass night={{ checkin_code: CODE, checked_in_at: null, seen_by: null }} name="Leo" />);

    const image = await screen.findByRole('img', { name: 'Leo’s check-in code' });

    expect(screen.getByText('Show this code at the door to check Leo in.')).toBeInTheDocument();
    expect(await readQr(image.getAttribute('src')!)).toBe(CODE);
  });

  it('says when the player arrived, in Edmonton’s time, and how many evaluators saw them', () => {
    // 01:42 UTC on 28 November is 6:42 pm on the 27th in Edmonton (UTC−7).
    render(
      <TryoutNightPass
        night={{ checkin_code: CODE, checked_in_at: '2026-11-28T01:42:10.000Z', seen_by: 3 }}
      />,
    );

    expect(screen.getByText('Checked in at 6:42 pm')).toBeInTheDocument();
    expect(screen.getByText('Seen by 3 evaluators')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });
});
