/** A QR code as its dark modules, quiet zone included (the `qr` package loads only when asked). */
export async function qrModules(text: string): Promise<boolean[][]> {
  const { default: encodeQR } = await import('qr');
  return encodeQR(text, 'raw', { ecc: 'medium', border: 4 });
}

/** One SVG path of the dark modules, one unit per module: crisp at any print size. */
export function modulesPath(modules: boolean[][]): string {
  let path = '';
  modules.forEach((row, y) => row.forEach((dark, x) => {
    if (dark) path += `M${x} ${y}h1v1h-1z`;
  }));
  return path;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The code as an SVG element of `doc`, for printing. */
export function qrSvg(doc: Document, modules: boolean[][]): SVGSVGElement {
  const size = String(modules.length);
  const svg = doc.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('shape-rendering', 'crispEdges');
  const background = doc.createElementNS(SVG_NS, 'rect');
  background.setAttribute('width', size);
  background.setAttribute('height', size);
  background.setAttribute('fill', '#fff');
  const dark = doc.createElementNS(SVG_NS, 'path');
  dark.setAttribute('d', modulesPath(modules));
  dark.setAttribute('fill', '#000');
  svg.append(background, dark);
  return svg;
}
