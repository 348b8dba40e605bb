import { useEffect, useRef, useState } from 'react';

// The browser's barcode reader (Chromium on Android and macOS, among others); not yet in
// TypeScript's DOM types.
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** Reads a QR code in one camera frame: its text, or null when there is none yet. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

function hasCamera(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
}

/**
 * The frame reader this browser can run: its own BarcodeDetector where it has one, else
 * jsQR (a small QR decoder, Apache-2.0) on the frame drawn into a canvas. jsQR is
 * imported only here, when the guide opens the camera, so no other page and no guide who
 * types codes downloads it.
 */
export async function frameReader(): Promise<FrameReader> {
  const Detector = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Detector !== undefined) {
    const detector = new Detector({ formats: ['qr_code'] });
    return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
  }
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    const w = video.videoWidth;
    const h = video.videoHeight;
    if (context === null || w === 0 || h === 0) return null;
    canvas.width = w;
    canvas.height = h;
    context.drawImage(video, 0, 0, w, h);
    const frame = context.getImageData(0, 0, w, h);
    return jsQR(frame.data, w, h, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** How often a camera frame is read: often enough to feel instant, rarely enough for a phone. */
const SCAN_EVERY_MS = 250;

/**
 * Scans a ticket's QR code with the camera wherever the browser has one (with its own
 * barcode reader, or jsQR where it has none), and shows nothing where it has none:
 * typing the code always works.
 */
export function TicketScanner({ onCode, onError }: { onCode: (code: string) => void; onError: (message: string) => void }) {
  const [supported, setSupported] = useState(false);
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  // Known only in the browser: the server renders no button, and hydration agrees.
  useEffect(() => setSupported(hasCamera()), []);

  useEffect(() => {
    if (!scanning || video.current === null) return;
    const el = video.current;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    const tick = async (read: FrameReader) => {
      if (stopped) return;
      try {
        const found = await read(el);
        if (!stopped && found !== null) {
          stop();
          setScanning(false);
          onCode(found);
          return;
        }
      } catch {
        // A frame that is not ready yet: try the next one.
      }
      timer = window.setTimeout(() => void tick(read), SCAN_EVERY_MS);
    };
    Promise.all([frameReader(), navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false })])
      .then(async ([read, s]) => {
        stream = s;
        if (stopped) return stop();
        el.srcObject = s;
        await el.play();
        void tick(read);
      })
      .catch(() => {
        stop();
        setScanning(false);
        onError('The camera could not be opened. Type the code printed under the QR code instead.');
      });
    return stop;
  }, [scanning, onCode, onError]);

  if (!supported) return null;
  return (
    <div className="check-in__scanner">
      {scanning ? (
        <>
          <video ref={video} className="check-in__video" muted playsInline aria-label="Camera: hold the ticket's QR code in view" />
          <button id="scan-stop" type="button" className="btn btn--small btn--outline" onClick={() => setScanning(false)}>
            Stop camera
          </button>
        </>
      ) : (
        <button id="scan-ticket" type="button" className="btn btn--small btn--outline" onClick={() => setScanning(true)}>
          Scan QR code
        </button>
      )}
    </div>
  );
}
