// The editor's document and the edits made on it. The document is an editor document of
// FORMATS.md §1 (version 2): {strokes, labels, inputs} plus the user's decisions, each keyed
// by the index of a stroke of the element it was made on, so that it stays with that
// element whatever the recognizer makes of the rest of the ink:
//   labels[k].stroke   the transition or loop a label was typed on,
//   names              [{text, stroke}]  a state's name, for life,
//   corrections        [{stroke, as}]    what an element is (state, final, initial,
//                                        transition, cycle, none),
//   flags              [{stroke, initial?, final?}]  a state's flags as toggled.
// Every edit returns a new document; the automaton is what the server recognises from it.
import { add, sub, mul, dist, distToPolyline, halfLengthPoint } from './geometry.js';

export const documentVersion = 2;

export function emptyDocument() {
  return { version: documentVersion, strokes: [], labels: [], names: [], corrections: [], flags: [], inputs: [] };
}

/** A copy that shares nothing with `doc`. */
export function copyDocument(doc) { return JSON.parse(JSON.stringify(doc)); }

/** The document as saved (keys in a fixed order, so equal documents are equal bytes). */
export function documentJSON(doc) {
  return JSON.stringify({ version: documentVersion, strokes: doc.strokes, labels: doc.labels, names: doc.names,
    corrections: doc.corrections, flags: doc.flags, inputs: doc.inputs });
}

const corrections = ['state', 'final', 'initial', 'transition', 'cycle', 'none'];

/** Reads a saved document: a §1 drawing document (version 1 or 2) or a bare stroke list.
 *  Throws with a message on anything else. Version 1 names ({text, x, y}) and labels
 *  without a stroke are placed by position until `bindDecisions` keys them. */
export function parseDocument(text) {
  const value = JSON.parse(text);
  const doc = emptyDocument();
  const strokes = Array.isArray(value) ? value : value && value.strokes;
  if (!Array.isArray(strokes)) throw new Error('expected a drawing document {"strokes": [...]} or a stroke list');
  const point = (p, where) => {
    if (!p || !Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new Error(`${where}: expected {"x": number, "y": number}`);
    return { x: p.x, y: p.y };
  };
  strokes.forEach((s, i) => {
    if (!Array.isArray(s) || s.length === 0) throw new Error(`stroke ${i}: expected a non-empty array of points`);
    doc.strokes.push(s.map((p, k) => point(p, `stroke ${i} point ${k}`)));
  });
  if (Array.isArray(value)) return doc;
  if (value.version != null && !(value.version === 1 || value.version === 2)) {
    throw new Error(`document version ${value.version}: this editor reads versions 1 and 2`);
  }
  const strokeOf = (x, where, optional) => {
    if (x == null && optional) return undefined;
    if (!Number.isInteger(x) || x < 0 || x >= doc.strokes.length) throw new Error(`${where}: "stroke" must be a stroke index (0…${doc.strokes.length - 1})`);
    return x;
  };
  const list = (key) => {
    if (value[key] == null) return [];
    if (!Array.isArray(value[key])) throw new Error(`"${key}": expected an array`);
    return value[key];
  };
  list('labels').forEach((l, i) => {
    if (!l || typeof l.text !== 'string') throw new Error(`labels ${i}: expected {"text", "x", "y"}`);
    const stroke = strokeOf(l.stroke, `labels ${i}`, true);
    doc.labels.push({ text: l.text, ...point(l, `labels ${i}`), ...(stroke != null ? { stroke } : {}) });
  });
  list('names').forEach((n, i) => {
    if (!n || typeof n.text !== 'string') throw new Error(`names ${i}: expected {"text", "stroke"}`);
    const stroke = strokeOf(n.stroke, `names ${i}`, true);
    if (stroke != null) doc.names.push({ text: n.text, stroke });
    else doc.names.push({ text: n.text, ...point(n, `names ${i}`) });
  });
  list('corrections').forEach((c, i) => {
    if (!c || !corrections.includes(c.as)) throw new Error(`corrections ${i}: "as" must be one of ${corrections.join(', ')}`);
    doc.corrections.push({ stroke: strokeOf(c.stroke, `corrections ${i}`), as: c.as });
  });
  list('flags').forEach((f, i) => {
    const entry = { stroke: strokeOf(f && f.stroke, `flags ${i}`) };
    for (const key of ['initial', 'final']) {
      if (f[key] == null) continue;
      if (typeof f[key] !== 'boolean') throw new Error(`flags ${i}: "${key}" must be true or false`);
      entry[key] = f[key];
    }
    doc.flags.push(entry);
  });
  if (value.inputs != null) {
    if (!Array.isArray(value.inputs) || !value.inputs.every((w) => typeof w === 'string')) throw new Error('"inputs": expected an array of strings');
    doc.inputs = value.inputs.slice();
  }
  return doc;
}

/** What is sent to /api/recognize. */
export function drawingBody(doc) {
  return JSON.stringify({ strokes: doc.strokes, labels: doc.labels, names: doc.names, corrections: doc.corrections, flags: doc.flags });
}

/** Every stroke of element `e`. */
export const strokesOf = (e) => e.strokes || [e.stroke];

/** The index of the element that holds stroke `s`, or -1. */
export function elementOfStroke(result, s) {
  if (!result) return -1;
  return result.elements.findIndex((e) => strokesOf(e).includes(s));
}

/** For each label, the index of the element it belongs to: the one holding its stroke, or
 *  (no stroke) the transition or loop whose ink passes nearest, as the Assembler decides. */
export function labelOwners(doc, result) {
  const carriers = [];
  (result ? result.elements : []).forEach((e, i) => {
    if ((e.role === 'transition' || e.role === 'cycle') && doc.strokes[e.stroke]) carriers.push(i);
  });
  return doc.labels.map((l) => {
    if (l.stroke != null) return elementOfStroke(result, l.stroke);
    let best = -1, bestDistance = Infinity;
    for (const i of carriers) {
      const d = distToPolyline(l, doc.strokes[result.elements[i].stroke]);
      if (d < bestDistance) { best = i; bestDistance = d; }
    }
    return best;
  });
}

/** Strokes of state `id`: its circle, its final ring and its self-loops (every stroke). */
export function strokesOfState(result, id) {
  return result.elements.filter((e) => (e.role === 'state' || e.role === 'final' || e.role === 'cycle') && e.state === id)
    .flatMap(strokesOf);
}

/** The circle stroke of state `id` (what its name and flags are keyed by), or null. */
export function circleStroke(result, id) {
  const e = result && result.elements.find((x) => x.role === 'state' && x.state === id);
  return e ? e.stroke : null;
}

/** The document with every decision of `result` keyed by stroke: the names the server gave
 *  (`newNames`), and version 1 labels and names (placed by position) bound to their
 *  element. Returns `doc` itself when there is nothing to keep. */
export function bindDecisions(doc, result) {
  const fresh = result.newNames || [];
  const loose = doc.labels.some((l) => l.stroke == null) || doc.names.some((n) => n.stroke == null);
  if (fresh.length === 0 && !loose) return doc;
  const next = copyDocument(doc);
  if (loose) {
    const owners = labelOwners(doc, result);
    next.labels = doc.labels.flatMap((l, k) => {
      if (l.stroke != null) return [l];
      const owner = result.elements[owners[k]];
      return owner && (owner.role === 'transition' || owner.role === 'cycle') ? [{ ...l, stroke: owner.stroke }] : [];
    });
    next.names = doc.names.flatMap((n) => {
      if (n.stroke != null) return [n];
      const stroke = circleStroke(result, n.text.trim());
      return stroke != null ? [{ text: n.text.trim(), stroke }] : [];
    });
  }
  for (const n of fresh) next.names.push({ text: n.text, stroke: n.stroke });
  return next;
}

/** A multi-character symbol in `text` (tokens split by commas or spaces; ε and eps are
 *  the empty word), or null when every symbol is one character. */
export function longSymbol(text) {
  return text.split(/[\s,]+/).find((t) => t && t !== 'ε' && t.toLowerCase() !== 'eps' && [...t].length > 1) || null;
}

/** Symbols typed for element `index` (a transition or loop): its labels are replaced by one
 *  label on its ink's midpoint, keyed by its stroke; empty text removes them. */
export function setSymbols(doc, result, index, text) {
  const owners = labelOwners(doc, result);
  const next = copyDocument(doc);
  next.labels = doc.labels.filter((_, k) => owners[k] !== index).map((l) => ({ ...l }));
  const clean = text.split(/[\s,]+/).filter((t) => t.length > 0).join(',');
  if (clean) {
    const e = result.elements[index];
    const at = halfLengthPoint(doc.strokes[e.stroke]);
    next.labels.push({ text: clean, x: round(at.x), y: round(at.y), stroke: e.stroke });
  }
  return next;
}

/** The symbols and ε flag currently typed on element `index`. */
export function symbolsOf(doc, result, index) {
  const owners = labelOwners(doc, result);
  const tokens = doc.labels.filter((_, k) => owners[k] === index).flatMap((l) => l.text.split(/[\s,]+/));
  const epsilon = tokens.some((t) => t === 'ε' || t.toLowerCase() === 'eps');
  const symbols = [...new Set(tokens.filter((t) => t && t !== 'ε' && t.toLowerCase() !== 'eps'))];
  return { symbols, epsilon };
}

/** The state `id` named `name` (kept for life, keyed by its circle). Empty: unchanged. */
export function setName(doc, result, id, name) {
  const stroke = circleStroke(result, id);
  const text = name.trim();
  if (stroke == null || !text) return doc;
  const next = copyDocument(doc);
  const own = new Set(strokesOfState(result, id));
  next.names = doc.names.filter((n) => !own.has(n.stroke));
  next.names.push({ text, stroke });
  return next;
}

/** The state `id` with flag `key` (initial or final) set to `value`. */
export function setFlag(doc, result, id, key, value) {
  const stroke = circleStroke(result, id);
  if (stroke == null) return doc;
  const next = copyDocument(doc);
  const own = new Set(strokesOfState(result, id));
  const old = doc.flags.find((f) => own.has(f.stroke)) || {};
  next.flags = doc.flags.filter((f) => !own.has(f.stroke));
  const entry = { stroke, ...(old.initial != null ? { initial: old.initial } : {}), ...(old.final != null ? { final: old.final } : {}) };
  entry[key] = value;
  next.flags.push(entry);
  return next;
}

/** Element `index` corrected: it is `as` (state, final, initial, transition, cycle, none),
 *  kept on each of its strokes. A final state is also flagged final. */
export function setCorrection(doc, result, index, as) {
  const e = result.elements[index];
  const own = new Set(strokesOf(e));
  const next = copyDocument(doc);
  next.corrections = doc.corrections.filter((c) => !own.has(c.stroke));
  for (const s of strokesOf(e)) next.corrections.push({ stroke: s, as });
  next.flags = doc.flags.filter((f) => !own.has(f.stroke));
  if (as === 'final') next.flags.push({ stroke: e.stroke, final: true });
  return next;
}

/** Where along an arrow element a point lies: 0 at its drawn start, 1 at its tip. */
function along(e, p) {
  const a = dist(p, e.start), b = dist(p, e.tip);
  return a + b > 0 ? a / (a + b) : 0.5;
}

/** The document with state `id` moved by `delta`: its strokes move, every stroke of an
 *  arrow attached to it stretches (the attached end moves fully, the other end stays, so a
 *  separately drawn head goes with its tip), an initial arrow into it and its loops move
 *  whole, and the labels follow their transitions. */
export function moveState(doc, result, id, delta) {
  const whole = new Set(strokesOfState(result, id));
  const weights = new Map();  // stroke index → (point → weight)
  const elementWeight = new Map();  // element index → (point → weight), for labels
  result.elements.forEach((e, index) => {
    if (e.role === 'initial' && e.to === id) { for (const s of strokesOf(e)) whole.add(s); return; }
    if (e.role !== 'transition') return;
    const atStart = e.from === id, atTip = e.to === id;
    let w = null;
    if (atStart && atTip) w = () => 1;
    else if (atStart) w = (p) => 1 - along(e, p);
    else if (atTip) w = (p) => along(e, p);
    if (!w) return;
    elementWeight.set(index, w);
    for (const s of strokesOf(e)) weights.set(s, w);
  });
  const move = (p, w) => ({ x: round(p.x + w * delta.x), y: round(p.y + w * delta.y) });
  const next = copyDocument(doc);
  next.strokes = doc.strokes.map((s, i) => {
    if (whole.has(i)) return s.map((p) => move(p, 1));
    const w = weights.get(i);
    return w ? s.map((p) => move(p, w(p))) : s;
  });
  const owners = labelOwners(doc, result);
  next.labels = doc.labels.map((l, k) => {
    const owner = owners[k] >= 0 ? result.elements[owners[k]] : null;
    if (!owner) return l;
    if (whole.has(owner.stroke)) return { ...l, ...move(l, 1) };
    const w = elementWeight.get(owners[k]);
    return w ? { ...l, ...move(l, w(l)) } : l;
  });
  return next;
}

/** The document with transition `index` bowed so that its middle moves by `delta` (the
 *  original's flex point): both ends stay, every stroke of it bows, its labels move with
 *  the middle. */
export function bendTransition(doc, result, index, delta) {
  const e = result.elements[index];
  const next = copyDocument(doc);
  const bow = (p) => { const t = along(e, p); const w = 4 * t * (1 - t); return { x: round(p.x + w * delta.x), y: round(p.y + w * delta.y) }; };
  for (const s of strokesOf(e)) next.strokes[s] = doc.strokes[s].map(bow);
  const owners = labelOwners(doc, result);
  next.labels = doc.labels.map((l, k) => (owners[k] === index ? { ...l, x: round(l.x + delta.x), y: round(l.y + delta.y) } : l));
  return next;
}

/** Strokes that go with element `index` when it is deleted: all of its strokes; for a
 *  state's circle, the whole state with every arrow into or out of it (and their labels). */
export function strokesToDelete(result, index) {
  const e = result.elements[index];
  if (e.role !== 'state') return new Set(strokesOf(e));
  return strokesOfStateWithArrows(result, e.state);
}

/** A state's strokes and those of every transition, loop and initial arrow at it. */
export function strokesOfStateWithArrows(result, id) {
  const hit = new Set(strokesOfState(result, id));
  for (const e of result.elements) {
    if ((e.role === 'transition' && (e.from === id || e.to === id)) || (e.role === 'initial' && e.to === id)) {
      for (const s of strokesOf(e)) hit.add(s);
    }
  }
  return hit;
}

/** The document without every element the eraser path crosses (within `reach`): all
 *  strokes of each, a crossed state with its arrows, the labels on them, and labels the
 *  path crosses. Returns null when nothing is hit. */
export function erase(doc, result, path, reach = 10) {
  const crossed = new Set();
  doc.strokes.forEach((s, i) => {
    if (s.some((p) => distToPolyline(p, path) <= reach) || path.some((p) => distToPolyline(p, s) <= reach)) crossed.add(i);
  });
  const hit = new Set();
  for (const s of crossed) {
    const index = elementOfStroke(result, s);
    if (index < 0 || result.doc !== doc) { hit.add(s); continue; }
    for (const x of strokesToDelete(result, index)) hit.add(x);
  }
  const labelCrossed = (l) => distToPolyline(l, path) <= reach + 6;
  if (hit.size === 0 && !doc.labels.some(labelCrossed)) return null;
  return removeStrokes(doc, result, hit, labelCrossed);
}

/** The document without the strokes of `hit` (indices) and everything keyed by them: the
 *  labels on them (or for which `labelGone(label)` holds), their names, corrections and
 *  flags; the other keys follow their strokes' new indices. */
export function removeStrokes(doc, result, hit, labelGone = () => false) {
  const owners = labelOwners(doc, result);
  const index = new Map();
  let n = 0;
  doc.strokes.forEach((_, i) => { if (!hit.has(i)) index.set(i, n++); });
  const next = copyDocument(doc);
  next.strokes = doc.strokes.filter((_, i) => !hit.has(i));
  next.labels = doc.labels.flatMap((l, k) => {
    if (labelGone(l)) return [];
    if (l.stroke != null) return index.has(l.stroke) ? [{ ...l, stroke: index.get(l.stroke) }] : [];
    const owner = owners[k] >= 0 ? result.elements[owners[k]] : null;
    return owner && strokesOf(owner).some((s) => hit.has(s)) ? [] : [l];
  });
  const keyed = (list) => list.flatMap((x) => (x.stroke == null ? [x] : index.has(x.stroke) ? [{ ...x, stroke: index.get(x.stroke) }] : []));
  next.names = keyed(doc.names);
  next.corrections = keyed(doc.corrections);
  next.flags = keyed(doc.flags);
  return next;
}

/** Strokes that make the selected element (highlighted, deleted). */
export function strokesOfSelection(result, selection) {
  if (!result || !selection) return new Set();
  if (selection.kind === 'edge') return strokesToDelete(result, selection.index);
  return strokesOfStateWithArrows(result, selection.id);
}

/** What a point of the canvas is over: the handle in a transition's or loop's middle, a
 *  transition, loop, initial or rejected stroke's line, or a state (null when nothing).
 *  `curves` are the drawn curves by element, `ink` the document the result was made of. */
export function hitTest(p, result, curves, reach = 10) {
  if (!result) return null;
  let best = null;
  result.elements.forEach((e, index) => {
    const c = curves.get(index);
    let d = Infinity;
    if (c) d = Math.min(dist(p, c.middle) - 6, distToPolyline(p, c.points));
    else if (e.role === 'rejected' && result.doc) d = Math.min(...strokesOf(e).map((s) => distToPolyline(p, result.doc.strokes[s] || [])));
    if (d <= reach && (!best || d < best.distance)) best = { kind: 'edge', index, distance: d, middle: c ? c.middle : p };
  });
  if (best) return best;
  for (const s of result.automaton.states) {
    const r = s.final ? Math.max(s.ringRadius ?? s.radius * 1.2, s.radius + 4) : s.radius;
    if (dist(p, s.center) <= r) return { kind: 'state', id: s.id };
  }
  return null;
}

const round = (x) => Math.round(x * 100) / 100;
export { add, sub, mul };
