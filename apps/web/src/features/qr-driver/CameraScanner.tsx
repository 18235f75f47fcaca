import { useEffect, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';

/** The browser's Shape Detection API (Chrome on Android, ChromeOS, macOS); absent from the DOM typings. */
interface DetectedBarcode {
  rawValue: string;
}
type BarcodeDetectorConstructor = new (options: { formats: string[] }) => { detect: (source: HTMLVideoElement) => Promise<DetectedBarcode[]> };

function barcodeDetector(): BarcodeDetectorConstructor | null {
  const constructor = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  return constructor && typeof navigator.mediaDevices?.getUserMedia === 'function' ? constructor : null;
}

const SCAN_INTERVAL_MS = 300;

/**
 * Reads a QR code with the back camera where the browser can (BarcodeDetector); elsewhere says so,
 * and the screen's typed code is the way in. The camera stops when this unmounts.
 */
export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const report = useRef(onCode);
  report.current = onCode;
  const [problem, setProblem] = useState<'unavailable' | 'denied' | null>(() => (barcodeDetector() ? null : 'unavailable'));

  useEffect(() => {
    const Detector = barcodeDetector();
    if (!Detector) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const detector = new Detector({ formats: ['qr_code'] });
    const scan = async (element: HTMLVideoElement) => {
      if (stopped) return;
      try {
        const [found] = await detector.detect(element);
        if (found?.rawValue && !stopped) {
          report.current(found.rawValue);
          return;
        }
      } catch {
        // a frame not ready yet: try the next one
      }
      timer = setTimeout(() => void scan(element), SCAN_INTERVAL_MS);
    };
    void (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' }, audio: false });
      } catch {
        if (!stopped) setProblem('denied');
        return;
      }
      const element = video.current;
      if (stopped || !element) return;
      element.srcObject = stream;
      await element.play().catch(() => undefined);
      void scan(element);
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, []);

  if (problem) {
    return <Alert severity="info" data-testid="qr-camera-problem">{t(problem === 'denied' ? 'qrDriver.cameraDenied' : 'qrDriver.cameraUnavailable')}</Alert>;
  }
  return (
    <Box sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', bgcolor: '#000', aspectRatio: '1 / 1' }}>
      <Box component="video" ref={video} muted playsInline sx={{ width: '100%', height: '100%', objectFit: 'cover', display: 'block' }} />
      {/* the frame to aim at */}
      <Box sx={{ position: 'absolute', inset: '18%', border: '3px solid rgba(255,255,255,0.85)', borderRadius: 2, pointerEvents: 'none' }} />
    </Box>
  );
}
