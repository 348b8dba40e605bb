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

function detectorClass(): BarcodeDetectorClass | null {
  const ctor = (window as unknown as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  return ctor !== undefined && typeof navigator.mediaDevices?.getUserMedia === 'function' ? ctor : null;
}

/** How often a camera frame is read: often enough to feel instant, rarely enough for a phone. */
const SCAN_EVERY_MS = 250;

/**
 * Scans a ticket's QR code with the camera where the browser can read barcodes, and
 * shows nothing where it cannot: typing the code always works.
 */
export function TicketScanner({ onCode, onError }: { onCode: (code: string) => void; onError: (message: string) => void }) {
  const [supported, setSupported] = useState(false);
  const [scanning, setScanning] = useState(false);
  const video = useRef<HTMLVideoElement>(null);

  // Known only in the browser: the server renders no button, and hydration agrees.
  useEffect(() => setSupported(detectorClass() !== null), []);

  useEffect(() => {
    if (!scanning) return;
    const Detector = detectorClass();
    if (Detector === null || video.current === null) return;
    const el = video.current;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    let stopped = false;
    const detector = new Detector({ formats: ['qr_code'] });
    const stop = () => {
      stopped = true;
      window.clearTimeout(timer);
      stream?.getTracks().forEach((t) => t.stop());
    };
    const tick = async () => {
      if (stopped) return;
      try {
        const found = await detector.detect(el);
        const first = found[0];
        if (!stopped && first !== undefined) {
          stop();
          setScanning(false);
          onCode(first.rawValue);
          return;
        }
      } catch {
        // A frame that is not ready yet: try the next one.
      }
      timer = window.setTimeout(() => void tick(), SCAN_EVERY_MS);
    };
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: 'environment' }, audio: false })
      .then(async (s) => {
        stream = s;
        if (stopped) return stop();
        el.srcObject = s;
        await el.play();
        void tick();
      })
      .catch(() => {
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
