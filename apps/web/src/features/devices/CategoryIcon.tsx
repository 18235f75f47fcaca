import SvgIcon, { type SvgIconProps } from '@mui/material/SvgIcon';
import { CATEGORY_GLYPHS } from './categoryGlyphs.ts';

/** The glyph of a device category (the map draws the same ones on its markers). */
export function CategoryIcon({ category, ...props }: { category: string } & SvgIconProps) {
  const parts = CATEGORY_GLYPHS[category as keyof typeof CATEGORY_GLYPHS] ?? CATEGORY_GLYPHS.default;
  return (
    <SvgIcon {...props}>
      {parts.map((part) => (
        <path key={part.d} d={part.d} fillRule={part.evenodd ? 'evenodd' : undefined} />
      ))}
    </SvgIcon>
  );
}
