// shell.js: the replay page's controls, the same for every game: the round
// slider, play/pause and its speed, stepping by event and by round, the
// keys, the views (full, a player's fog, ...) and the URL parameters that
// choose what is shown on load. The game's script draws; this one decides
// what to draw and keeps the DOM contract of the tests:
//   #round (the round), #step ("k/n": the k-th step of the round's n),
//   #view and its data-view, body's data-round, data-step and data-view.
//
// The game's script calls ReplayShell.start(game) once, where
//   game.views   [{name, label, n, rs, f}, ...] its timelines, the first
//                one the full view: n steps, rs[r] the index of round r's
//                first step (round 0 is what comes before round 1), and for
//                the others f[i], the first view's step that step i shows
//   game.render  function ({view, step, round, first, last}) drawing step
//                `step` of view `view` (its round starts at step `first`
//                and ends at step `last`)
// ReplayShell.data() is the page's data (<script id="replay-data">),
// ReplayShell.show(i) pauses and shows step i of the current view. The
// games' drawing helpers: ReplayShell.$(id) the element of that id,
// setAttr(el, {name: value, ...}), svgEl(name, attrs[, text]) a new SVG
// element, htmlEl(name[, className[, text]]) a new HTML element,
// addLegend(className, text) a swatch (<i class=className>) and its text
// in #legend, addChart(title, series, classes, size) a line chart in #chart
// (see there), compactNumber(v) its axis labels' text
// ("1.55M"). A script error anywhere in the page shows in #event and in
// body's data-error (for tests).
//
// Keys: space play/pause, left/right one step, up/down one round, Home/End,
// v the next view, +/- speed. URL: ?round=R&step=K&view=V (V a number or a
// view's name; K 0 the round's start, -1 its end) and keys=v,ArrowRight,...
// (pressed after loading, Space for ' ').
/* exported ReplayShell */
'use strict';
window.addEventListener('error', (ev) => {
  document.body.dataset.error = ev.message || 'error';
  const box = document.getElementById('event');
  if (box) box.textContent = 'the page failed: ' + ev.message;
});
const ReplayShell = (function () {
  const $ = (id) => document.getElementById(id);
  const SVGNS = 'http://www.w3.org/2000/svg';
  const SPEEDS = [0.25, 0.5, 1, 2, 4, 8, 16, 32];
  let views = [], game = null;
  let pos = 0, view = 0, timer = null, speed = 3;

  // A view with the round of each of its steps.
  function timeline(v) {
    const round = new Int32Array(v.n);
    for (let r = 0; r < v.rs.length; r++) {
      const end = r + 1 < v.rs.length ? v.rs[r + 1] : v.n;
      for (let i = v.rs[r]; i < end; i++) round[i] = r;
    }
    return {name: v.name, label: v.label || v.name, n: v.n, rs: v.rs,
            f: v.f || null, round};
  }
  const rounds = () => views[0].rs.length - 1;
  const fullIndex = (V, i) => (V.f ? V.f[i] : i);
  // The last step of V at or before the full view's step pos.
  function viewStep(V, at) {
    if (!V.f) return Math.max(0, Math.min(at, V.n - 1));
    let lo = 0, hi = V.n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (V.f[mid] <= at) lo = mid; else hi = mid - 1;
    }
    return lo;
  }
  const roundEnd = (V, r) => (r + 1 < V.rs.length ? V.rs[r + 1] : V.n) - 1;

  function render() {
    const V = views[view];
    const i = viewStep(V, pos), r = V.round[i];
    const first = V.rs[r], last = roundEnd(V, r);
    $('round').textContent = r;
    $('step').textContent = (i - first) + '/' + (last - first);
    $('view').textContent = V.name;
    $('view').dataset.view = view;
    document.body.dataset.round = r;
    document.body.dataset.step = i - first;
    document.body.dataset.view = V.name;
    $('slider').value = r;
    document.querySelectorAll('#views button').forEach((b) => {
      b.classList.toggle('on', +b.dataset.v === view);
    });
    $('result').classList.toggle('final', i === V.n - 1);
    game.render({view, step: i, round: r, first, last});
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
    pos = views[0].rs[Math.max(0, Math.min(rounds(), r))];
    render();
  }
  function roundStep(delta) {
    const V = views[view], i = viewStep(V, pos), r = V.round[i];
    if (delta < 0 && i > V.rs[r]) gotoRound(r); else gotoRound(r + delta);
  }
  function gotoStep(at) {
    pause();
    pos = at;
    render();
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

  // The view buttons, before the text "view: " and #view.
  function buildViews() {
    const row = $('views'), text = row.firstChild;
    if (views.length < 2) row.style.display = 'none';
    views.forEach((V, v) => {
      const b = document.createElement('button');
      b.dataset.v = v;
      b.textContent = V.label;
      b.addEventListener('click', () => setView(v));
      row.insertBefore(b, text);
    });
  }

  function buildControls() {
    $('rounds').textContent = rounds();
    $('slider').max = rounds();
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
    $('first').addEventListener('click', () => gotoStep(0));
    $('last').addEventListener('click', () => gotoStep(views[0].n - 1));
    $('prev').addEventListener('click', () => { pause(); step(-1); });
    $('next').addEventListener('click', () => { pause(); step(1); });
    $('prevround').addEventListener('click', () => { pause(); roundStep(-1); });
    $('nextround').addEventListener('click', () => { pause(); roundStep(1); });
    $('play').addEventListener('click', togglePlay);
  }

  function onKey(ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    switch (ev.key) {
      case ' ': togglePlay(); break;
      case 'ArrowRight': pause(); step(1); break;
      case 'ArrowLeft': pause(); step(-1); break;
      case 'ArrowDown': case 'PageDown': pause(); roundStep(1); break;
      case 'ArrowUp': case 'PageUp': pause(); roundStep(-1); break;
      case 'Home': gotoStep(0); break;
      case 'End': gotoStep(views[0].n - 1); break;
      case 'v': case 'V': setView((view + 1) % views.length); break;
      case '+': case '=': setSpeed(speed + 1); break;
      case '-': case '_': setSpeed(speed - 1); break;
      default: return;
    }
    ev.preventDefault();
  }

  // ?round=R&step=K&view=V selects what is shown first.
  function readQuery(q) {
    if (q.has('view')) {
      const v = q.get('view');
      const names = views.map((V) => V.name);
      view = /^\d+$/.test(v) && +v < views.length
          ? +v : Math.max(0, names.indexOf(v));
    }
    if (q.has('round') || q.has('step')) {
      const V = views[view];
      const r = Math.max(0, Math.min(rounds(),
                                     parseInt(q.get('round'), 10) || 0));
      let i = V.rs[r];
      if (q.has('step')) {
        const k = parseInt(q.get('step'), 10) || 0;
        i = k < 0 ? roundEnd(V, r) : Math.min(V.rs[r] + k, roundEnd(V, r));
      }
      pos = fullIndex(V, i);
    }
  }

  function start(replay) {
    game = replay;
    views = game.views.map(timeline);
    buildViews();
    buildControls();
    document.addEventListener('keydown', onKey, true);
    const q = new URLSearchParams(location.search);
    readQuery(q);
    render();
    // ?keys=v,ArrowRight,... presses keys after loading (tests; Space is ' ').
    for (const key of (q.get('keys') || '').split(',').filter((k) => k)) {
      document.dispatchEvent(new KeyboardEvent(
          'keydown', {key: key === 'Space' ? ' ' : key, bubbles: true}));
    }
  }

  function setAttr(el, attrs) {
    for (const k in attrs) el.setAttribute(k, attrs[k]);
  }
  function svgEl(name, attrs, text) {
    const e = document.createElementNS(SVGNS, name);
    setAttr(e, attrs);
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function htmlEl(name, cls, text) {
    const e = document.createElement(name);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }
  function addLegend(cls, text) {
    const span = htmlEl('span');
    span.append(htmlEl('i', cls), text);
    $('legend').append(span);
  }

  // A polyline's points per run of non-null values of `series`.
  function runs(series, xOf, yOf) {
    const out = [];
    let points = [];
    series.forEach((v, k) => {
      if (v === null) {
        if (points.length) out.push(points);
        points = [];
      } else {
        points.push(xOf(k).toFixed(1) + ',' + yOf(v).toFixed(1));
      }
    });
    if (points.length) out.push(points);
    return out;
  }
  // An axis label of any magnitude in at most 5 characters (6 with a minus)
  // that fit a chart's left margin: 950, 12.5, 12.3k, 1.55M, 2G; beyond
  // 999E (10^21), exponent notation (2e+21).
  function compactNumber(v) {
    const sign = v < 0 ? '-' : '';
    let x = Math.abs(v);
    for (const unit of ['', 'k', 'M', 'G', 'T', 'P', 'E']) {
      const shown = +x.toFixed(x >= 100 ? 0 : x >= 10 ? 1 : 2);
      if (shown < 1000) return (shown ? sign : '') + shown + unit;
      x /= 1000;
    }
    return sign + Math.abs(v).toExponential(0);
  }
  // Appends to #chart a heading (`title`, then a span for the values) and a
  // line chart: series[p][k] line p's value at point k (null: a gap in the
  // line), classes[p] its polyline's class, size {width, height, left (the
  // labels' margin, 40 px or more), pad}; the axis at 0, the extremes
  // labelled (compactNumber, so that any magnitude fits the margin). Returns
  // {cursor (a vertical line), values (the span), xOf (point k's x)}.
  function addChart(title, series, classes, size) {
    const {width: W, height: H, left: L, pad: P} = size;
    const n = Math.max(...series.map((s) => s.length));
    const all = [].concat(...series).filter((v) => v !== null);
    const max = Math.max(1, ...all), min = Math.min(0, ...all);
    const xOf = (k) => L + (W - L - P) * (n > 1 ? k / (n - 1) : 0);
    const yOf = (v) => P + (H - 2 * P) * (max - v) / (max - min);
    const top = htmlEl('div', 'metric', title);
    const values = htmlEl('span');
    top.append(values);
    const svg = svgEl('svg', {width: W, height: H,
                              viewBox: '0 0 ' + W + ' ' + H});
    svg.append(svgEl('line', {x1: L, x2: W - P, y1: yOf(0), y2: yOf(0),
                              class: 'axis'}));
    svg.append(svgEl('text', {x: L - 4, y: P + 8, 'text-anchor': 'end'},
                     compactNumber(max)));
    svg.append(svgEl('text', {x: L - 4, y: H - P, 'text-anchor': 'end'},
                     compactNumber(min)));
    series.forEach((s, p) => {
      for (const points of runs(s, xOf, yOf)) {
        svg.append(svgEl('polyline', {class: classes[p],
                                      points: points.join(' ')}));
      }
    });
    const cursor = svgEl('line', {y1: P, y2: H - P, class: 'cursor'});
    svg.append(cursor);
    $('chart').append(top, svg);
    return {cursor, values, xOf};
  }

  return {
    $,
    setAttr,
    svgEl,
    htmlEl,
    addLegend,
    addChart,
    compactNumber,
    data: () => JSON.parse($('replay-data').textContent),
    show: (i) => gotoStep(fullIndex(views[view], i)),
    start,
  };
})();
