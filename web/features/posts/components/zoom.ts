/**
 * The full-size viewer's zoom (ADR 050): a scale about the photo's centre and a shift in CSS px,
 * drawn as `translate(x, y) scale(scale)`. Every change keeps the point under the fingers (or the
 * pointer) where it was and keeps the photo covering its own box, so it cannot be dragged away.
 */
export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

export const UNZOOMED: Zoom = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 4;
/** Where a double tap (or double click) zooms to. */
export const DOUBLE_TAP_SCALE = 2.5;
/** One press of `+` or `-`, or one of the Zoom in / Zoom out buttons. */
export const STEP_SCALE = 1.5;

/** A point relative to the photo's centre before any zoom, in CSS px. */
export interface Point {
  x: number;
  y: number;
}

/** The photo's size on the screen unzoomed, in CSS px. */
export interface Box {
  width: number;
  height: number;
}

export function isZoomed(zoom: Zoom): boolean {
  return zoom.scale > 1.001;
}

/**
 * The zoom at `scale` (held between 1 and MAX_SCALE) that keeps `point` where it is on the screen:
 * the photo's pixel under it is (point - shift) / scale before, and must stay under it after.
 */
export function zoomAbout(zoom: Zoom, scale: number, point: Point, box: Box): Zoom {
  const next = Math.min(MAX_SCALE, Math.max(1, scale));
  const ratio = next / zoom.scale;
  return clampShift(
    { scale: next, x: point.x - (point.x - zoom.x) * ratio, y: point.y - (point.y - zoom.y) * ratio },
    box,
  );
}

export function panBy(zoom: Zoom, dx: number, dy: number, box: Box): Zoom {
  return clampShift({ ...zoom, x: zoom.x + dx, y: zoom.y + dy }, box);
}

/** Double tap: in to DOUBLE_TAP_SCALE about the tapped point, or back out when zoomed. */
export function toggleAt(zoom: Zoom, point: Point, box: Box): Zoom {
  return isZoomed(zoom) ? UNZOOMED : zoomAbout(zoom, DOUBLE_TAP_SCALE, point, box);
}

/** The photo's edges may not come inside its box: each way it moves at most half of what it grew. */
function clampShift(zoom: Zoom, box: Box): Zoom {
  if (!isZoomed(zoom)) return UNZOOMED;
  const maxX = ((zoom.scale - 1) * box.width) / 2;
  const maxY = ((zoom.scale - 1) * box.height) / 2;
  return {
    scale: zoom.scale,
    x: Math.min(maxX, Math.max(-maxX, zoom.x)),
    y: Math.min(maxY, Math.max(-maxY, zoom.y)),
  };
}
