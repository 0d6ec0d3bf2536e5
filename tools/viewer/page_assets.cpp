#include "viewer/page_assets.h"

namespace wl::tools {

const char kViewerCss[] = R"CSS(
* { box-sizing: border-box; }
html, body { margin: 0; height: 100%; }
body { font: 13px/1.35 system-ui, "DejaVu Sans", Arial, sans-serif;
  color: #1f2933; background: #e8eef1; }
#app { display: flex; height: 100vh; }
#mapbox { flex: 1; min-width: 0; background: #e8eef1; }
#map { width: 100%; height: 100%; display: block; }
#side { width: 400px; flex: none; display: flex; flex-direction: column;
  gap: 7px; padding: 10px 12px; background: #fbfbf8;
  border-left: 1px solid #c5cfd5; overflow: hidden; }
h1 { font-size: 16px; margin: 0 0 3px; }
#players, #meta { font-size: 12px; color: #52606d; }
#result { font-weight: bold; margin-top: 3px; }
#result.final { background: #fff3c4; border-radius: 4px; padding: 1px 4px; }
.row { display: flex; align-items: center; gap: 4px; flex-wrap: wrap; }
button, select { font: inherit; font-size: 12px; padding: 2px 7px;
  border: 1px solid #9aa5b1; border-radius: 4px; background: #fff;
  cursor: pointer; }
button:hover { background: #eef2f5; }
button.on { background: #334e68; color: #fff; border-color: #334e68; }
#slider { width: 100%; margin: 2px 0; }
.status { font-size: 14px; }
#event { font-family: "DejaVu Sans Mono", monospace; font-size: 12px;
  min-height: 18px; padding: 2px 5px; border-radius: 3px;
  background: #eef2f5; white-space: pre; overflow: hidden;
  text-overflow: ellipsis; }
#event.illegal { background: #ffe3e3; color: #a61b1b; }
#moves { flex: 1; min-height: 60px; overflow-y: auto; margin: 0;
  padding: 0; list-style: none; border: 1px solid #d9e2ec;
  border-radius: 4px; background: #fff;
  font-family: "DejaVu Sans Mono", monospace; font-size: 11.5px; }
#moves li { padding: 1px 6px; cursor: pointer; white-space: pre-wrap;
  border-left: 4px solid transparent; }
#moves li:hover { background: #f0f4f8; }
#moves li.p1 { border-left-color: #d1342f; }
#moves li.p2 { border-left-color: #2f6fd1; }
#moves li.start { color: #7b8794; font-style: italic;
  font-family: system-ui, "DejaVu Sans", sans-serif; }
#moves li.illegal { color: #b42318; background: #fff1f0; }
#moves li.illegal::after { content: "  illegal"; font-weight: bold; }
#moves li.parse { color: #8a2c0d; background: #fff4e5; white-space: normal; }
#moves li.parse::before { content: "parse error  "; font-weight: bold; }
#moves li.note { color: #6b4f00; background: #fffbea; white-space: normal; }
#moves li.cur { background: #fff3c4; outline: 1px solid #e0b400; }
#chart .metric { display: flex; justify-content: space-between;
  font-size: 11.5px; margin-top: 2px; }
#chart svg { display: block; }
#chart .axis { stroke: #bcccdc; }
#chart polyline { fill: none; stroke-width: 1.6; }
#chart polyline.p1 { stroke: #d1342f; }
#chart polyline.p2 { stroke: #2f6fd1; }
#chart .cursor { stroke: #e0b400; stroke-width: 2; }
#chart text { font-size: 10px; fill: #7b8794; }
.v1 { color: #d1342f; font-weight: bold; }
.v2 { color: #2f6fd1; font-weight: bold; }
#legend { display: flex; flex-wrap: wrap; gap: 3px 10px; font-size: 11.5px;
  color: #3e4c59; }
#legend i { display: inline-block; width: 11px; height: 11px;
  border-radius: 50%; vertical-align: -1px; margin-right: 3px;
  border: 1px solid #52606d; }
#keys { font-size: 11px; color: #7b8794; }
.sr { opacity: .45; }
#links { stroke: #5f6c76; fill: none; stroke-opacity: .75; }
.rg .body { stroke: #3e4c59; fill: #f7f7f2; }
.rg[data-owner=player1] .body { fill: #d1342f; stroke: #7a1411; }
.rg[data-owner=player2] .body { fill: #2f6fd1; stroke: #123d80; }
.rg[data-owner=unknown] .body { fill: #8d959c; stroke: #5a636b;
  fill-opacity: .85; }
.rg .a { text-anchor: middle; font-weight: bold; fill: #1f2933; }
.rg[data-owner=player1] .a, .rg[data-owner=player2] .a { fill: #fff; }
.rg .id { text-anchor: middle; fill: #243b53; paint-order: stroke;
  stroke: #ffffffd0; }
.rg .waste { fill: none; stroke: #7c4a03; }
.rg.cand .body { stroke: #e0b400; }
.bonus rect { fill: #fffdf5; }
.bonus text { text-anchor: middle; font-weight: bold; fill: #243b53; }
#overlay { pointer-events: none; }
#spot { fill: none; stroke: #e0b400; }
#arrow { fill: none; stroke: #e0b400; stroke-linecap: round; }
#arrow.p1, #spot.p1 { stroke: #8f1512; }
#arrow.p2, #spot.p2 { stroke: #0f3b85; }
#arrow.illegal, #spot.illegal { stroke: #e02424; }
#tag { text-anchor: middle; font-weight: bold; fill: #1f2933;
  paint-order: stroke; stroke: #fff; }
)CSS";

const char kViewerPanel[] = R"HTML(<div id="side">
<header>
<h1 id="title">Warlight replay</h1>
<div id="players"></div>
<div id="meta"></div>
<div id="result"></div>
</header>
<div id="controls">
<div class="row">
<button id="first" title="first step (Home)">|&#9664;</button>
<button id="prevround" title="previous round (up)">&#9664;&#9664;</button>
<button id="prev" title="previous step (left)">&#9664;</button>
<button id="play" title="play / pause (space)">&#9654; play</button>
<button id="next" title="next step (right)">&#9654;</button>
<button id="nextround" title="next round (down)">&#9654;&#9654;</button>
<button id="last" title="last step (End)">&#9654;|</button>
<select id="speed" title="speed (+/-)"></select>
</div>
<input type="range" id="slider" min="0" max="0" value="0" title="round">
<div class="row status">Round&nbsp;<b id="round">0</b>&nbsp;of&nbsp;<span id="rounds">0</span>&nbsp;&middot; step&nbsp;<span id="step">0/0</span></div>
<div class="row" id="views"><button data-v="0">full</button><button data-v="1">player1</button><button data-v="2">player2</button>&nbsp;view: <b id="view" data-view="0">full</b></div>
<div id="event"></div>
</div>
<ol id="moves"></ol>
<div id="chart"></div>
<div id="legend"></div>
<div id="keys">space play/pause &middot; &larr;/&rarr; step &middot; &uarr;/&darr; round &middot; Home/End &middot; v view &middot; +/&minus; speed</div>
</div>
)HTML";

const char kViewerJs[] = R"JS(
'use strict';
(function () {
  const D = JSON.parse(document.getElementById('replay-data').textContent);
  const $ = (id) => document.getElementById(id);
  const SVGNS = 'http://www.w3.org/2000/svg';
  const NAMES = ['full', 'player1', 'player2'];
  const OWNERS = ['neutral', 'player1', 'player2', 'unknown'];
  const N = D.n;
  const R = +$('map').dataset.r;

  // Regions on the map.
  const regionEl = [], armyEl = [], centre = [];
  document.querySelectorAll('#regions .rg').forEach((g) => {
    const id = +g.dataset.id;
    const m = /translate\(([-\d.]+)[ ,]+([-\d.]+)\)/.exec(
        g.getAttribute('transform'));
    regionEl[id] = g;
    armyEl[id] = g.querySelector('.a');
    centre[id] = [+m[1], +m[2]];
  });

  function apply(state, delta) {
    for (let k = 0; k < delta.length; k += 2) state[delta[k]] = delta[k + 1];
  }

  // A view's steps, with the state at each round start precomputed.
  function prepare(v) {
    const n = v.d.length, rs = v.rs;
    const round = new Int32Array(n);
    for (let r = 0; r < rs.length; r++) {
      const end = r + 1 < rs.length ? rs[r + 1] : n;
      for (let i = rs[r]; i < end; i++) round[i] = r;
    }
    const cur = new Float64Array(N + 1), kf = [];
    for (let i = 0, r = 0; i < n; i++) {
      apply(cur, v.d[i]);
      if (r < rs.length && i === rs[r]) {
        kf.push(cur.slice());
        r++;
      }
    }
    let f = null;
    if (v.f) {  // stored as differences
      f = new Int32Array(n);
      for (let i = 0, at = 0; i < n; i++) f[i] = at += v.f[i];
    }
    return {n, rs, d: v.d, f, e: v.e || {}, round, kf};
  }
  const views = D.views.map(prepare);
  const full = views[0];
  const rounds = full.rs.length - 1;

  const fullIndex = (V, i) => (V.f ? V.f[i] : i);
  // The last step of V at or before the full view's step pos.
  function viewStep(V, pos) {
    if (!V.f) return Math.max(0, Math.min(pos, V.n - 1));
    let lo = 0, hi = V.n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (V.f[mid] <= pos) lo = mid; else hi = mid - 1;
    }
    return lo;
  }
  const roundEnd = (V, r) => (r + 1 < V.rs.length ? V.rs[r + 1] : V.n) - 1;
  const eventOf = (V, i) => (i in V.e ? V.e[i] : D.ev[fullIndex(V, i)]);

  function eventText(e) {
    if (!e) return '';
    const p = 'player' + e[0] + ' ';
    switch (e[1]) {
      case 0: return p + 'place_armies ' + e[2] + ' ' + e[3];
      case 1: return p + 'attack/transfer ' + e[2] + ' ' + e[3] + ' ' + e[4];
      case 2: return p + 'illegal_move ' + e[2];
      default: return p + e[2];
    }
  }

  function stateAt(V, i) {
    const r = V.round[i], s = V.kf[r].slice();
    for (let k = V.rs[r] + 1; k <= i; k++) apply(s, V.d[k]);
    return s;
  }

  // What is shown: a step of the full view, and the view.
  let pos = 0, view = 0, timer = null, speed = 3;
  const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16, 32];
  const shown = new Float64Array(N + 1).fill(-1);
  let listKey = '', candRound = -1;

  function setAttr(el, attrs) {
    for (const k in attrs) el.setAttribute(k, attrs[k]);
  }
  function hideOverlay() {
    setAttr($('spot'), {cx: -999, cy: -999, class: ''});
    setAttr($('arrow'), {x1: -999, y1: -999, x2: -999, y2: -999, class: ''});
    setAttr($('tag'), {x: -999, y: -999});
    $('tag').textContent = '';
  }
  function spot(id, cls, label) {
    if (!centre[id]) return;
    const [x, y] = centre[id];
    setAttr($('spot'), {cx: x, cy: y, class: cls});
    setAttr($('tag'), {x: x, y: y - 1.75 * R});
    $('tag').textContent = label;
  }
  function drawEvent(e) {
    hideOverlay();
    if (!e) return;
    const cls = 'p' + e[0] + (e[1] === 2 ? ' illegal' : '');
    if (e[1] === 0) {
      spot(e[2], cls, '+' + e[3]);
    } else if (e[1] === 1 && centre[e[2]] && centre[e[3]]) {
      const [x1, y1] = centre[e[2]], [x2, y2] = centre[e[3]];
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
      setAttr($('arrow'), {x1: x1 + ux * R * 1.05, y1: y1 + uy * R * 1.05,
                           x2: x2 - ux * R * 1.25, y2: y2 - uy * R * 1.25,
                           class: cls});
      setAttr($('tag'), {x: (x1 + x2) / 2 - uy * R * 0.9,
                         y: (y1 + y2) / 2 + ux * R * 0.9});
      $('tag').textContent = e[4];
    } else if (e[1] === 2) {
      const m = /^(\d+) /.exec(e[2]);
      if (m) spot(+m[1], cls, 'illegal');
    }
  }

  function renderMoves(V, r, i) {
    const ol = $('moves'), key = view + ':' + r;
    if (key !== listKey) {
      listKey = key;
      ol.textContent = '';
      const add = (text, cls, step) => {
        const li = document.createElement('li');
        li.textContent = text;
        li.className = cls;
        if (step !== undefined) {
          li.dataset.i = step;
          li.addEventListener('click', () => {
            pause();
            pos = fullIndex(V, step);
            render();
          });
        }
        ol.append(li);
      };
      const PHASES = ['pick', 'placement', 'attack/transfer'];
      for (const [p, kind, phase, text] of D.logs[r] || []) {
        if (view !== 0 && p !== view) continue;
        add('player' + p + ' (' + PHASES[phase] + '): ' +
                text.replace(/^Parse error: /, ''),
            (kind === 0 ? 'parse p' : 'note p') + p);
      }
      const start = V.rs[r];
      add(r === 0 ? 'draft: initial map' : 'start of round ' + r, 'start',
          start);
      for (let k = start + 1; k <= roundEnd(V, r); k++) {
        const e = eventOf(V, k);
        add(eventText(e), 'p' + e[0] + (e[1] === 2 ? ' illegal' : ''), k);
      }
    }
    const old = ol.querySelector('li.cur');
    if (old) old.classList.remove('cur');
    const cur = ol.querySelector('li[data-i="' + i + '"]');
    if (cur) {
      cur.classList.add('cur');
      const top = cur.offsetTop - ol.offsetTop, h = ol.clientHeight;
      if (top < ol.scrollTop || top + cur.offsetHeight > ol.scrollTop + h) {
        ol.scrollTop = Math.max(0, top - h / 3);
      }
    }
  }

  function render() {
    const V = views[view];
    const i = viewStep(V, pos), r = V.round[i];
    const s = stateAt(V, i);
    for (let id = 1; id <= N; id++) {
      const g = regionEl[id];
      if (!g || s[id] === shown[id]) continue;
      shown[id] = s[id];
      const owner = OWNERS[s[id] % 4];
      const text = owner === 'unknown' ? '' : String(Math.floor(s[id] / 4));
      g.setAttribute('data-owner', owner);
      g.setAttribute('data-armies', text);
      armyEl[id].textContent = text;
    }
    if ((r === 0) !== (candRound === 0)) {
      for (const id of D.cand) {
        if (regionEl[id]) regionEl[id].classList.toggle('cand', r === 0);
      }
    }
    candRound = r;
    const start = V.rs[r], end = roundEnd(V, r);
    $('round').textContent = r;
    $('step').textContent = (i - start) + '/' + (end - start);
    $('view').textContent = NAMES[view];
    $('view').dataset.view = view;
    document.body.dataset.round = r;
    document.body.dataset.step = i - start;
    document.body.dataset.view = NAMES[view];
    $('slider').value = r;
    const e = i === start ? 0 : eventOf(V, i);
    $('event').textContent = e ? eventText(e)
        : (r === 0 ? 'draft: initial map' : 'start of round ' + r);
    $('event').className = e && e[1] === 2 ? 'illegal' : '';
    drawEvent(e);
    renderMoves(V, r, i);
    document.querySelectorAll('#views button').forEach((b) => {
      b.classList.toggle('on', +b.dataset.v === view);
    });
    $('result').classList.toggle('final', i === V.n - 1);
    moveCursor(r === 0 ? 0 : r - 1 + (end > start ? (i - start) / (end - start) : 1));
  }

  // Navigation, in the current view's steps.
  function step(delta) {
    const V = views[view];
    const i = viewStep(V, pos) + delta;
    if (i < 0 || i >= V.n) return false;
    pos = fullIndex(V, i);
    render();
    return true;
  }
  function gotoRound(r) {
    pos = full.rs[Math.max(0, Math.min(rounds, r))];
    render();
  }
  function roundStep(delta) {
    const V = views[view], i = viewStep(V, pos), r = V.round[i];
    if (delta < 0 && i > V.rs[r]) gotoRound(r); else gotoRound(r + delta);
  }
  function setView(v) {
    view = v;
    render();
  }
  function pause() {
    if (timer) clearInterval(timer);
    timer = null;
    $('play').innerHTML = '&#9654; play';
  }
  function play() {
    pause();
    const V = views[view];
    if (viewStep(V, pos) >= V.n - 1) pos = 0;
    timer = setInterval(() => { if (!step(1)) pause(); },
                        300 / SPEEDS[speed]);
    $('play').innerHTML = '&#10074;&#10074; pause';
  }
  const togglePlay = () => (timer ? pause() : play());
  function setSpeed(k) {
    speed = Math.max(0, Math.min(SPEEDS.length - 1, k));
    $('speed').value = speed;
    if (timer) play();
  }

  // The side panel.
  function el(name, attrs, text) {
    const e = document.createElementNS(SVGNS, name);
    setAttr(e, attrs);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  const res = D.result || {};
  const players = Array.isArray(res.players) ? res.players : [];
  const botName = (p) => (players[p - 1] && players[p - 1].bot) || '';
  const label = (p) => 'player' + p + (botName(p) ? ' (' + botName(p) + ')' : '');
  if (botName(1) || botName(2)) {
    $('title').textContent = (botName(1) || 'player1') + ' vs ' +
        (botName(2) || 'player2');
  }
  $('players').innerHTML = '';
  for (const p of [1, 2]) {
    const info = players[p - 1] || {};
    const div = document.createElement('div');
    const parts = [];
    if ('illegal_moves' in info) parts.push('illegal ' + info.illegal_moves);
    if ('parse_errors' in info) parts.push('parse errors ' + info.parse_errors);
    if ('timeouts' in info) parts.push('time-outs ' + info.timeouts);
    if (info.killed) parts.push('killed');
    if ('time_used_ms' in info) parts.push(info.time_used_ms + ' ms');
    const name = document.createElement('span');
    name.className = 'v' + p;
    name.textContent = label(p);
    div.append(name, parts.length ? ': ' + parts.join(', ') : '');
    $('players').append(div);
  }
  const meta = [];
  if ('seed' in res) meta.push('seed ' + res.seed);
  if (res.map) meta.push('map ' + String(res.map).replace(/^.*\//, ''));
  meta.push(N + ' regions');
  $('meta').textContent = meta.join(' \u00b7 ');
  $('result').textContent = D.end === 'Nobody won'
      ? 'Draw after ' + rounds + ' rounds'
      : label(D.end === 'player1 won' ? 1 : 2) + ' won after ' + rounds +
          ' rounds';
  $('rounds').textContent = rounds;
  $('slider').max = rounds;
  document.querySelectorAll('#views button').forEach((b) => {
    const v = +b.dataset.v;
    if (v > 0) b.textContent = label(v) + "'s fog";
    b.addEventListener('click', () => setView(v));
  });
  SPEEDS.forEach((x, k) => {
    const o = document.createElement('option');
    o.value = k;
    o.textContent = x + 'x';
    $('speed').append(o);
  });
  $('speed').value = speed;
  $('speed').addEventListener('change', () => setSpeed(+$('speed').value));
  $('slider').addEventListener('input', () => {
    pause();
    gotoRound(+$('slider').value);
  });
  $('first').addEventListener('click', () => { pause(); pos = 0; render(); });
  $('last').addEventListener('click', () => {
    pause();
    pos = full.n - 1;
    render();
  });
  $('prev').addEventListener('click', () => { pause(); step(-1); });
  $('next').addEventListener('click', () => { pause(); step(1); });
  $('prevround').addEventListener('click', () => { pause(); roundStep(-1); });
  $('nextround').addEventListener('click', () => { pause(); roundStep(1); });
  $('play').addEventListener('click', togglePlay);
  const legend = [['#d1342f', label(1)], ['#2f6fd1', label(2)],
                  ['#f7f7f2', 'neutral'], ['#8d959c', 'fog (unknown)']];
  for (const [colour, text] of legend) {
    const span = document.createElement('span');
    span.innerHTML = '<i></i>';
    span.firstChild.style.background = colour;
    span.append(text);
    $('legend').append(span);
  }
  const extra = document.createElement('span');
  extra.innerHTML = '<i style="border:2px dashed #7c4a03;background:none">' +
      '</i>wasteland &middot; <i style="border:2px dashed #e0b400;' +
      'background:none"></i>draft candidate &middot; <b>+N</b> bonus';
  $('legend').append(extra);

  // The chart: regions, armies and income after each round.
  const cursors = [];
  function buildChart() {
    const W = 376, H = 46, L = 30, T = 3, B = 3;
    const count = D.stats.regions[0].length;
    const xOf = (k) => L + (W - L - 3) * (count > 1 ? k / (count - 1) : 0);
    for (const [key, title] of [['regions', 'Regions'], ['armies', 'Armies'],
                                ['income', 'Income']]) {
      const series = D.stats[key];
      const max = Math.max(1, ...series[0], ...series[1]);
      const yOf = (v) => T + (H - T - B) * (1 - v / max);
      const head = document.createElement('div');
      head.className = 'metric';
      const values = document.createElement('span');
      head.append(title, values);
      const svg = el('svg', {width: W, height: H, viewBox: '0 0 ' + W + ' ' + H});
      svg.append(el('line', {x1: L, x2: W - 3, y1: H - B, y2: H - B,
                             class: 'axis'}));
      svg.append(el('text', {x: L - 4, y: 11, 'text-anchor': 'end'}, max));
      svg.append(el('text', {x: L - 4, y: H - B, 'text-anchor': 'end'}, 0));
      for (const p of [0, 1]) {
        svg.append(el('polyline', {
          class: 'p' + (p + 1),
          points: series[p].map((v, k) => xOf(k).toFixed(1) + ',' +
                                              yOf(v).toFixed(1)).join(' ')}));
      }
      const cursor = el('line', {y1: T, y2: H - B, class: 'cursor'});
      svg.append(cursor);
      cursors.push({cursor, values, series, xOf, count});
      $('chart').append(head, svg);
    }
  }
  function moveCursor(x) {
    for (const c of cursors) {
      const k = Math.max(0, Math.min(c.count - 1, x));
      setAttr(c.cursor, {x1: c.xOf(k), x2: c.xOf(k)});
      const at = Math.floor(k + 1e-9);
      c.values.innerHTML = '';
      const a = document.createElement('span'), b = document.createElement('span');
      a.className = 'v1';
      b.className = 'v2';
      a.textContent = c.series[0][at];
      b.textContent = c.series[1][at];
      c.values.append('after round ' + at + ': ', a, ' / ', b);
    }
  }
  buildChart();

  document.addEventListener('keydown', (ev) => {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    switch (ev.key) {
      case ' ': togglePlay(); break;
      case 'ArrowRight': pause(); step(1); break;
      case 'ArrowLeft': pause(); step(-1); break;
      case 'ArrowDown': case 'PageDown': pause(); roundStep(1); break;
      case 'ArrowUp': case 'PageUp': pause(); roundStep(-1); break;
      case 'Home': pause(); pos = 0; render(); break;
      case 'End': pause(); pos = full.n - 1; render(); break;
      case 'v': case 'V': setView((view + 1) % 3); break;
      case '+': case '=': setSpeed(speed + 1); break;
      case '-': case '_': setSpeed(speed - 1); break;
      default: return;
    }
    ev.preventDefault();
  }, true);

  // ?round=R&step=K&view=V selects what is shown first.
  const q = new URLSearchParams(location.search);
  if (q.has('view')) {
    const v = q.get('view');
    view = /^[012]$/.test(v) ? +v : Math.max(0, NAMES.indexOf(v));
  }
  if (q.has('round') || q.has('step')) {
    const V = views[view];
    const r = Math.max(0, Math.min(rounds, parseInt(q.get('round'), 10) || 0));
    let i = V.rs[r];
    if (q.has('step')) {
      const k = parseInt(q.get('step'), 10) || 0;
      i = k < 0 ? roundEnd(V, r) : Math.min(V.rs[r] + k, roundEnd(V, r));
    }
    pos = fullIndex(V, i);
  }
  render();
  // ?keys=v,ArrowRight,... presses keys after loading (tests; Space is ' ').
  for (const key of (q.get('keys') || '').split(',').filter((k) => k)) {
    document.dispatchEvent(new KeyboardEvent(
        'keydown', {key: key === 'Space' ? ' ' : key, bubbles: true}));
  }
})();
)JS";

}  // namespace wl::tools
