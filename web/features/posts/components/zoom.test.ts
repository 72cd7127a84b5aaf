import { describe, expect, it } from 'vitest';
import { isZoomed, MAX_SCALE, panBy, toggleAt, UNZOOMED, zoomAbout } from './zoom';

const box = { width: 400, height: 300 };

describe('the viewer zoom', () => {
  it('keeps the point under the fingers where it was', () => {
    const zoom = zoomAbout(UNZOOMED, 2, { x: 100, y: 50 }, box);
    expect(zoom).toEqual({ scale: 2, x: -100, y: -50 });
    // The photo pixel that was under (100, 50) is (100 - x) / scale = 100: still under it.
    expect((100 - zoom.x) / zoom.scale).toBe(100);
  });

  it('stays between unzoomed and the most it may', () => {
    expect(zoomAbout(UNZOOMED, 10, { x: 0, y: 0 }, box).scale).toBe(MAX_SCALE);
    expect(zoomAbout({ scale: 2, x: 50, y: 20 }, 0.5, { x: 0, y: 0 }, box)).toEqual(UNZOOMED);
  });

  it('pans only as far as the photo still covers its box', () => {
    const zoom = { scale: 2, x: 0, y: 0 };
    expect(panBy(zoom, 30, -40, box)).toEqual({ scale: 2, x: 30, y: -40 });
    // Grown by 400 x 300, it may move 200 x 150 each way.
    expect(panBy(zoom, 1000, -1000, box)).toEqual({ scale: 2, x: 200, y: -150 });
    expect(panBy(UNZOOMED, 50, 0, box)).toEqual(UNZOOMED);
  });

  it('a double tap zooms in on the tapped point, the next one back out', () => {
    const zoomed = toggleAt(UNZOOMED, { x: 40, y: 0 }, box);
    expect(isZoomed(zoomed)).toBe(true);
    expect(zoomed.scale).toBe(2.5);
    expect(zoomed.x).toBe(-60);
    expect(toggleAt(zoomed, { x: 0, y: 0 }, box)).toEqual(UNZOOMED);
  });
});
