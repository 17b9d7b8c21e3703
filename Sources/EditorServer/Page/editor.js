// The editor page: draw with pen, touch or mouse; every finished stroke sends the whole
// document to /api/recognize and the snapped automaton is drawn over the faint ink. The
// page's automaton is kept as JSON in #board's data-automaton (for tests and exports).
import { dist, distToPolyline, bounds } from './geometry.js';
import { shapesFor, drawShapes, arrowCurve, symbolText } from './render.js';
import {
  emptyDocument, copyDocument, parseDocument, documentJSON, drawingBody, bindDecisions, setSymbols,
  symbolsOf, setName, setFlag, setCorrection, longSymbol, moveState, bendTransition, erase, hitTest,
  removeStrokes, strokesOfSelection, elementOfStroke, strokesOf,
} from './model.js';
import { inkDocument } from './ink.js';
import { dotText, jffText, svgText, pngBlob, download } from './exporters.js';

const $ = (id) => document.getElementById(id);
const board = $('board'), canvas = $('canvas'), ctx = canvas.getContext('2d');
const popup = $('editor-popup'), popupText = $('popup-text'), popupEpsilon = $('popup-epsilon');
const tools = $('selection-tools');

const editor = {
  doc: emptyDocument(),
  result: null,        // the server's answer for `result.doc`, states named as the user keeps them
  curves: new Map(),   // element index → {points, middle} of its drawn line
  mode: 'draw',
  past: [], future: [],
  view: { scale: 1, x: 0, y: 0 },  // screen = drawing · scale + (x, y)
  live: null,          // the pointer gesture in progress
  touches: new Map(),  // touch pointers down (two: a pinch)
  pinch: null,
  pendingStroke: null, // a finished stroke waiting for its recognition
  selection: null,     // {kind: 'edge', stroke} (an element, by its first stroke) or {kind: 'state', id}
  popupTarget: null,
  step: null,          // {word, steps, position}: the step-by-step run shown
  sent: 0, applied: 0, inflight: 0, queued: null,
  latencies: [],
};
window.faEditor = editor;

const emptyAutomaton = { states: [], transitions: [] };
const automaton = () => (editor.result ? editor.result.automaton : emptyAutomaton);

// ---- recognition ------------------------------------------------------------------------

function setStatus(text, error = false) {
  $('status').textContent = text;
  $('status').classList.toggle('error', error);
}

/** Sends the document for recognition. One request at a time: while one is out, only the
 *  newest document waits (a drag sends many). `penup` names a latency mark. */
function recognize(penup = null) {
  if (editor.inflight > 0) { editor.queued = { doc: editor.doc, penup: editor.queued?.penup || penup }; return; }
  send(editor.doc, penup);
}

async function send(doc, penup) {
  const seq = ++editor.sent;
  editor.inflight++;
  board.dataset.pending = String(editor.inflight + (editor.queued ? 1 : 0));
  setStatus('recognising…');
  try {
    const response = await fetch('/api/recognize', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: drawingBody(doc) });
    const json = await response.json();
    if (!response.ok) throw new Error(json.error || `HTTP ${response.status}`);
    if (seq > editor.applied) {
      editor.applied = seq;
      json.doc = doc;
      if (doc === editor.doc) {
        // Keep the names the server gave new states (and key version 1 decisions): the
        // document is completed in place, so undo and redo find it as it is now.
        const bound = bindDecisions(doc, json);
        if (bound !== doc) { doc.names = bound.names; doc.labels = bound.labels; }
      }
      editor.result = json;
      computeCurves();
      publish();
      if (editor.pendingStroke && doc.strokes.includes(editor.pendingStroke)) editor.pendingStroke = null;
      setStatus('');
      scheduleDraw(penup ? () => {
        performance.mark('snapped-' + penup);
        const m = performance.measure('pen-to-snap-' + penup, 'penup-' + penup, 'snapped-' + penup);
        editor.latencies.push(m.duration);
      } : null);
    }
  } catch (error) {
    setStatus('recognition failed: ' + error.message, true);
  } finally {
    editor.inflight--;
    const next = editor.queued;
    editor.queued = null;
    if (next) send(next.doc, next.penup);
    board.dataset.pending = String(editor.inflight + (editor.queued ? 1 : 0));
    if (editor.inflight === 0) board.dataset.version = String(Number(board.dataset.version) + 1);
  }
}

function computeCurves() {
  editor.curves = new Map();
  const r = editor.result;
  if (!r) return;
  const states = new Map(r.automaton.states.map((s) => [s.id, s]));
  r.elements.forEach((e, index) => {
    if (e.role === 'transition' || e.role === 'initial') {
      const points = arrowCurve(e, states.get(e.from), states.get(e.to));
      editor.curves.set(index, { points, middle: halfway(points) });
    } else if (e.role === 'cycle' && e.path && e.path.length) {
      const s = states.get(e.state);
      const far = s ? e.path.reduce((b, p) => (dist(p, s.center) > dist(b, s.center) ? p : b), e.path[0]) : e.path[0];
      editor.curves.set(index, { points: e.path, middle: far });
    }
  });
}

function halfway(points) {
  let total = 0;
  for (let i = 1; i < points.length; i++) total += dist(points[i], points[i - 1]);
  let left = total / 2;
  for (let i = 1; i < points.length; i++) {
    const l = dist(points[i], points[i - 1]);
    if (left <= l && l > 0) return { x: points[i - 1].x + (points[i].x - points[i - 1].x) * left / l, y: points[i - 1].y + (points[i].y - points[i - 1].y) * left / l };
    left -= l;
  }
  return points[points.length - 1];
}

/** Transitions and loops with no symbol (they never fire). */
function unlabelled() {
  return automaton().transitions.filter((t) => t.symbols.length === 0 && !t.epsilon);
}

/** Writes the automaton into data-automaton, the summary and the hint. */
function publish() {
  const a = automaton();
  board.dataset.automaton = JSON.stringify(a);
  const rejected = editor.result ? editor.result.elements.filter((e) => e.role === 'rejected').length : 0;
  const initial = a.states.filter((s) => s.initial).map((s) => s.id);
  const final = a.states.filter((s) => s.final).map((s) => s.id);
  const bare = unlabelled().length;
  $('summary').textContent = a.states.length === 0 ? 'No states yet: draw a circle.'
    : `${a.states.length} states, ${a.transitions.length} transitions; initial: ${initial.join(', ') || 'none'}; final: ${final.join(', ') || 'none'}`
      + (rejected ? `; ${rejected} stroke${rejected > 1 ? 's' : ''} not understood (dashed red)` : '')
      + (bare ? `; ${bare} transition${bare > 1 ? 's' : ''} with no symbol (red ?)` : '');
  $('runs').innerHTML = '';
  $('simulate-message').textContent = '';
  updateButtons();
  updateHint();
  placeTools();
}

function updateHint() {
  const a = automaton();
  const selected = selectedElement();
  $('hint').textContent = a.states.length === 0 ? 'Draw a circle for a state; an arrow from empty space into it makes it initial.'
    : selected && (selected.role === 'transition' || selected.role === 'cycle') ? 'Type its symbols (a,b — one character each; ε for an empty move), or use the buttons.'
      : unlabelled().length ? 'Tap a transition (red ?) to type its symbols.'
        : editor.selection ? 'Use the buttons to name, toggle, correct or delete it.'
          : 'Tap an element to label, name, correct or delete it.';
}

// ---- history ----------------------------------------------------------------------------

/** Makes `next` the document; `before` (default: the current one) goes on the undo stack. */
function commit(next, { before = editor.doc, penup = null, keepSelection = false } = {}) {
  editor.past.push(before);
  if (editor.past.length > 500) editor.past.shift();
  editor.future = [];
  editor.doc = next;
  if (!keepSelection) editor.selection = null;
  stopStepping();
  recognize(penup);
  scheduleDraw();
  updateButtons();
}

function undo() {
  if (editor.past.length === 0) return;
  closePopup();
  editor.future.push(editor.doc);
  editor.doc = editor.past.pop();
  editor.selection = null;
  stopStepping();
  recognize();
  scheduleDraw();
  updateButtons();
}

function redo() {
  if (editor.future.length === 0) return;
  closePopup();
  editor.past.push(editor.doc);
  editor.doc = editor.future.pop();
  editor.selection = null;
  stopStepping();
  recognize();
  scheduleDraw();
  updateButtons();
}

function updateButtons() {
  $('undo').disabled = editor.past.length === 0;
  $('redo').disabled = editor.future.length === 0;
}

// ---- drawing ----------------------------------------------------------------------------

let drawRequested = false;
const afterDraw = [];

function scheduleDraw(callback = null) {
  if (callback) afterDraw.push(callback);
  if (drawRequested) return;
  drawRequested = true;
  requestAnimationFrame(() => {
    drawRequested = false;
    draw();
    for (const f of afterDraw.splice(0)) f();
  });
}

function resize() {
  const rect = board.getBoundingClientRect();
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.max(1, Math.round(rect.width * ratio));
  canvas.height = Math.max(1, Math.round(rect.height * ratio));
  scheduleDraw();
}

/** The selected element of the result (null for none or a state). */
function selectedElement() {
  const s = editor.selection;
  if (!s || s.kind !== 'edge' || !editor.result) return null;
  const index = elementOfStroke(editor.result, s.stroke);
  return index >= 0 ? editor.result.elements[index] : null;
}
const selectedIndex = () => (editor.selection && editor.selection.kind === 'edge' && editor.result ? elementOfStroke(editor.result, editor.selection.stroke) : -1);

function draw() {
  const ratio = window.devicePixelRatio || 1;
  const v = editor.view;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(ratio * v.scale, 0, 0, ratio * v.scale, ratio * v.x, ratio * v.y);
  const pending = [];
  if (editor.pendingStroke) pending.push(editor.pendingStroke);
  if (editor.live && editor.live.mode === 'draw' && editor.live.points.length) pending.push(editor.live.points);
  const index = selectedIndex();
  const active = editor.step ? new Set(editor.step.steps[editor.step.position] || []) : null;
  const selectedState = editor.selection && editor.selection.kind === 'state' ? editor.selection.id : null;
  drawShapes(ctx, shapesFor(editor.doc, editor.result, { pending, highlight: index >= 0 ? index : null, active, selectedState }));
  const selected = selectedElement();
  if (selected && selected.role === 'rejected' && editor.result.doc) {
    for (const s of strokesOf(selected)) drawShapes(ctx, [{ kind: 'polyline', points: editor.result.doc.strokes[s] || [], width: 5, color: 'rgb(176,64,16)', opacity: 0.5 }]);
  }
  if (editor.mode === 'move') {  // the handles a transition is bent by
    editor.curves.forEach((c, i) => {
      if (editor.result.elements[i].role === 'initial') return;
      drawShapes(ctx, [{ kind: 'circle', center: c.middle, radius: 4, width: 1.5, color: 'rgb(176,64,16)', fill: '#fff', fillOpacity: 1 }]);
    });
  }
  if (editor.live && editor.live.mode === 'erase') {
    drawShapes(ctx, [{ kind: 'polyline', points: editor.live.points, width: 14, color: 'rgb(214,39,40)', opacity: 0.25 }]);
  }
  placeTools();
}

// ---- view: pan and zoom -----------------------------------------------------------------

/** Zooms by `factor` keeping the screen point (sx, sy) (canvas pixels) still. */
function zoom(factor, sx, sy) {
  const v = editor.view;
  const scale = Math.min(8, Math.max(0.1, v.scale * factor));
  const f = scale / v.scale;
  editor.view = { scale, x: sx - (sx - v.x) * f, y: sy - (sy - v.y) * f };
  closePopup();
  scheduleDraw();
  board.dataset.view = JSON.stringify(editor.view);
}

canvas.addEventListener('wheel', (event) => {
  event.preventDefault();
  const rect = canvas.getBoundingClientRect();
  zoom(Math.exp(-event.deltaY * 0.0015), event.clientX - rect.left, event.clientY - rect.top);
}, { passive: false });

// ---- pointer input ----------------------------------------------------------------------

function toDrawing(event) {
  const rect = canvas.getBoundingClientRect();
  const v = editor.view;
  return { x: round((event.clientX - rect.left - v.x) / v.scale), y: round((event.clientY - rect.top - v.y) / v.scale) };
}
const round = (x) => Math.round(x * 100) / 100;
const screenOf = (event) => { const r = canvas.getBoundingClientRect(); return { x: event.clientX - r.left, y: event.clientY - r.top }; };

/** Two fingers: the gesture in progress is dropped and the view follows the pinch. */
function startPinch() {
  const live = editor.live;
  if (live) {
    if (live.mode === 'move' && live.doc) { editor.doc = live.doc; recognize(); }
    editor.live = null;
  }
  const [a, b] = [...editor.touches.values()];
  editor.pinch = { distance: Math.max(dist(a, b), 1), middle: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, view: { ...editor.view } };
}

function movePinch() {
  const [a, b] = [...editor.touches.values()];
  const p = editor.pinch, v = p.view;
  const scale = Math.min(8, Math.max(0.1, v.scale * dist(a, b) / p.distance));
  const middle = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
  // The drawing point under the first middle stays under the fingers' middle.
  const dx = (p.middle.x - v.x) / v.scale, dy = (p.middle.y - v.y) / v.scale;
  editor.view = { scale, x: middle.x - dx * scale, y: middle.y - dy * scale };
  board.dataset.view = JSON.stringify(editor.view);
  scheduleDraw();
}

canvas.addEventListener('pointerdown', (event) => {
  if (event.pointerType === 'touch') {
    editor.touches.set(event.pointerId, screenOf(event));
    if (editor.touches.size === 2) { event.preventDefault(); startPinch(); return; }
    if (editor.touches.size > 2) return;
  }
  if (editor.live || editor.pinch || (event.pointerType === 'mouse' && event.button !== 0)) return;
  event.preventDefault();
  closePopup();
  try { canvas.setPointerCapture(event.pointerId); } catch { /* a pointer the browser does not track */ }
  const p = toDrawing(event);
  const live = { id: event.pointerId, mode: editor.mode, points: [p], start: p, screen: screenOf(event), view: { ...editor.view }, moved: false };
  if (editor.mode === 'move' && editor.result && editor.result.doc === editor.doc) {
    live.hit = hitTest(p, editor.result, editor.curves, 10 / editor.view.scale);
    if (live.hit && live.hit.kind === 'edge' && editor.result.elements[live.hit.index].role !== 'transition') live.hit = null;
    live.doc = editor.doc;
    live.result = editor.result;
  }
  editor.live = live;
  scheduleDraw();
});

canvas.addEventListener('pointermove', (event) => {
  if (event.pointerType === 'touch' && editor.touches.has(event.pointerId)) {
    editor.touches.set(event.pointerId, screenOf(event));
    if (editor.pinch && editor.touches.size === 2) { movePinch(); return; }
  }
  const live = editor.live;
  if (!live || event.pointerId !== live.id) return;
  if (live.mode === 'pan') {
    const s = screenOf(event);
    editor.view = { ...live.view, x: live.view.x + s.x - live.screen.x, y: live.view.y + s.y - live.screen.y };
    if (dist(s, live.screen) > 4) live.moved = true;
    board.dataset.view = JSON.stringify(editor.view);
    scheduleDraw();
    return;
  }
  const events = event.getCoalescedEvents ? event.getCoalescedEvents() : [];
  for (const e of events.length ? events : [event]) {
    const p = toDrawing(e);
    const last = live.points[live.points.length - 1];
    if (p.x !== last.x || p.y !== last.y) live.points.push(p);
  }
  const p = live.points[live.points.length - 1];
  if (dist(p, live.start) > 4 / editor.view.scale) live.moved = true;
  if (live.mode === 'move' && live.hit && live.moved) {
    const delta = { x: p.x - live.start.x, y: p.y - live.start.y };
    editor.doc = live.hit.kind === 'state' ? moveState(live.doc, live.result, live.hit.id, delta)
      : bendTransition(live.doc, live.result, live.hit.index, delta);
    recognize();
  }
  scheduleDraw();
});

function finishGesture(event, cancelled) {
  if (event.pointerType === 'touch') {
    editor.touches.delete(event.pointerId);
    if (editor.pinch) { if (editor.touches.size === 0) editor.pinch = null; return; }
  }
  const live = editor.live;
  if (!live || event.pointerId !== live.id) return;
  editor.live = null;
  if (cancelled) {
    if (live.mode === 'move' && live.doc) { editor.doc = live.doc; recognize(); }
    scheduleDraw();
    return;
  }
  if (live.mode === 'pan') {
    if (!live.moved) tap(live.start);
  } else if (!live.moved) {  // a tap: select, and open the symbol field of a transition
    tap(live.start);
  } else if (live.mode === 'draw') {
    const seq = editor.sent + 1000000 + editor.latencies.length + Math.random();
    const mark = String(seq);
    performance.mark('penup-' + mark);
    const stroke = live.points;
    editor.pendingStroke = stroke;
    commit({ ...copyDocument(editor.doc), strokes: [...editor.doc.strokes, stroke] }, { penup: mark });
  } else if (live.mode === 'erase') {
    const next = erase(editor.doc, editor.result, live.points, 10 / editor.view.scale);
    if (next) commit(next);
  } else if (live.mode === 'move' && live.hit) {
    commit(editor.doc, { before: live.doc });
  }
  scheduleDraw();
}
canvas.addEventListener('pointerup', (e) => finishGesture(e, false));
canvas.addEventListener('pointercancel', (e) => finishGesture(e, true));

function tap(p) {
  const hit = editor.result && editor.result.doc === editor.doc ? hitTest(p, editor.result, editor.curves, 10 / editor.view.scale) : null;
  editor.selection = !hit ? null : hit.kind === 'edge' ? { kind: 'edge', stroke: editor.result.elements[hit.index].stroke } : { kind: 'state', id: hit.id };
  scheduleDraw();
  updateHint();
  placeTools();
  if (!hit || hit.kind !== 'edge') return;
  const e = editor.result.elements[hit.index];
  if (e.role === 'transition' || e.role === 'cycle') openSymbols(hit.index);
}

function openSymbols(index) {
  const { symbols, epsilon } = symbolsOf(editor.doc, editor.result, index);
  openPopup({ kind: 'edge', index }, editor.curves.get(index).middle, 'Symbols', symbols.join(','), epsilon);
}

function openName(id) {
  const s = automaton().states.find((x) => x.id === id);
  if (s) openPopup({ kind: 'state', id }, s.center, 'Name', s.id, null);
}

// ---- the selection's tools (touch: everything a key does) ---------------------------------

function placeTools() {
  const sel = editor.selection;
  const r = editor.result;
  let at = null, element = null, state = null;
  if (sel && r && r.doc === editor.doc) {
    if (sel.kind === 'state') {
      state = r.automaton.states.find((s) => s.id === sel.id);
      if (state) at = { x: state.center.x, y: state.center.y + state.radius * 1.3 };
    } else {
      const index = elementOfStroke(r, sel.stroke);
      element = index >= 0 ? r.elements[index] : null;
      const c = editor.curves.get(index);
      if (c) at = c.middle;
      else if (element && r.doc.strokes[element.stroke]) { const b = bounds(r.doc.strokes[element.stroke]); at = { x: (b.minX + b.maxX) / 2, y: b.maxY }; }
    }
  }
  if (!at) { tools.hidden = true; return; }
  const labelled = element && (element.role === 'transition' || element.role === 'cycle');
  $('sel-label').hidden = !labelled;
  $('sel-name').hidden = !state;
  $('sel-final').hidden = !state;
  $('sel-initial').hidden = !state;
  if (state) {
    $('sel-final').setAttribute('aria-pressed', String(state.final));
    $('sel-initial').setAttribute('aria-pressed', String(state.initial));
  }
  $('sel-correct').value = '';
  tools.hidden = false;
  const v = editor.view;
  const x = at.x * v.scale + v.x, y = at.y * v.scale + v.y;
  const w = tools.offsetWidth, h = tools.offsetHeight;
  tools.style.left = Math.max(4, Math.min(board.clientWidth - w - 4, x - w / 2)) + 'px';
  tools.style.top = Math.max(4, Math.min(board.clientHeight - h - 4, y + 22)) + 'px';
}

/** The result, when it is the current document's (edits keyed by its strokes need it). */
function current() {
  if (editor.result && editor.result.doc === editor.doc) return editor.result;
  setStatus('one moment: the drawing is being recognised', true);
  return null;
}

$('sel-label').addEventListener('click', () => { const i = selectedIndex(); if (i >= 0 && current()) openSymbols(i); });
$('sel-name').addEventListener('click', () => { if (editor.selection && editor.selection.kind === 'state' && current()) openName(editor.selection.id); });
for (const key of ['final', 'initial']) {
  $('sel-' + key).addEventListener('click', () => {
    const r = current(), sel = editor.selection;
    if (!r || !sel || sel.kind !== 'state') return;
    const s = r.automaton.states.find((x) => x.id === sel.id);
    if (s) commit(setFlag(editor.doc, r, s.id, key, !s[key]), { keepSelection: true });
  });
}
$('sel-correct').addEventListener('change', () => {
  const as = $('sel-correct').value;
  const r = current();
  if (!as || !r || !editor.selection) return;
  const index = editor.selection.kind === 'edge' ? elementOfStroke(r, editor.selection.stroke)
    : r.elements.findIndex((e) => e.role === 'state' && e.state === editor.selection.id);
  if (index < 0) return;
  const stroke = r.elements[index].stroke;
  commit(setCorrection(editor.doc, r, index, as));
  editor.selection = { kind: 'edge', stroke };
});
$('sel-delete').addEventListener('click', deleteSelection);

function deleteSelection() {
  const r = current();
  if (!r || !editor.selection) return;
  const sel = editor.selection.kind === 'edge' ? { kind: 'edge', index: elementOfStroke(r, editor.selection.stroke) } : editor.selection;
  if (sel.kind === 'edge' && sel.index < 0) return;
  const hit = strokesOfSelection(r, sel);
  if (hit.size) commit(removeStrokes(editor.doc, r, hit));
}

// ---- the symbol / name field ------------------------------------------------------------

function openPopup(target, at, label, text, epsilon) {
  editor.popupTarget = { ...target, doc: editor.doc, result: editor.result };
  $('popup-label').textContent = label;
  popupText.value = text;
  popupEpsilon.hidden = epsilon === null;
  popupEpsilon.setAttribute('aria-pressed', String(!!epsilon));
  popupMessage('');
  popup.hidden = false;
  const v = editor.view;
  const x = at.x * v.scale + v.x, y = at.y * v.scale + v.y;
  const w = popup.offsetWidth, h = popup.offsetHeight;
  popup.style.left = Math.max(4, Math.min(board.clientWidth - w - 4, x - w / 2)) + 'px';
  popup.style.top = Math.max(4, Math.min(board.clientHeight - h - 4, y - h - 18)) + 'px';
  popupText.focus();
  popupText.select();
}

function popupMessage(text) {
  $('popup-message').textContent = text;
  $('popup-message').hidden = !text;
}

function closePopup() {
  popup.hidden = true;
  editor.popupTarget = null;
}

function applyPopup() {
  const t = editor.popupTarget;
  if (!t) return;
  if (t.doc !== editor.doc) { closePopup(); return; }  // the drawing changed meanwhile
  if (t.kind === 'edge') {
    const long = longSymbol(popupText.value);
    if (long) {
      popupMessage(`“${long}” is not one symbol: a symbol is one character. For several symbols type them with commas (${[...long].join(',')}).`);
      return;
    }
    const eps = popupEpsilon.getAttribute('aria-pressed') === 'true';
    const text = popupText.value.split(/[\s,]+/).filter((s) => s && s !== 'ε' && s.toLowerCase() !== 'eps').join(',')
      + (eps || /(^|[\s,])(ε|eps)([\s,]|$)/i.test(popupText.value) ? ',ε' : '');
    closePopup();
    commit(setSymbols(t.doc, t.result, t.index, text.replace(/^,/, '')));
  } else {
    const name = popupText.value.trim();
    if (!name) { popupMessage('A state needs a name.'); return; }
    if (name !== t.id && t.result.automaton.states.some((s) => s.id === name)) { popupMessage(`Another state is named ${name}.`); return; }
    closePopup();
    commit(setName(t.doc, t.result, t.id, name));
  }
  canvas.focus();
}

popupEpsilon.addEventListener('click', () => {
  popupEpsilon.setAttribute('aria-pressed', String(popupEpsilon.getAttribute('aria-pressed') !== 'true'));
  popupText.focus();
});
$('popup-ok').addEventListener('click', applyPopup);
popupText.addEventListener('keydown', (event) => {
  if (event.key === 'Enter') { event.preventDefault(); applyPopup(); }
  if (event.key === 'Escape') { event.preventDefault(); closePopup(); }
  event.stopPropagation();
});

// ---- simulation -------------------------------------------------------------------------

/** The words of the field: separated by spaces or commas; ε (or eps) is the empty word. */
function words() {
  return $('words').value.split(/[\s,]+/).filter((w) => w.length > 0).map((w) => (w === 'ε' || w === 'eps' ? '' : w));
}

/** Why the automaton cannot be sent as it is (null when it can). */
function notRunnable(a) {
  const long = a.transitions.flatMap((t) => t.symbols).find((x) => [...x].length > 1);
  return long ? `Cannot run: “${long}” is not one symbol (a symbol is one character); tap its transition and type it again.` : null;
}

async function simulate() {
  const inputs = words();
  editor.doc.inputs = inputs;
  stopStepping();
  const list = $('runs');
  list.innerHTML = '';
  const a = automaton();
  const message = $('simulate-message');
  if (inputs.length === 0) { message.textContent = 'Type some words first.'; return; }
  if (a.states.length === 0) { message.textContent = 'Cannot run: the drawing has no states.'; return; }
  const refusal = notRunnable(a);
  if (refusal) { message.textContent = refusal; return; }
  message.textContent = 'simulating…';
  board.dataset.simulating = '1';
  try {
    const response = await fetch('/api/simulate', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ automaton: a, inputs, steps: true }) });
    const json = await response.json();
    if (!response.ok) throw new Error(json.error || `HTTP ${response.status}`);
    const initial = a.states.filter((s) => s.initial).map((s) => s.id);
    const bare = unlabelled();
    message.textContent = [initial.length === 0 ? 'Cannot run: no initial state (draw an arrow from empty space into a state, or select a state and press Initial).'
      : initial.length > 1 ? `Several initial states (${initial.join(', ')}): simulated from all of them.` : '',
    bare.length ? `Warning: ${bare.map((t) => `${t.from}→${t.to}`).join(', ')} ${bare.length > 1 ? 'have' : 'has'} no symbol and never fire${bare.length > 1 ? '' : 's'} (tap ${bare.length > 1 ? 'them' : 'it'} to type one).` : '']
      .filter(Boolean).join(' ');
    for (const run of json.runs) {
      const li = document.createElement('li');
      li.className = run.accepted ? 'accepted' : 'rejected';
      li.dataset.word = run.input;
      li.dataset.accepted = String(run.accepted);
      const mark = document.createElement('span');
      mark.className = 'mark';
      mark.textContent = run.accepted ? '✓' : '✗';
      li.append(mark, ' ', run.input === '' ? 'ε' : run.input);
      if (run.steps) {
        const button = document.createElement('button');
        button.className = 'step';
        button.textContent = 'Step';
        button.title = 'Run it symbol by symbol, the active states highlighted';
        button.addEventListener('click', () => startStepping(run));
        li.append(button);
      }
      if (run.reason) {
        const reason = document.createElement('span');
        reason.className = 'reason';
        reason.textContent = run.reason;
        li.append(reason);
      }
      list.append(li);
    }
  } catch (error) {
    message.textContent = 'simulation failed: ' + error.message;
  } finally {
    delete board.dataset.simulating;
  }
}

$('simulate-form').addEventListener('submit', (event) => { event.preventDefault(); simulate(); });

function startStepping(run) {
  editor.step = { word: [...run.input], steps: run.steps, position: 0, accepted: run.accepted };
  showStep();
}

function stopStepping() {
  if (!editor.step) return;
  editor.step = null;
  $('stepper').hidden = true;
  delete board.dataset.active;
  scheduleDraw();
}

function showStep() {
  const s = editor.step;
  $('stepper').hidden = false;
  const word = $('step-word');
  word.innerHTML = '';
  const read = document.createElement('span'); read.className = 'read'; read.textContent = s.word.slice(0, s.position).join('');
  const next = document.createElement('span'); next.className = 'next'; next.textContent = s.word[s.position] || '';
  const rest = document.createElement('span'); rest.textContent = s.word.slice(s.position + 1).join('');
  word.append(read, next, rest);
  if (s.word.length === 0) word.textContent = 'ε';
  const active = s.steps[s.position] || [];
  const end = s.position === s.word.length || (s.position > 0 && active.length === 0);
  $('step-active').textContent = `after ${s.position} of ${s.word.length} symbols: {${active.join(', ')}}`
    + (active.length === 0 ? ' — no state is active: the word is rejected' : '')
    + (s.position === s.word.length && active.length ? (s.accepted ? ' — ends in a final state: accepted ✓' : ' — no final state active: rejected ✗') : '');
  $('step-back').disabled = s.position === 0;
  $('step-forward').disabled = end;
  board.dataset.active = JSON.stringify(active);
  board.dataset.stepPosition = String(s.position);
  scheduleDraw();
}

$('step-back').addEventListener('click', () => { if (editor.step && editor.step.position > 0) { editor.step.position--; showStep(); } });
$('step-forward').addEventListener('click', () => { if (editor.step && editor.step.position < editor.step.word.length) { editor.step.position++; showStep(); } });

// ---- operations (the toolkit's, on the server) ------------------------------------------

async function operate(operation, regex = null) {
  const out = $('op-result');
  const a = automaton();
  if (a.states.length === 0) { out.textContent = 'Draw an automaton first.'; return; }
  const refusal = notRunnable(a);
  if (refusal) { out.textContent = refusal; return; }
  out.textContent = operation + '…';
  board.dataset.operating = '1';
  try {
    const response = await fetch('/api/operate', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ automaton: a, operation, ...(regex != null ? { regex } : {}) }) });
    const json = await response.json();
    if (!response.ok) throw new Error(json.error || `HTTP ${response.status}`);
    out.dataset.result = JSON.stringify(json);
    out.innerHTML = '';
    if (json.automaton) {
      const n = json.automaton.states.length;
      out.textContent = `${operation}: ${n} state${n === 1 ? '' : 's'}, drawn in place of your drawing (Undo brings it back).`;
      commit(inkDocument(json.automaton));
      fitView();
    } else if (json.regex != null) {
      out.textContent = 'Regular expression: ' + json.regex;
    } else if (json.equivalent) {
      out.textContent = `The drawing accepts exactly ${regex}.`;
    } else {
      const word = json.counterexample === '' ? 'ε' : json.counterexample;
      out.textContent = `Not the same language: “${word}” is accepted by the ${json.acceptedBy} only. `;
      const button = document.createElement('button');
      button.id = 'simulate-counterexample';
      button.textContent = 'Simulate it';
      button.addEventListener('click', async () => {
        $('words').value = word;
        await simulate();
        const run = document.querySelector('#runs li .step');
        if (run) run.click();
      });
      out.append(button);
    }
  } catch (error) {
    out.textContent = operation + ' failed: ' + error.message;
  } finally {
    delete board.dataset.operating;
  }
}

for (const op of ['determinize', 'minimize', 'complement', 'regex']) $('op-' + op).addEventListener('click', () => operate(op));
$('compare-form').addEventListener('submit', (event) => { event.preventDefault(); operate('compare', $('compare-regex').value); });

// ---- tools, files, keys -----------------------------------------------------------------

function setMode(mode) {
  editor.mode = mode;
  for (const m of ['draw', 'move', 'erase', 'pan']) $('mode-' + m).setAttribute('aria-pressed', String(m === mode));
  for (const m of ['move', 'erase', 'pan']) board.classList.toggle(m, mode === m);
  closePopup();
  scheduleDraw();
}

/** The document as saved: FORMATS.md §1, editor document version 2. */
function documentText() {
  return documentJSON({ ...editor.doc, inputs: words() }) + '\n';
}

async function openText(text, name = '') {
  let doc;
  try {
    if (name.toLowerCase().endsWith('.jff') || text.trimStart().startsWith('<')) {
      const response = await fetch('/api/jflap', { method: 'POST', headers: { 'Content-Type': 'application/xml' }, body: text });
      const json = await response.json();
      if (!response.ok) throw new Error(json.error || `HTTP ${response.status}`);
      doc = inkDocument(json.automaton);
    } else {
      doc = parseDocument(text);
    }
  } catch (error) { setStatus('cannot open: ' + error.message, true); return; }
  commit(doc);
  $('words').value = doc.inputs.map((w) => (w === '' ? 'ε' : w)).join(' ');
  fitView();
}

/** Shows the whole drawing: scaled down (never up) and moved when it does not fit. */
function fitView() {
  const b = bounds(editor.doc.strokes.flat());
  const w = board.clientWidth, h = board.clientHeight;
  editor.view = { scale: 1, x: 0, y: 0 };
  if (b && (b.minX < 0 || b.minY < 0 || b.maxX > w || b.maxY > h)) {
    const scale = Math.min(1, (w - 40) / Math.max(b.maxX - b.minX, 1), (h - 40) / Math.max(b.maxY - b.minY, 1));
    editor.view = { scale, x: 20 - b.minX * scale, y: 20 - b.minY * scale };
  }
  board.dataset.view = JSON.stringify(editor.view);
  scheduleDraw();
}

const exportShapes = () => shapesFor(editor.doc, editor.result, { ink: $('export-ink').checked });
$('mode-draw').addEventListener('click', () => setMode('draw'));
$('mode-move').addEventListener('click', () => setMode('move'));
$('mode-erase').addEventListener('click', () => setMode('erase'));
$('mode-pan').addEventListener('click', () => setMode('pan'));
$('zoom-in').addEventListener('click', () => zoom(1.25, board.clientWidth / 2, board.clientHeight / 2));
$('zoom-out').addEventListener('click', () => zoom(0.8, board.clientWidth / 2, board.clientHeight / 2));
$('zoom-fit').addEventListener('click', fitView);
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('clear').addEventListener('click', () => { if (editor.doc.strokes.length || editor.doc.labels.length) commit({ ...emptyDocument(), inputs: editor.doc.inputs }); });
$('save').addEventListener('click', () => download('automaton.json', documentText(), 'application/json'));
$('open').addEventListener('click', () => $('open-file').click());
$('open-file').addEventListener('change', async (event) => {
  const file = event.target.files[0];
  if (file) await openText(await file.text(), file.name);
  event.target.value = '';
});
$('export-svg').addEventListener('click', () => download('automaton.svg', svgText(exportShapes()), 'image/svg+xml'));
$('export-png').addEventListener('click', async () => download('automaton.png', await pngBlob(exportShapes())));
$('export-dot').addEventListener('click', () => download('automaton.dot', dotText(automaton()), 'text/vnd.graphviz'));
$('export-jff').addEventListener('click', () => download('automaton.jff', jffText(automaton()), 'application/xml'));

document.addEventListener('keydown', (event) => {
  const typing = ['INPUT', 'TEXTAREA', 'SELECT'].includes(document.activeElement?.tagName);
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key.toLowerCase();
  if (ctrl && key === 'enter') { event.preventDefault(); simulate(); return; }
  if (ctrl && key === 's') { event.preventDefault(); $('save').click(); return; }
  if (ctrl && key === 'o') { event.preventDefault(); $('open').click(); return; }
  if (typing) return;
  if (ctrl && key === 'z' && !event.shiftKey) { event.preventDefault(); undo(); }
  else if (ctrl && (key === 'y' || (key === 'z' && event.shiftKey))) { event.preventDefault(); redo(); }
  else if (ctrl) return;
  else if (key === 'delete' || key === 'backspace') { event.preventDefault(); deleteSelection(); }
  else if (key === 'escape') { closePopup(); editor.selection = null; scheduleDraw(); updateHint(); }
  else if (key === 'd') setMode('draw');
  else if (key === 'm') setMode('move');
  else if (key === 'e') setMode('erase');
  else if (key === 'p') setMode('pan');
  else if (key === '+' || key === '=') zoom(1.25, board.clientWidth / 2, board.clientHeight / 2);
  else if (key === '-') zoom(0.8, board.clientWidth / 2, board.clientHeight / 2);
  else if (key === '0') fitView();
});

// For tests: the edits as functions of the page's state.
Object.assign(editor, {
  documentText, openText, commit, undo, redo, simulate, operate,
  svgText: () => svgText(exportShapes()),
  dotText: () => dotText(automaton()),
  jffText: () => jffText(automaton()),
  symbolText, distToPolyline,
  documentJSON: () => documentJSON(editor.doc),
  model: { setSymbols, moveState, bendTransition, erase, removeStrokes, strokesOfSelection, elementOfStroke, setName, setFlag, setCorrection, inkDocument, copyDocument },
});

new ResizeObserver(resize).observe(board);
resize();
updateButtons();
updateHint();
