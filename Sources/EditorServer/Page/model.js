// The editor's document and the edits made on it. The document is a drawing document of
// FORMATS.md §1 — {strokes, labels, inputs} — plus `names` ({text, x, y}: a state name at the
// state's centre; readers ignore the key). Every edit returns a new document; the
// automaton is always what the server recognises from the document, so the ink itself is
// edited: dragging a state moves its strokes and stretches the arrows attached to it,
// bending a transition bows its stroke, typed symbols are labels on the transition's ink.
import { add, sub, mul, dist, distToPolyline, halfLengthPoint } from './geometry.js';

export function emptyDocument() { return { strokes: [], labels: [], names: [], inputs: [] }; }

/** A copy that shares nothing with `doc`. */
export function copyDocument(doc) { return JSON.parse(JSON.stringify(doc)); }

/** Reads a saved document: a §1 drawing document or a bare stroke list. Throws with a
 *  message on anything else. */
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
  if (!Array.isArray(value)) {
    for (const [key, list] of [['labels', value.labels], ['names', value.names]]) {
      if (list == null) continue;
      if (!Array.isArray(list)) throw new Error(`"${key}": expected an array`);
      list.forEach((l, i) => {
        if (!l || typeof l.text !== 'string') throw new Error(`${key} ${i}: expected {"text", "x", "y"}`);
        doc[key].push({ text: l.text, ...point(l, `${key} ${i}`) });
      });
    }
    if (value.inputs != null) {
      if (!Array.isArray(value.inputs) || !value.inputs.every((w) => typeof w === 'string')) throw new Error('"inputs": expected an array of strings');
      doc.inputs = value.inputs.slice();
    }
  }
  return doc;
}

/** What is sent to /api/recognize. */
export function drawingBody(doc) { return JSON.stringify({ strokes: doc.strokes, labels: doc.labels }); }

/** For each label, the index of the element it belongs to (the transition or loop whose
 *  ink passes nearest, as the server's Assembler decides), or -1. */
export function labelOwners(doc, result) {
  const carriers = [];
  (result ? result.elements : []).forEach((e, i) => {
    if ((e.role === 'transition' || e.role === 'cycle') && doc.strokes[e.stroke]) carriers.push(i);
  });
  return doc.labels.map((l) => {
    let best = -1, bestDistance = Infinity;
    for (const i of carriers) {
      const d = distToPolyline(l, doc.strokes[result.elements[i].stroke]);
      if (d < bestDistance) { best = i; bestDistance = d; }
    }
    return best;
  });
}

/** The state (of the server's result) a name belongs to: the one whose centre is nearest,
 *  within 1.5 radii. */
function stateOfName(name, states) {
  let best = null, bestDistance = Infinity;
  for (const s of states) {
    const d = dist(name, s.center);
    if (d <= 1.5 * s.radius && d < bestDistance) { best = s; bestDistance = d; }
  }
  return best;
}

/** The result with the document's state names in place of q0, q1, … (in states, elements
 *  and transitions). A name already taken keeps the state's own id. */
export function applyNames(doc, result) {
  if (!result) return null;
  const rename = new Map();
  const taken = new Set(result.automaton.states.map((s) => s.id));
  for (const n of doc.names) {
    const s = stateOfName(n, result.automaton.states);
    const text = n.text.trim();
    if (!s || !text || rename.has(s.id) || (taken.has(text) && text !== s.id)) continue;
    taken.delete(s.id);
    taken.add(text);
    rename.set(s.id, text);
  }
  const id = (x) => (x == null ? x : rename.get(x) ?? x);
  return {
    ...result,
    elements: result.elements.map((e) => ({ ...e, ...('state' in e ? { state: id(e.state) } : {}),
      ...('from' in e ? { from: id(e.from) } : {}), ...('to' in e ? { to: id(e.to) } : {}) })),
    automaton: {
      states: result.automaton.states.map((s) => ({ ...s, id: id(s.id) })),
      transitions: result.automaton.transitions.map((t) => ({ ...t, from: id(t.from), to: id(t.to) })),
    },
  };
}

/** Symbols typed for element `index` (a transition or loop): its labels are replaced by one
 *  label on its ink's midpoint, `text` like "a,b" or "a,ε"; empty text removes them. */
export function setSymbols(doc, result, index, text) {
  const owners = labelOwners(doc, result);
  const next = copyDocument(doc);
  next.labels = doc.labels.filter((_, k) => owners[k] !== index).map((l) => ({ ...l }));
  const clean = text.split(/[\s,]+/).filter((t) => t.length > 0).join(',');
  if (clean) {
    const at = halfLengthPoint(doc.strokes[result.elements[index].stroke]);
    next.labels.push({ text: clean, x: round(at.x), y: round(at.y) });
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

/** The state named `name` (empty: the default name): the name sits at its centre. */
export function setName(doc, result, stateId, name) {
  const state = result.automaton.states.find((s) => s.id === stateId);
  if (!state) return doc;
  const next = copyDocument(doc);
  next.names = doc.names.filter((n) => stateOfName(n, result.automaton.states) !== state);
  if (name.trim()) next.names.push({ text: name.trim(), x: round(state.center.x), y: round(state.center.y) });
  return next;
}

/** Strokes of state `id`: its circle, its final ring and its self-loops. */
function strokesOfState(result, id) {
  return result.elements.filter((e) => (e.role === 'state' || e.role === 'final' || e.role === 'cycle') && e.state === id)
    .map((e) => e.stroke);
}

/** Where along an arrow element a point lies: 0 at its drawn start, 1 at its tip. */
function along(e, p) {
  const a = dist(p, e.start), b = dist(p, e.tip);
  return a + b > 0 ? a / (a + b) : 0.5;
}

/** The document with state `id` moved by `delta`: its strokes and names move, an arrow
 *  attached to it stretches (the attached end moves fully, the other end stays), an
 *  initial arrow into it moves with it, and the labels follow their transitions. */
export function moveState(doc, result, id, delta) {
  const next = copyDocument(doc);
  const whole = new Set(strokesOfState(result, id));
  const weights = new Map();  // stroke index → (point → weight)
  result.elements.forEach((e) => {
    if (e.role === 'initial' && e.to === id) whole.add(e.stroke);
    if (e.role !== 'transition') return;
    const atStart = e.from === id, atTip = e.to === id;
    if (atStart && atTip) whole.add(e.stroke);
    else if (atStart) weights.set(e.stroke, (p) => 1 - along(e, p));
    else if (atTip) weights.set(e.stroke, (p) => along(e, p));
  });
  const move = (p, w) => ({ x: round(p.x + w * delta.x), y: round(p.y + w * delta.y) });
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
    const w = weights.get(owner.stroke);
    return w ? { ...l, ...move(l, w(l)) } : l;
  });
  const state = result.automaton.states.find((s) => s.id === id);
  next.names = doc.names.map((n) => (state && stateOfName(n, result.automaton.states) === state ? { ...n, ...move(n, 1) } : n));
  return next;
}

/** The document with transition `index` bowed so that its middle moves by `delta` (the
 *  original's flex point): both ends stay, the labels on it move with the middle. */
export function bendTransition(doc, result, index, delta) {
  const e = result.elements[index];
  const next = copyDocument(doc);
  const bow = (p) => { const t = along(e, p); const w = 4 * t * (1 - t); return { x: round(p.x + w * delta.x), y: round(p.y + w * delta.y) }; };
  next.strokes[e.stroke] = doc.strokes[e.stroke].map(bow);
  const owners = labelOwners(doc, result);
  next.labels = doc.labels.map((l, k) => (owners[k] === index ? { ...l, x: round(l.x + delta.x), y: round(l.y + delta.y) } : l));
  return next;
}

/** The document without every element the eraser path crosses (within `reach`): their
 *  strokes, the labels on them, the names of erased states, and labels the path crosses.
 *  Returns null when nothing is hit. */
export function erase(doc, result, path, reach = 10) {
  const hit = new Set();
  doc.strokes.forEach((s, i) => {
    if (s.some((p) => distToPolyline(p, path) <= reach) || path.some((p) => distToPolyline(p, s) <= reach)) hit.add(i);
  });
  const owners = labelOwners(doc, result);
  const labelGone = (l, k) => (owners[k] >= 0 && hit.has(result.elements[owners[k]].stroke)) || distToPolyline(l, path) <= reach + 6;
  if (hit.size === 0 && !doc.labels.some(labelGone)) return null;
  return removeStrokes(doc, result, hit, labelGone);
}

/** The document without the strokes of `hit` (indices), the labels on them (or for which
 *  `labelGone(label, k)` holds) and the names of the states they drew. */
export function removeStrokes(doc, result, hit, labelGone = null) {
  const owners = labelOwners(doc, result);
  const gone = labelGone || ((l, k) => owners[k] >= 0 && hit.has(result.elements[owners[k]].stroke));
  const states = result ? result.automaton.states : [];
  const erasedStates = new Set(result ? result.elements.filter((e) => e.role === 'state' && hit.has(e.stroke)).map((e) => e.state) : []);
  const nameGone = (n) => { const s = stateOfName(n, states); return s != null && erasedStates.has(s.id); };
  const next = copyDocument(doc);
  next.strokes = doc.strokes.filter((_, i) => !hit.has(i));
  next.labels = doc.labels.filter((l, k) => !gone(l, k));
  next.names = doc.names.filter((n) => !nameGone(n));
  return next;
}

/** Strokes that make the selected element: a transition's or loop's stroke; a state's
 *  circle, ring and loops. */
export function strokesOfSelection(result, selection) {
  if (!result || !selection) return new Set();
  if (selection.kind === 'edge') return new Set([result.elements[selection.index].stroke]);
  return new Set(strokesOfState(result, selection.id));
}

/** What a point of the canvas is over: the handle in a transition's or loop's middle, a
 *  transition or loop's line, or a state (null when nothing). `named` is the result with
 *  names applied (for the states' ids shown), `curves` the drawn curves by element. */
export function hitTest(p, result, curves) {
  if (!result) return null;
  let best = null;
  result.elements.forEach((e, index) => {
    const c = curves.get(index);
    if (!c) return;
    const d = Math.min(dist(p, c.middle) - 6, distToPolyline(p, c.points));
    if (d <= 10 && (!best || d < best.distance)) best = { kind: 'edge', index, distance: d, middle: c.middle };
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
