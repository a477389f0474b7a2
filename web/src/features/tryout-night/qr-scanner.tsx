/**
 * The door's QR scanner (issue 37), loaded only on /checkin: the phone's back camera in the browser, read by
 * BarcodeDetector where the browser has it and by jsQR (loaded only then) elsewhere. Each code read is
 * handed up once; the camera stops when the scanner closes.
 */
import { useEffect, useRef, useState } from 'react';

interface Detector {
  detect(source: CanvasImageSource): Promise<Array<{ rawValue: string }>>;
}

async function makeReader(): Promise<
  (video: HTMLVideoElement, canvas: HTMLCanvasElement) => Promise<string | null>
> {
  const Native = (globalThis as { BarcodeDetector?: new (o: { formats: string[] }) => Detector })
    .BarcodeDetector;
  if (Native) {
    const detector = new Native({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  return async (video, canvas) => {
    const context = canvas.getContext('2d', { willReadFrequently: true });
    if (!context || !video.videoWidth) return null;
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    context.drawImage(video, 0, 0);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(image.data, image.width, image.height)?.data ?? null;
  };
}

export default function QrScanner({
  onCode,
  onClose,
}: {
  onCode: (code: string) => void;
  onClose: () => void;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let stream: MediaStream | undefined;
    let stopped = false;
    let timer: number | undefined;
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
        if (stopped || !video.current) return;
        video.current.srcObject = stream;
        await video.current.play();
        const read = await makeReader();
        const look = async () => {
          if (stopped || !video.current || !canvas.current) return;
          const code = await read(video.current, canvas.current).catch(() => null);
          if (code && !stopped) {
            stopped = true;
            onCode(code);
            return;
          }
          timer = window.setTimeout(() => void look(), 150);
        };
        void look();
      } catch {
        setProblem('The camera is not available. Allow it in the browser, or type the number.');
      }
    })();
    return () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onCode]);

  return (
    <div className="night-scanner">
      {problem ? <p role="alert">{problem}</p> : null}
      <video ref={video} muted playsInline aria-label="Camera" />
      <canvas ref={canvas} hidden />
      <button type="button" className="button button-secondary" onClick={onClose}>
        Close scanner
      </button>
    </div>
  );
}
