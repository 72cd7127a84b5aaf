import { useEffect, useRef, type PointerEvent, type RefObject } from 'react';
import { isZoomed, panBy, toggleAt, zoomAbout, type Box, type Point, type Zoom } from './zoom';

/** Spec section 9's swipe: 50 px, more across than down. */
const SWIPE_PX = 50;
/** Two taps this close in time and place are a double tap (or a double click). */
const DOUBLE_TAP_MS = 300;
const DOUBLE_TAP_PX = 30;
/** A press that moves less than this is a tap. */
const TAP_PX = 10;

interface Gesture {
  start: Point & { time: number };
  /** Set once a second finger came down: the gesture is a pinch, never a swipe or a tap. */
  pinch: { distance: number; mid: Point; zoom: Zoom } | null;
  zoomedAtStart: boolean;
}

/**
 * The photo in the full-size viewer, zoomable (./zoom.ts): two fingers pinch (pointer events, so a
 * pen or a touch screen both work), a double tap or double click zooms in on that point or back out,
 * a drag pans while zoomed, Ctrl+wheel (and a trackpad's pinch, which browsers send as one) zooms
 * about the pointer. Unzoomed, a horizontal swipe asks for the previous or next photo. The zoom is
 * held by the viewer, which resets it for each photo and offers the keys and buttons.
 */
export function ZoomablePhoto({
  photoRef: photo,
  src,
  srcSet,
  alt,
  zoom,
  onZoom,
  onSwipe,
}: {
  /** The photo element, for the viewer's own zoom controls. */
  photoRef: RefObject<HTMLImageElement | null>;
  src: string;
  srcSet?: string;
  alt: string;
  zoom: Zoom;
  onZoom: (zoom: Zoom) => void;
  onSwipe?: (delta: -1 | 1) => void;
}) {
  const stage = useRef<HTMLDivElement>(null);
  const pointers = useRef(new Map<number, Point>());
  const gesture = useRef<Gesture | null>(null);
  const lastTap = useRef<(Point & { time: number }) | null>(null);
  // Pointer and wheel handlers read the zoom of this moment, not of the render that bound them.
  const current = useRef(zoom);
  current.current = zoom;

  const pointOf = (clientX: number, clientY: number) => pointIn(stage.current!, clientX, clientY);
  const boxOf = () => boxOfPhoto(photo.current);
  // The wheel listener is bound once; it calls the latest `onZoom`.
  const zoomTo = useRef(onZoom);
  zoomTo.current = onZoom;

  useEffect(() => {
    const element = stage.current!;
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      // Without this the browser zooms the whole page.
      event.preventDefault();
      const zoomNow = current.current;
      zoomTo.current(
        zoomAbout(
          zoomNow,
          zoomNow.scale * Math.exp(-event.deltaY / 200),
          pointIn(element, event.clientX, event.clientY),
          boxOfPhoto(element.querySelector('img')),
        ),
      );
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    return () => element.removeEventListener('wheel', onWheel);
  }, []);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    const point = pointOf(event.clientX, event.clientY);
    pointers.current.set(event.pointerId, point);
    if (pointers.current.size === 1) {
      gesture.current = {
        start: { ...point, time: event.timeStamp },
        pinch: null,
        zoomedAtStart: isZoomed(current.current),
      };
    } else if (pointers.current.size === 2 && gesture.current) {
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      gesture.current.pinch = { distance: distance(a, b), mid: midpoint(a, b), zoom: current.current };
    }
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const before = pointers.current.get(event.pointerId);
    if (!before || !gesture.current) return;
    const point = pointOf(event.clientX, event.clientY);
    pointers.current.set(event.pointerId, point);
    const pinch = gesture.current.pinch;
    if (pinch && pointers.current.size >= 2) {
      const [a, b] = [...pointers.current.values()] as [Point, Point];
      const mid = midpoint(a, b);
      const scaled = zoomAbout(
        pinch.zoom,
        (pinch.zoom.scale * distance(a, b)) / pinch.distance,
        pinch.mid,
        boxOf(),
      );
      onZoom(panBy(scaled, mid.x - pinch.mid.x, mid.y - pinch.mid.y, boxOf()));
    } else if (!pinch && isZoomed(current.current)) {
      onZoom(panBy(current.current, point.x - before.x, point.y - before.y, boxOf()));
    }
  };

  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    const end = pointOf(event.clientX, event.clientY);
    pointers.current.delete(event.pointerId);
    const done = gesture.current;
    if (pointers.current.size > 0 || !done) return;
    gesture.current = null;
    if (done.pinch) return;
    const dx = end.x - done.start.x;
    const dy = end.y - done.start.y;
    if (Math.hypot(dx, dy) < TAP_PX) return tapped({ ...end, time: event.timeStamp });
    if (!done.zoomedAtStart && onSwipe && Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy))
      onSwipe(dx < 0 ? 1 : -1);
  };

  const tapped = (tap: Point & { time: number }) => {
    const previous = lastTap.current;
    if (previous && tap.time - previous.time <= DOUBLE_TAP_MS && distance(previous, tap) <= DOUBLE_TAP_PX) {
      lastTap.current = null;
      onZoom(toggleAt(current.current, tap, boxOf()));
    } else lastTap.current = tap;
  };

  const onPointerCancel = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) gesture.current = null;
  };

  return (
    <div
      ref={stage}
      data-testid="photo-stage"
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerCancel}
      className="relative flex min-h-0 w-full flex-1 touch-none items-center justify-center overflow-hidden select-none"
    >
      <img
        ref={photo}
        src={src}
        srcSet={srcSet}
        sizes={srcSet ? '100vw' : undefined}
        alt={alt}
        draggable={false}
        style={{ transform: `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})` }}
        className={
          'max-h-full max-w-full rounded-lg object-contain shadow-2xl ' +
          (isZoomed(zoom) ? 'cursor-grab' : 'cursor-zoom-in transition-transform duration-150')
        }
      />
    </div>
  );
}

/** A screen point relative to the unzoomed photo's centre (it is centred in the stage). */
function pointIn(stage: HTMLElement, clientX: number, clientY: number): Point {
  const rect = stage.getBoundingClientRect();
  return { x: clientX - rect.left - rect.width / 2, y: clientY - rect.top - rect.height / 2 };
}

/** The photo's unzoomed size: offset sizes ignore transforms. */
function boxOfPhoto(photo: HTMLElement | null): Box {
  return { width: photo?.offsetWidth ?? 0, height: photo?.offsetHeight ?? 0 };
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a.x - b.x, a.y - b.y);
}

function midpoint(a: Point, b: Point): Point {
  return { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
}
