// An automaton given by positions (a JFLAP file, an operation's result) as an editor
// document: a clean circle per state, a one-stroke arrow (shaft then two barbs) per pair
// of states, a loop above a state per self-loop, each stroke corrected to what it is, so
// the recognizer assembles exactly this automaton; names, flags and labels keyed by stroke.
import { add, sub, mul, dist, unit, rotate } from './geometry.js';
import { emptyDocument } from './model.js';

const radius = 30;

const r2 = (x) => Math.round(x * 100) / 100;
const pt = (p) => ({ x: r2(p.x), y: r2(p.y) });

function circle(c, r) {
  const points = [];
  for (let k = 0; k <= 40; k++) {
    const t = -Math.PI / 2 + 2 * Math.PI * (k / 40) * 1.02;
    points.push(pt({ x: c.x + r * Math.cos(t), y: c.y + r * Math.sin(t) }));
  }
  return points;
}

function arrow(a, b, bend) {
  const d = unit(sub(b, a)) || { x: 1, y: 0 };
  const normal = { x: d.y, y: -d.x };
  const start = add(a, mul(radius + 4, rotate(d, -bend)));
  const tip = add(b, mul(radius + 4, rotate(mul(-1, d), bend)));
  const middle = add(mul(0.5, add(start, tip)), mul(bend * dist(start, tip) * 0.5, normal));
  const control = sub(mul(2, middle), mul(0.5, add(start, tip)));
  const points = [];
  for (let k = 0; k <= 24; k++) {
    const t = k / 24;
    points.push(add(add(mul((1 - t) * (1 - t), start), mul(2 * t * (1 - t), control)), mul(t * t, tip)));
  }
  const back = unit(sub(points[21], tip)) || { x: -1, y: 0 };
  points.push(add(tip, mul(14, rotate(back, 0.45))), tip, add(tip, mul(14, rotate(back, -0.45))));
  return points.map(pt);
}

function loop(c) {
  const rho = 0.55 * radius;
  const lc = add(c, { x: 0, y: -(radius + 0.4 * rho) });
  const points = [];
  const start = Math.PI / 2 + 0.9, sweep = 2 * Math.PI - 1.8;
  for (let k = 0; k < 40; k++) {
    const t = start + sweep * k / 39;
    points.push(add(lc, mul(rho, { x: Math.cos(t), y: Math.sin(t) })));
  }
  const end = points[points.length - 1];
  const back = unit(sub(points[points.length - 4], end)) || { x: 0, y: 1 };
  points.push(add(end, mul(0.35 * rho, rotate(back, 0.5))), end, add(end, mul(0.35 * rho, rotate(back, -0.5))));
  return points.map(pt);
}

/** The document for `automaton` ({states: [{id, center, initial, final}], transitions}),
 *  states where they are (spread out when two are closer than 3.5 radii). */
export function inkDocument(automaton) {
  const doc = emptyDocument();
  const states = automaton.states;
  let closest = Infinity;
  for (let i = 0; i < states.length; i++) {
    for (let j = i + 1; j < states.length; j++) closest = Math.min(closest, dist(states[i].center, states[j].center));
  }
  const scale = Number.isFinite(closest) && closest < 3.5 * radius ? 3.5 * radius / Math.max(closest, 1e-6) : 1;
  const xs = states.map((s) => s.center.x * scale), ys = states.map((s) => s.center.y * scale);
  const at = new Map(states.map((s, i) => [s.id, { x: xs[i], y: ys[i] }]));
  const add1 = (points, as) => { doc.strokes.push(points); doc.corrections.push({ stroke: doc.strokes.length - 1, as }); return doc.strokes.length - 1; };
  for (const s of states) {
    const stroke = add1(circle(at.get(s.id), radius), 'state');
    doc.names.push({ text: s.id, stroke });
    doc.flags.push({ stroke, initial: !!s.initial, final: !!s.final });
  }
  // One arrow per ordered pair of states, its symbols merged; a pair drawn both ways bends.
  const pairs = new Map();
  for (const t of automaton.transitions) {
    const key = JSON.stringify([t.from, t.to]);
    const entry = pairs.get(key) || { from: t.from, to: t.to, symbols: new Set(), epsilon: false };
    for (const x of t.symbols || []) entry.symbols.add(x);
    entry.epsilon = entry.epsilon || !!t.epsilon;
    pairs.set(key, entry);
  }
  for (const p of pairs.values()) {
    if (!at.has(p.from) || !at.has(p.to)) continue;
    let stroke;
    if (p.from === p.to) {
      stroke = add1(loop(at.get(p.from)), 'cycle');
    } else {
      const both = pairs.has(JSON.stringify([p.to, p.from]));
      stroke = add1(arrow(at.get(p.from), at.get(p.to), both ? 0.3 : 0), 'transition');
    }
    const text = [...[...p.symbols].sort(), ...(p.epsilon ? ['ε'] : [])].join(',');
    if (text) {
      const points = doc.strokes[stroke];
      const m = points[Math.floor((points.length - 3) / 2)];
      doc.labels.push({ text, x: m.x, y: m.y, stroke });
    }
  }
  return doc;
}
