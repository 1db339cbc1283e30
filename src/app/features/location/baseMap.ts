// The location map's light base map when no tile server is configured: land, national and state borders from the
// generated mapOutlines (public us-atlas and world-atlas data), so the pins sit on a recognisable map offline and the
// map still requests nothing. Loaded with the map, in its own chunk, only when there are no tiles.
//
// The outlines ship already in the map's projection and are drawn as three Path2Ds on a canvas of their own, through
// OpenLayers' custom-layer render function. An OpenLayers vector layer would decode, project and index every point,
// then build and simplify its drawing instructions at each zoom: on a phone that was the chooser's longest task.
import Layer from 'ol/layer/Layer';
import type { FrameState } from 'ol/Map';
import { mapOutlines } from './mapOutlines';
import { forEachPoint, OUTLINE_KINDS, type OutlineKind } from './outlinePaths';

/** How each kind is drawn; widths in CSS pixels at any zoom. */
const STYLES: Record<OutlineKind, { readonly fill?: string; readonly stroke: string; readonly width: number }> = {
  land: { fill: '#f7f6f1', stroke: 'rgba(75, 110, 130, 0.45)', width: 0.75 },
  countries: { stroke: 'rgba(75, 95, 110, 0.55)', width: 1.25 },
  states: { stroke: 'rgba(75, 95, 110, 0.3)', width: 0.75 },
};

/** Each kind's outlines as one path in grid units; land rings are closed. */
function outlinePaths(): Record<OutlineKind, Path2D> {
  const paths = {} as Record<OutlineKind, Path2D>;
  for (const kind of OUTLINE_KINDS) {
    const path = new Path2D();
    for (const line of mapOutlines[kind]) {
      forEachPoint(line, (x, y, index) => (index === 0 ? path.moveTo(x, y) : path.lineTo(x, y)));
      if (kind === 'land') path.closePath();
    }
    paths[kind] = path;
  }
  return paths;
}

/** How many rings and lines the base map draws. */
const OUTLINE_COUNT = OUTLINE_KINDS.reduce((n, kind) => n + mapOutlines[kind].length, 0);

/**
 * A layer with the base map; it draws beneath the pins, which are overlays. `onDrawn` hears the number of outlines
 * after each drawing.
 */
export function baseMapLayer(onDrawn: (outlines: number) => void): Layer {
  const host = document.createElement('div');
  host.className = 'ol-layer location-map-base';
  host.style.cssText = 'position:absolute;inset:0;pointer-events:none';
  const canvas = document.createElement('canvas');
  canvas.style.cssText = 'position:absolute;left:0;top:0;width:100%;height:100%';
  host.append(canvas);
  // Built with the layer, in the task that brought its chunk, rather than in the map's first frame.
  const paths = outlinePaths();
  const render = (frameState: FrameState): HTMLElement => {
    const [width = 0, height = 0] = frameState.size;
    const ratio = frameState.pixelRatio;
    const [w, h] = [Math.round(width * ratio), Math.round(height * ratio)];
    if (canvas.width !== w || canvas.height !== h) [canvas.width, canvas.height] = [w, h];
    const context = canvas.getContext('2d');
    if (!context) return host;
    context.setTransform(1, 0, 0, 1, 0, 0);
    context.clearRect(0, 0, w, h);
    // The map's coordinate-to-pixel transform, after grid units to metres and before CSS pixels to canvas pixels.
    const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = frameState.coordinateToPixelTransform;
    const unit = mapOutlines.unit;
    context.setTransform(a * unit * ratio, b * unit * ratio, c * unit * ratio, d * unit * ratio, e * ratio, f * ratio);
    // Line widths are in grid units under that transform: divide by its scale so they stay the same on screen.
    const scale = Math.hypot(a, b) * unit * ratio;
    // Bevelled joins look the same as round ones on lines this thin and take half the time to draw where the canvas
    // is drawn in software (a phone without GPU rasterization, Lighthouse's Chromium).
    context.lineJoin = 'bevel';
    for (const kind of OUTLINE_KINDS) {
      const style = STYLES[kind];
      if (style.fill) {
        context.fillStyle = style.fill;
        context.fill(paths[kind], 'evenodd');
      }
      context.strokeStyle = style.stroke;
      context.lineWidth = (style.width * ratio) / scale;
      context.stroke(paths[kind]);
    }
    onDrawn(OUTLINE_COUNT);
    return host;
  };
  // The render function's element is the layer: it carries the class (OpenLayers' className is for its own renderers).
  return new Layer({ render });
}
