// Draws a recognised drawing as AutomatonRenderer does (fa-recognize --render): the pen
// strokes faint, rejected strokes dashed red with "?", arrows and loops with two-barb heads
// and their symbols, states as filled rings (a second ring for a final state) with their
// names, labels attached to nothing in red with "?". The drawing is a list of shapes, drawn
// on a canvas (the page, PNG export) or written as SVG (SVG export).
import { add, sub, mul, dist, unit, rotate, halfLengthPoint, bounds } from './geometry.js';

export const colors = {
  faint: 'rgb(200,200,200)', ink: 'rgb(28,58,112)', stateFill: 'rgb(236,243,252)',
  symbol: 'rgb(176,64,16)', rejected: 'rgb(214,39,40)', pending: 'rgb(60,60,60)', active: 'rgb(255,214,102)',
};
const lineWidth = 2.5;
const font = 'bold SIZEpx ui-monospace, "DejaVu Sans Mono", monospace';

/** Shapes for `doc` (strokes, labels) and `result` (the server's answer, names applied).
 *  `pending` strokes (drawn, not yet recognised) are drawn in dark ink. */
export function shapesFor(doc, result, { pending = [], highlight = null, ink = true, active = null, selectedState = null } = {}) {
  const shapes = [];
  const elements = result ? result.elements : [];
  // 1. The pen strokes, faint (not in an export without the ink).
  if (ink) doc.strokes.forEach((points) => shapes.push({ kind: 'polyline', points, width: 2, color: colors.faint }));
  if (!result) return shapes.concat(pendingShapes(pending));
  const states = new Map(result.automaton.states.map((s) => [s.id, s]));
  const radii = result.automaton.states.map((s) => s.radius).sort((a, b) => a - b);
  const typical = radii.length ? radii[Math.floor(radii.length / 2)] : 40;
  const textSize = typical >= 45 ? 20 : typical >= 22 ? 16 : 12;
  // 2. Rejected strokes, dashed red with a question mark (as they were when recognised).
  const inkDoc = result.doc || doc;
  for (const e of elements) {
    if (!ink || e.role !== 'rejected' || !inkDoc.strokes[e.stroke]) continue;
    const points = inkDoc.strokes[e.stroke];
    const b = bounds(points);
    shapes.push({ kind: 'polyline', points, width: 2, color: colors.rejected, opacity: 0.85, dash: 6 });
    shapes.push({ kind: 'text', text: '?', center: { x: b.maxX + 10, y: b.minY - 10 }, size: textSize, color: colors.rejected });
  }
  // 3. Arrows and loops, with their symbols.
  const labels = [];
  elements.forEach((e, index) => {
    const selected = highlight === index;
    if (e.role === 'transition') {
      const dangling = e.from == null || e.to == null;
      const drawn = arrowShapes(e, states.get(e.from), states.get(e.to),
                                dangling ? colors.rejected : colors.ink, selected);
      shapes.push(...drawn.shapes);
      for (const [end, state] of [[drawn.start, e.from], [drawn.tip, e.to]]) {
        if (state != null) continue;
        const away = unit(sub(end, drawn.middle)) || { x: 0, y: -1 };
        shapes.push({ kind: 'text', text: '?', center: add(end, mul(16, away)), size: textSize, color: colors.rejected });
      }
      // An arrow with no symbol is flagged: it never fires.
      const text = symbolText(e) || (dangling ? '' : '?');
      if (text) labels.push({ kind: 'text', text, center: add(drawn.middle, mul(8 + textSize / 2, drawn.normal)), size: textSize, color: symbolText(e) ? colors.symbol : colors.rejected });
    } else if (e.role === 'initial') {
      shapes.push(...arrowShapes(e, null, states.get(e.to), colors.ink, selected).shapes);
    } else if (e.role === 'cycle') {
      const path = e.path;
      if (!path || path.length === 0) return;
      const end = path[path.length - 1];
      shapes.push({ kind: 'polyline', points: path, width: selected ? lineWidth + 2 : lineWidth, color: colors.ink });
      for (const barb of e.head || []) shapes.push({ kind: 'polyline', points: [barb, end], width: lineWidth, color: colors.ink });
      const text = symbolText(e) || '?';
      const s = states.get(e.state);
      if (text && s) {
        const far = path.reduce((best, p) => (dist(p, s.center) > dist(best, s.center) ? p : best), end);
        const outward = unit(sub(far, s.center)) || { x: 0, y: -1 };
        const width = textWidth(text, textSize);
        const push = 8 + 0.5 * (Math.abs(outward.x) * width + Math.abs(outward.y) * textSize);
        labels.push({ kind: 'text', text, center: add(far, mul(push, outward)), size: textSize, color: symbolText(e) ? colors.symbol : colors.rejected });
      }
    }
  });
  // 4. States over the arrows' ends; an initial state with no drawn arrow (set by a toggle)
  // gets one from its left; active states (step simulation) filled.
  const arrowed = new Set(elements.filter((e) => e.role === 'initial').map((e) => e.to));
  for (const s of result.automaton.states) {
    if (s.initial && !arrowed.has(s.id)) {
      const tip = { x: s.center.x - (s.final ? Math.max(s.ringRadius ?? s.radius * 1.2, s.radius + 4) : s.radius), y: s.center.y };
      const start = { x: tip.x - 40, y: tip.y };
      shapes.push({ kind: 'polyline', points: [start, tip], width: lineWidth, color: colors.ink });
      for (const side of [0.45, -0.45]) shapes.push({ kind: 'polyline', points: [add(tip, mul(12, rotate({ x: -1, y: 0 }, side))), tip], width: lineWidth, color: colors.ink });
    }
    const on = active && active.has(s.id);
    shapes.push({ kind: 'circle', center: s.center, radius: s.radius, width: on || selectedState === s.id ? lineWidth + 1.5 : lineWidth, color: selectedState === s.id ? colors.symbol : colors.ink, fill: on ? colors.active : colors.stateFill, fillOpacity: 0.9 });
    if (s.final) {
      const ring = s.ringRadius ?? s.radius * 1.2;
      shapes.push({ kind: 'circle', center: s.center, radius: Math.max(ring, s.radius + 4), width: lineWidth, color: colors.ink });
    }
    let size = textSize;
    while (size > 10 && textWidth(s.id, size) > 1.5 * s.radius) size -= 2;
    shapes.push({ kind: 'text', text: s.id, center: s.center, size, color: colors.ink });
  }
  // 5. Symbols last; labels attached to nothing in red.
  shapes.push(...labels);
  for (const l of ink ? result.unattachedLabels || [] : []) {
    shapes.push({ kind: 'text', text: l.text + '?', center: { x: l.x, y: l.y }, size: textSize, color: colors.rejected });
  }
  return shapes.concat(pendingShapes(pending));
}

function pendingShapes(pending) {
  return pending.map((points) => ({ kind: 'polyline', points, width: 2.5, color: colors.pending }));
}

/** "a,b", "ε", "a,ε"; empty when the transition has no label. */
export function symbolText(e) {
  return [...(e.symbols || []), ...(e.epsilon ? ['ε'] : [])].join(',');
}

/** Approximate advance of monospace text (0.6 em per character). */
export function textWidth(text, size) { return 0.6 * size * [...text].length; }

/** The outer boundary of `state` facing `target`. */
function boundaryPoint(state, target) {
  const radius = state.final ? Math.max(state.ringRadius ?? state.radius * 1.2, state.radius) : state.radius;
  const direction = unit(sub(target, state.center)) || { x: 1, y: 0 };
  return add(state.center, mul(radius, direction));
}

/** The snapped curve of an arrow element: from `from`'s boundary (or the drawn start) to
 *  `to`'s boundary (or the drawn tip), a quadratic Bézier through the drawn bend. */
export function arrowCurve(e, from, to) {
  let curve;
  if (from && to && from.id === to.id && e.shaft) {
    curve = e.shaft;
  } else {
    let start = e.start, tip = e.tip;
    const bend = e.bend || null;
    if (from) start = boundaryPoint(from, bend || tip);
    if (to) tip = boundaryPoint(to, bend || start);
    if (bend) {
      const control = sub(mul(2, bend), mul(0.5, add(start, tip)));
      curve = [];
      for (let k = 0; k <= 24; k++) {
        const t = k / 24;
        curve.push(add(add(mul((1 - t) * (1 - t), start), mul(2 * t * (1 - t), control)), mul(t * t, tip)));
      }
    } else {
      curve = [start, tip];
    }
  }
  if (curve.length < 2) curve = [e.start, e.tip];
  return curve;
}

function arrowShapes(e, from, to, color, selected) {
  const curve = arrowCurve(e, from, to);
  const tip = curve[curve.length - 1];
  const back = unit(sub(curve[Math.max(curve.length - 4, 0)], tip)) || { x: -1, y: 0 };
  const heads = e.head || [];
  const drawnBarb = heads.length ? heads.reduce((s, h) => s + dist(h, e.tip), 0) / heads.length : 12;
  const barb = Math.min(Math.max(Number.isFinite(drawnBarb) ? drawnBarb : 12, 9), 16);
  const angle = 26 * Math.PI / 180;
  const width = selected ? lineWidth + 2 : lineWidth;
  const shapes = [{ kind: 'polyline', points: curve, width, color }];
  for (const side of [angle, -angle]) {
    shapes.push({ kind: 'polyline', points: [add(tip, mul(barb, rotate(back, side))), tip], width: lineWidth, color });
  }
  const middle = halfLengthPoint(curve);
  const direction = unit(sub(tip, curve[0])) || { x: 1, y: 0 };
  return { shapes, start: curve[0], tip, middle, normal: { x: direction.y, y: -direction.x } };
}

/** Draws shapes on a 2D context (already transformed to drawing coordinates). */
export function drawShapes(ctx, shapes) {
  for (const s of shapes) {
    ctx.save();
    ctx.globalAlpha = s.opacity ?? 1;
    ctx.strokeStyle = s.color;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    if (s.kind === 'polyline') {
      if (s.points.length === 0) { ctx.restore(); continue; }
      ctx.lineWidth = s.width;
      ctx.setLineDash(s.dash ? [s.dash, s.dash] : []);
      ctx.beginPath();
      ctx.moveTo(s.points[0].x, s.points[0].y);
      for (const p of s.points.slice(1)) ctx.lineTo(p.x, p.y);
      if (s.points.length === 1) ctx.lineTo(s.points[0].x + 0.01, s.points[0].y);
      ctx.stroke();
    } else if (s.kind === 'circle') {
      ctx.beginPath();
      ctx.arc(s.center.x, s.center.y, s.radius, 0, 2 * Math.PI);
      if (s.fill) {
        ctx.globalAlpha = s.fillOpacity ?? 1;
        ctx.fillStyle = s.fill;
        ctx.fill();
        ctx.globalAlpha = 1;
      }
      ctx.lineWidth = s.width;
      ctx.stroke();
    } else if (s.kind === 'text') {
      ctx.fillStyle = s.color;
      ctx.font = font.replace('SIZE', s.size);
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(s.text, s.center.x, s.center.y);
    }
    ctx.restore();
  }
}

/** The points every shape must show (for fitting an export). */
export function shapeBounds(shapes) {
  const points = [];
  for (const s of shapes) {
    if (s.kind === 'polyline') points.push(...s.points);
    else if (s.kind === 'circle') points.push(sub(s.center, { x: s.radius, y: s.radius }), add(s.center, { x: s.radius, y: s.radius }));
    else if (s.kind === 'text') {
      const w = textWidth(s.text, s.size) / 2;
      points.push({ x: s.center.x - w, y: s.center.y - s.size / 2 }, { x: s.center.x + w, y: s.center.y + s.size / 2 });
    }
  }
  return bounds(points);
}

const escapeXML = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const n = (x) => (Math.round(x * 100) / 100).toString();

/** The shapes as an SVG document, `margin` around their bounds. */
export function svgFromShapes(shapes, margin = 24) {
  const b = shapeBounds(shapes) || { minX: 0, minY: 0, maxX: 100, maxY: 100 };
  const x0 = b.minX - margin, y0 = b.minY - margin;
  const width = Math.ceil(b.maxX - b.minX + 2 * margin), height = Math.ceil(b.maxY - b.minY + 2 * margin);
  const out = [`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="${n(x0)} ${n(y0)} ${width} ${height}">`,
    `<rect x="${n(x0)}" y="${n(y0)}" width="${width}" height="${height}" fill="white"/>`];
  for (const s of shapes) {
    const opacity = s.opacity != null && s.opacity !== 1 ? ` opacity="${s.opacity}"` : '';
    if (s.kind === 'polyline') {
      const dash = s.dash ? ` stroke-dasharray="${s.dash} ${s.dash}"` : '';
      out.push(`<polyline points="${s.points.map((p) => `${n(p.x)},${n(p.y)}`).join(' ')}" fill="none" stroke="${s.color}" stroke-width="${s.width}" stroke-linecap="round" stroke-linejoin="round"${dash}${opacity}/>`);
    } else if (s.kind === 'circle') {
      const fill = s.fill ? `fill="${s.fill}" fill-opacity="${s.fillOpacity ?? 1}"` : 'fill="none"';
      out.push(`<circle cx="${n(s.center.x)}" cy="${n(s.center.y)}" r="${n(s.radius)}" ${fill} stroke="${s.color}" stroke-width="${s.width}"/>`);
    } else if (s.kind === 'text') {
      out.push(`<text x="${n(s.center.x)}" y="${n(s.center.y)}" font-family="monospace" font-weight="bold" font-size="${s.size}" fill="${s.color}" text-anchor="middle" dominant-baseline="central">${escapeXML(s.text)}</text>`);
    }
  }
  out.push('</svg>');
  return out.join('\n') + '\n';
}
