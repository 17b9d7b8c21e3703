// Exports: Graphviz DOT (as Automaton.dot() in the library), JFLAP .jff (as
// `fa-automaton --format jff`), SVG and PNG of the drawing as
// it is shown, and the drawing document (JSON).
import { drawShapes, shapeBounds, svgFromShapes } from './render.js';

const quoted = (s) => '"' + String(s).replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"';
const fmt = (x) => (Math.round(x * 100) / 100).toString();

/** DOT text: final states doublecircle, an invisible point entering each initial state,
 *  one edge per transition labelled with its symbols and ε; states pinned at their drawn
 *  positions (pos, y flipped) for `neato -n`. */
export function dotText(automaton, name = 'automaton') {
  const lines = [`digraph ${quoted(name)} {`, '  rankdir=LR;', '  node [shape=circle];'];
  for (const s of automaton.states) {
    lines.push(`  ${quoted(s.id)} [shape=${s.final ? 'doublecircle' : 'circle'}, pos=${quoted(`${fmt(s.center.x)},${fmt(-s.center.y)}!`)}];`);
  }
  for (const s of automaton.states.filter((x) => x.initial)) {
    const start = quoted('__start_' + s.id);
    lines.push(`  ${start} [shape=point, style=invis];`, `  ${start} -> ${quoted(s.id)};`);
  }
  for (const t of automaton.transitions) {
    const label = [...t.symbols, ...(t.epsilon ? ['ε'] : [])].join(', ');
    lines.push(`  ${quoted(t.from)} -> ${quoted(t.to)} [label=${quoted(label)}];`);
  }
  lines.push('}');
  return lines.join('\n') + '\n';
}

const xml = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
  .replace(/"/g, '&quot;').replace(/'/g, '&apos;');

/** JFLAP 7 `.jff` text (as `fa-automaton --format jff` writes it): state `i` gets id `i` and
 *  its name, drawn positions kept; one `<transition>` per symbol, an empty `<read/>` for ε. */
export function jffText(automaton) {
  const number = new Map(automaton.states.map((s, i) => [s.id, i]));
  const lines = ['<?xml version="1.0" encoding="UTF-8" standalone="no"?><!--Created with FiniteAutomataToolkit.--><structure>',
    '\t<type>fa</type>', '\t<automaton>', '\t\t<!--The list of states.-->'];
  automaton.states.forEach((s, i) => {
    lines.push(`\t\t<state id="${i}" name="${xml(s.id)}">`, `\t\t\t<x>${fmt(s.center.x)}</x>`,
      `\t\t\t<y>${fmt(s.center.y)}</y>`);
    if (s.initial) lines.push('\t\t\t<initial/>');
    if (s.final) lines.push('\t\t\t<final/>');
    lines.push('\t\t</state>');
  });
  lines.push('\t\t<!--The list of transitions.-->');
  for (const t of automaton.transitions) {
    if (!number.has(t.from) || !number.has(t.to)) continue;
    for (const read of [...t.symbols, ...(t.epsilon ? [null] : [])]) {
      lines.push('\t\t<transition>', `\t\t\t<from>${number.get(t.from)}</from>`,
        `\t\t\t<to>${number.get(t.to)}</to>`,
        read === null ? '\t\t\t<read/>' : `\t\t\t<read>${xml(read)}</read>`, '\t\t</transition>');
    }
  }
  lines.push('\t</automaton>', '</structure>');
  return lines.join('\n') + '\n';
}

export { svgFromShapes as svgText };

/** The shapes drawn on a white PNG fitted to them (2 pixels per unit), as a Blob. */
export function pngBlob(shapes, margin = 24) {
  const b = shapeBounds(shapes) || { minX: 0, minY: 0, maxX: 100, maxY: 100 };
  const scale = 2;
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil((b.maxX - b.minX + 2 * margin) * scale);
  canvas.height = Math.ceil((b.maxY - b.minY + 2 * margin) * scale);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.setTransform(scale, 0, 0, scale, (margin - b.minX) * scale, (margin - b.minY) * scale);
  drawShapes(ctx, shapes);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

/** Offers `data` (a string or Blob) as a download named `name`. */
export function download(name, data, type) {
  const blob = data instanceof Blob ? data : new Blob([data], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
