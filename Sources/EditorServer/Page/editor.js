// The editor page: draw with pen, touch or mouse; every finished stroke sends the whole
// drawing to /api/recognize and the snapped automaton is drawn over the faint ink. The
// page's automaton (names applied) is kept as JSON in #board's data-automaton.
import { dist, distToPolyline, bounds } from './geometry.js';
import { shapesFor, drawShapes, arrowCurve, symbolText } from './render.js';
import {
  emptyDocument, copyDocument, parseDocument, drawingBody, applyNames, setSymbols, symbolsOf,
  setName, moveState, bendTransition, erase, hitTest, removeStrokes, strokesOfSelection,
} from './model.js';
import { dotText, jffText, svgText, pngBlob, download } from './exporters.js';

const $ = (id) => document.getElementById(id);
const board = $('board'), canvas = $('canvas'), ctx = canvas.getContext('2d');
const popup = $('editor-popup'), popupText = $('popup-text'), popupEpsilon = $('popup-epsilon');

const editor = {
  doc: emptyDocument(),
  result: null,        // the server's answer for `result.doc`, state ids q0, q1, …
  named: null,         // the same with the document's state names
  curves: new Map(),   // element index → {points, middle} of its drawn line
  mode: 'draw',
  past: [], future: [],
  view: { scale: 1, x: 0, y: 0 },  // screen = drawing · scale + (x, y)
  live: null,          // the pointer gesture in progress
  pendingStroke: null, // a finished stroke waiting for its recognition
  selection: null,     // {kind: 'edge', index} or {kind: 'state', id}
  popupTarget: null,
  sent: 0, applied: 0, inflight: 0, queued: null,
  latencies: [],
};
window.faEditor = editor;

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
      editor.result = json;
      editor.named = applyNames(doc, json);
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
    if (e.role === 'transition') {
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

/** Writes the automaton into data-automaton and the summary. */
function publish() {
  const a = editor.named ? editor.named.automaton : { states: [], transitions: [] };
  board.dataset.automaton = JSON.stringify(a);
  const rejected = editor.result ? editor.result.elements.filter((e) => e.role === 'rejected').length : 0;
  const initial = a.states.filter((s) => s.initial).map((s) => s.id);
  const final = a.states.filter((s) => s.final).map((s) => s.id);
  $('summary').textContent = a.states.length === 0 ? 'No states yet: draw a circle.'
    : `${a.states.length} states, ${a.transitions.length} transitions; initial: ${initial.join(', ') || 'none'}; final: ${final.join(', ') || 'none'}`
      + (rejected ? `; ${rejected} stroke${rejected > 1 ? 's' : ''} not understood (dashed red)` : '');
  $('runs').innerHTML = '';
  $('simulate-message').textContent = '';
  updateButtons();
}

// ---- history ----------------------------------------------------------------------------

/** Makes `next` the document; `before` (default: the current one) goes on the undo stack. */
function commit(next, { before = editor.doc, penup = null } = {}) {
  editor.past.push(before);
  if (editor.past.length > 500) editor.past.shift();
  editor.future = [];
  editor.doc = next;
  editor.selection = null;
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

function draw() {
  const ratio = window.devicePixelRatio || 1;
  const v = editor.view;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(ratio * v.scale, 0, 0, ratio * v.scale, ratio * v.x, ratio * v.y);
  const pending = [];
  if (editor.pendingStroke) pending.push(editor.pendingStroke);
  if (editor.live && editor.live.mode === 'draw' && editor.live.points.length) pending.push(editor.live.points);
  const highlight = editor.selection && editor.selection.kind === 'edge' ? editor.selection.index : null;
  drawShapes(ctx, shapesFor(editor.doc, editor.named, { pending, highlight }));
  if (editor.selection && editor.selection.kind === 'state' && editor.result) {
    const s = editor.result.automaton.states.find((x) => x.id === editor.selection.id);
    if (s) drawShapes(ctx, [{ kind: 'circle', center: s.center, radius: s.radius + 3, width: 1.5, color: 'rgb(176,64,16)' }]);
  }
  if (editor.mode === 'move') {  // the handles a transition is bent by
    for (const c of editor.curves.values()) drawShapes(ctx, [{ kind: 'circle', center: c.middle, radius: 4, width: 1.5, color: 'rgb(176,64,16)', fill: '#fff', fillOpacity: 1 }]);
  }
  if (editor.live && editor.live.mode === 'erase') {
    drawShapes(ctx, [{ kind: 'polyline', points: editor.live.points, width: 14, color: 'rgb(214,39,40)', opacity: 0.25 }]);
  }
}

// ---- pointer input ----------------------------------------------------------------------

function toDrawing(event) {
  const rect = canvas.getBoundingClientRect();
  const v = editor.view;
  return { x: round((event.clientX - rect.left - v.x) / v.scale), y: round((event.clientY - rect.top - v.y) / v.scale) };
}
const round = (x) => Math.round(x * 100) / 100;

canvas.addEventListener('pointerdown', (event) => {
  if (editor.live || (event.pointerType === 'mouse' && event.button !== 0)) return;
  event.preventDefault();
  closePopup();
  try { canvas.setPointerCapture(event.pointerId); } catch { /* a pointer the browser does not track */ }
  const p = toDrawing(event);
  const live = { id: event.pointerId, mode: editor.mode, points: [p], start: p, moved: false };
  if (editor.mode === 'move' && editor.result) {
    live.hit = hitTest(p, editor.result, editor.curves);
    live.doc = editor.doc;
    live.result = editor.result;
  }
  editor.live = live;
  scheduleDraw();
});

canvas.addEventListener('pointermove', (event) => {
  const live = editor.live;
  if (!live || event.pointerId !== live.id) return;
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
  const live = editor.live;
  if (!live || event.pointerId !== live.id) return;
  editor.live = null;
  if (cancelled) {
    if (live.mode === 'move' && live.doc) { editor.doc = live.doc; recognize(); }
    scheduleDraw();
    return;
  }
  if (!live.moved) {  // a tap: select, and open the symbol or name field
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
  const hit = hitTest(p, editor.result, editor.curves);
  editor.selection = hit ? (hit.kind === 'edge' ? { kind: 'edge', index: hit.index } : { kind: 'state', id: hit.id }) : null;
  scheduleDraw();
  if (!hit) return;
  if (hit.kind === 'edge') {
    const e = editor.result.elements[hit.index];
    if (e.role !== 'transition' && e.role !== 'cycle') return;
    const { symbols, epsilon } = symbolsOf(editor.doc, editor.result, hit.index);
    openPopup({ kind: 'edge', index: hit.index }, editor.curves.get(hit.index).middle, 'Symbols', symbols.join(','), epsilon);
  } else {
    const s = editor.result.automaton.states.find((x) => x.id === hit.id);
    const shown = editor.named.automaton.states[editor.result.automaton.states.indexOf(s)].id;
    openPopup({ kind: 'state', id: hit.id }, s.center, 'Name', shown, null);
  }
}

// ---- the symbol / name field ------------------------------------------------------------

function openPopup(target, at, label, text, epsilon) {
  editor.popupTarget = { ...target, doc: editor.doc, result: editor.result };
  $('popup-label').textContent = label;
  popupText.value = text;
  popupEpsilon.hidden = epsilon === null;
  popupEpsilon.setAttribute('aria-pressed', String(!!epsilon));
  popup.hidden = false;
  const v = editor.view;
  const x = at.x * v.scale + v.x, y = at.y * v.scale + v.y;
  const w = popup.offsetWidth, h = popup.offsetHeight;
  popup.style.left = Math.max(4, Math.min(board.clientWidth - w - 4, x - w / 2)) + 'px';
  popup.style.top = Math.max(4, Math.min(board.clientHeight - h - 4, y - h - 18)) + 'px';
  popupText.focus();
  popupText.select();
}

function closePopup() {
  popup.hidden = true;
  editor.popupTarget = null;
}

function applyPopup() {
  const t = editor.popupTarget;
  if (!t) return;
  closePopup();
  if (t.doc !== editor.doc) return;  // the drawing changed meanwhile
  if (t.kind === 'edge') {
    const eps = popupEpsilon.getAttribute('aria-pressed') === 'true';
    const text = popupText.value.split(/[\s,]+/).filter((s) => s && s !== 'ε').join(',') + (eps ? ',ε' : '');
    commit(setSymbols(t.doc, t.result, t.index, text.replace(/^,/, '')));
  } else {
    commit(setName(t.doc, t.result, t.id, popupText.value));
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

async function simulate() {
  const inputs = words();
  editor.doc.inputs = inputs;
  const list = $('runs');
  list.innerHTML = '';
  const automaton = editor.named ? editor.named.automaton : { states: [], transitions: [] };
  const message = $('simulate-message');
  if (inputs.length === 0) { message.textContent = 'Type some words first.'; return; }
  if (automaton.states.length === 0) { message.textContent = 'Cannot run: the drawing has no states.'; return; }
  message.textContent = 'simulating…';
  board.dataset.simulating = '1';
  try {
    const response = await fetch('/api/simulate', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ automaton, inputs }) });
    const json = await response.json();
    if (!response.ok) throw new Error(json.error || `HTTP ${response.status}`);
    const initial = automaton.states.filter((s) => s.initial).map((s) => s.id);
    message.textContent = initial.length === 0 ? 'Cannot run: no initial state (draw an arrow from empty space into a state).'
      : initial.length > 1 ? `Several initial states (${initial.join(', ')}): simulated from all of them.` : '';
    for (const run of json.runs) {
      const li = document.createElement('li');
      li.className = run.accepted ? 'accepted' : 'rejected';
      li.dataset.word = run.input;
      li.dataset.accepted = String(run.accepted);
      const mark = document.createElement('span');
      mark.className = 'mark';
      mark.textContent = run.accepted ? '✓' : '✗';
      li.append(mark, ' ', run.input === '' ? 'ε' : run.input);
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

// ---- tools, files, keys -----------------------------------------------------------------

function setMode(mode) {
  editor.mode = mode;
  for (const m of ['draw', 'move', 'erase']) $('mode-' + m).setAttribute('aria-pressed', String(m === mode));
  board.classList.toggle('move', mode === 'move');
  board.classList.toggle('erase', mode === 'erase');
  closePopup();
  scheduleDraw();
}

function deleteSelection() {
  const hit = strokesOfSelection(editor.result, editor.selection);
  if (hit.size) commit(removeStrokes(editor.doc, editor.result, hit));
}

/** The document as saved: FORMATS.md §1 with the state names. */
function documentText() {
  const d = editor.doc;
  return JSON.stringify({ strokes: d.strokes, labels: d.labels, inputs: words(), names: d.names }) + '\n';
}

function openText(text) {
  let doc;
  try { doc = parseDocument(text); } catch (error) { setStatus('cannot open: ' + error.message, true); return; }
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
  scheduleDraw();
}

const exportShapes = () => shapesFor(editor.doc, editor.named);
$('mode-draw').addEventListener('click', () => setMode('draw'));
$('mode-move').addEventListener('click', () => setMode('move'));
$('mode-erase').addEventListener('click', () => setMode('erase'));
$('undo').addEventListener('click', undo);
$('redo').addEventListener('click', redo);
$('clear').addEventListener('click', () => { if (editor.doc.strokes.length || editor.doc.labels.length) commit({ ...emptyDocument(), inputs: editor.doc.inputs }); });
$('save').addEventListener('click', () => download('automaton.json', documentText(), 'application/json'));
$('open').addEventListener('click', () => $('open-file').click());
$('open-file').addEventListener('change', async (event) => {
  const file = event.target.files[0];
  if (file) openText(await file.text());
  event.target.value = '';
});
$('export-svg').addEventListener('click', () => download('automaton.svg', svgText(exportShapes()), 'image/svg+xml'));
$('export-png').addEventListener('click', async () => download('automaton.png', await pngBlob(exportShapes())));
$('export-dot').addEventListener('click', () => download('automaton.dot', dotText(editor.named ? editor.named.automaton : { states: [], transitions: [] }), 'text/vnd.graphviz'));
$('export-jff').addEventListener('click', () => download('automaton.jff', jffText(editor.named ? editor.named.automaton : { states: [], transitions: [] }), 'application/xml'));

document.addEventListener('keydown', (event) => {
  const typing = ['INPUT', 'TEXTAREA'].includes(document.activeElement?.tagName);
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
  else if (key === 'escape') { closePopup(); editor.selection = null; scheduleDraw(); }
  else if (key === 'd') setMode('draw');
  else if (key === 'm') setMode('move');
  else if (key === 'e') setMode('erase');
});

editor.documentText = documentText;
editor.openText = openText;
editor.svgText = () => svgText(exportShapes());
editor.dotText = () => dotText(editor.named ? editor.named.automaton : { states: [], transitions: [] });
editor.jffText = () => jffText(editor.named ? editor.named.automaton : { states: [], transitions: [] });
editor.symbolText = symbolText;
editor.distToPolyline = distToPolyline;

new ResizeObserver(resize).observe(board);
resize();
updateButtons();
