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

/** The standalone SVG document, for printing. */
export function qrSvg(modules: boolean[][]): string {
  const size = modules.length;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${size} ${size}" shape-rendering="crispEdges"><rect width="${size}" height="${size}" fill="#fff"/><path d="${modulesPath(modules)}" fill="#000"/></svg>`;
}
