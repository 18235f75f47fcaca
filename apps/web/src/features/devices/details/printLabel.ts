import { qrSvg } from '../../../ui/qrCode.ts';

const LABEL_STYLE = `
    body{font-family:system-ui,sans-serif;text-align:center;margin:24mm 0}
    svg{width:70mm;height:70mm}h1{font-size:20pt;margin:0 0 6mm}p{font-size:16pt;margin:4mm 0 0}
  `;

/** Prints the code alone, from a hidden frame, so that the map and panels stay off the paper. */
export function printLabel(modules: boolean[][], name: string, code: string): void {
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;right:0;bottom:0';
  // only the doctype as markup: it puts the frame's page in standards mode (an empty frame's is in
  // quirks mode); the label itself is built once that page has loaded
  frame.srcdoc = '<!doctype html><meta charset="utf-8">';
  frame.addEventListener('load', () => {
    const doc = frame.contentDocument!;
    doc.title = name;
    const style = doc.createElement('style');
    style.textContent = LABEL_STYLE;
    doc.head.append(style);
    const heading = doc.createElement('h1');
    heading.textContent = name;
    const caption = doc.createElement('p');
    caption.textContent = code;
    doc.body.append(heading, qrSvg(doc, modules), caption);
    const win = frame.contentWindow!;
    win.onafterprint = () => frame.remove();
    setTimeout(() => {
      win.focus();
      win.print();
    }, 50);
  }, { once: true });
  document.body.appendChild(frame);
}
