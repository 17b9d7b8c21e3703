// Plane helpers for the editor (points are {x, y}, y down, in drawing coordinates).

export const add = (a, b) => ({ x: a.x + b.x, y: a.y + b.y });
export const sub = (a, b) => ({ x: a.x - b.x, y: a.y - b.y });
export const mul = (s, a) => ({ x: s * a.x, y: s * a.y });
export const len = (a) => Math.hypot(a.x, a.y);
export const dist = (a, b) => Math.hypot(a.x - b.x, a.y - b.y);
export const unit = (a) => { const l = len(a); return l > 1e-9 ? mul(1 / l, a) : null; };
export const rotate = (a, t) => ({ x: Math.cos(t) * a.x - Math.sin(t) * a.y,
                                   y: Math.sin(t) * a.x + Math.cos(t) * a.y });

/** Distance from p to the segment a–b. */
export function distToSegment(p, a, b) {
  const ab = sub(b, a), ap = sub(p, a);
  const l2 = ab.x * ab.x + ab.y * ab.y;
  const t = l2 === 0 ? 0 : Math.max(0, Math.min(1, (ap.x * ab.x + ap.y * ab.y) / l2));
  return len(sub(ap, mul(t, ab)));
}

/** Distance from p to a polyline (a single point counts as a polyline). */
export function distToPolyline(p, points) {
  if (points.length === 0) return Infinity;
  if (points.length === 1) return dist(p, points[0]);
  let best = Infinity;
  for (let i = 1; i < points.length; i++) best = Math.min(best, distToSegment(p, points[i - 1], points[i]));
  return best;
}

/** The point halfway along a polyline (as AutomatonRenderer's pointAtHalfLength). */
export function halfLengthPoint(points) {
  if (points.length < 2) return points[0] || { x: 0, y: 0 };
  const lengths = [];
  for (let i = 1; i < points.length; i++) lengths.push(dist(points[i], points[i - 1]));
  let left = lengths.reduce((s, l) => s + l, 0) / 2;
  for (let k = 0; k < lengths.length; k++) {
    if (left <= lengths[k] && lengths[k] > 0) {
      return add(points[k], mul(left / lengths[k], sub(points[k + 1], points[k])));
    }
    left -= lengths[k];
  }
  return points[points.length - 1];
}

/** {minX, minY, maxX, maxY} of points, or null when there are none. */
export function bounds(points) {
  if (points.length === 0) return null;
  let minX = Infinity, minY = Infinity, maxX = -Infinity, maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x); minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x); maxY = Math.max(maxY, p.y);
  }
  return { minX, minY, maxX, maxY };
}
