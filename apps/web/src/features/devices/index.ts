/**
 * What other features may use of the devices area: how a device's status, category and colour
 * look, and the filters the list and the map share. Anything else here is the area's own.
 */
export { CategoryIcon } from './CategoryIcon.tsx';
export { CATEGORY_GLYPHS, type GlyphPart } from './categoryGlyphs.ts';
export { adjustColor, colorAdjustments, parseHexColor, toHex, type ColorAdjustments, type Rgb } from './colorFilter.ts';
export { deviceCategory, matchesQuery, passesFilters } from './deviceFilter.ts';
export { STATUS_COLORS, deviceStatus, isMoving } from './deviceStatus.ts';
export { StatusChip } from './StatusChip.tsx';
