// replay.js: the Warlight 2 part of the replay page: decodes the game's
// data, colours the map's regions by owner with their armies, marks the
// current move, lists the round's moves and the bots' parse errors, and
// draws the chart of regions, armies and income. The shell (shell.js)
// owns the controls and calls render() with the step to show.
//
// The data (<script id="replay-data">, JSON; replay_page.cpp writes it):
//   n      the highest region id
//   views  [full, player1's, player2's], each {rs, d[, f, e]}:
//            d[i]  the step's changed regions, [id, armies*4+owner, ...]
//                  (owner 0 neutral, 1 player1, 2 player2, 3 unknown);
//                  step 0 lists every region
//            rs[r] the index of round r's first step (round 0: the draft)
//            f     (player views) the step of the full view each step
//                  shows, as differences: f[0], f[1] - f[0], ...
//            e     (player views, rarely) {i: event} where it differs
//   ev     the full view's events by step: 0 (start of a round) or
//          [p,0,R,A] place_armies, [p,1,F,T,A] attack/transfer,
//          [p,2,reason] illegal_move, [p,3,text] other
//   end    "player1 won" | "player2 won" | "Nobody won"
//   cand   the draft candidates
//   stats  {regions, armies, income}: [[player1 by round], [player2 ...]],
//          after each round (index 0: after the draft)
//   logs   by round: [[player, kind (0 parse error, 1 other), phase (0 pick,
//          1 placement, 2 attack/transfer), text], ...]
//   result result.json, or null
/* global ReplayShell */
'use strict';
(function () {
  const D = ReplayShell.data();
  const {$, setAttr, htmlEl, addChart} = ReplayShell;
  const NAMES = ['full', 'player1', 'player2'];
  const OWNERS = ['neutral', 'player1', 'player2', 'unknown'];
  const N = D.n;
  const R = +$('map').dataset.r;
  $('map').style.setProperty('--r', R + 'px');

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
  function prepare(v, index) {
    const n = v.d.length, rs = v.rs;
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
    return {name: NAMES[index], n, rs, d: v.d, f, e: v.e || {}, kf};
  }
  const views = D.views.map(prepare);
  const rounds = views[0].rs.length - 1;

  const fullIndex = (V, i) => (V.f ? V.f[i] : i);
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

  // A line of the move list: round 0's place_armies of a game with a draft
  // (candidates) are its picks, and read as such.
  function moveText(e, round) {
    if (round === 0 && e && e[1] === 0 && D.cand.length > 0) {
      return 'player' + e[0] + ' picks ' + e[2] + ' (' + e[3] + ' armies)';
    }
    return eventText(e);
  }

  function stateAt(V, round, i) {
    const s = V.kf[round].slice();
    for (let k = V.rs[round] + 1; k <= i; k++) apply(s, V.d[k]);
    return s;
  }

  // The current move on the map: a ring, an arrow and a label.
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
  function arrow(from, to, cls, armies) {
    const [x1, y1] = centre[from], [x2, y2] = centre[to];
    const len = Math.hypot(x2 - x1, y2 - y1) || 1;
    const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
    setAttr($('arrow'), {x1: x1 + ux * R * 1.05, y1: y1 + uy * R * 1.05,
                         x2: x2 - ux * R * 1.25, y2: y2 - uy * R * 1.25,
                         class: cls});
    setAttr($('tag'), {x: (x1 + x2) / 2 - uy * R * 0.9,
                       y: (y1 + y2) / 2 + ux * R * 0.9});
    $('tag').textContent = armies;
  }
  function drawEvent(e) {
    hideOverlay();
    if (!e) return;
    const cls = 'p' + e[0] + (e[1] === 2 ? ' illegal' : '');
    if (e[1] === 0) {
      spot(e[2], cls, '+' + e[3]);
    } else if (e[1] === 1 && centre[e[2]] && centre[e[3]]) {
      arrow(e[2], e[3], cls, e[4]);
    } else if (e[1] === 2) {
      const m = /^(\d+) /.exec(e[2]);
      if (m) spot(+m[1], cls, 'illegal');
    }
  }

  // The round's moves, with the bots' parse errors and other messages.
  let listKey = '';
  function fillMoves(ol, at) {
    const V = views[at.view];
    const add = (text, cls, step) => {
      const li = htmlEl('li', cls, text);
      if (step !== undefined) {
        li.dataset.i = step;
        li.addEventListener('click', () => ReplayShell.show(step));
      }
      ol.append(li);
    };
    const PHASES = ['pick', 'placement', 'attack/transfer'];
    for (const [p, kind, phase, text] of D.logs[at.round] || []) {
      if (at.view !== 0 && p !== at.view) continue;
      add('player' + p + ' (' + PHASES[phase] + '): ' +
              text.replace(/^Parse error: /, ''),
          (kind === 0 ? 'parse p' : 'note p') + p);
    }
    add(at.round === 0 ? 'draft: initial map' : 'start of round ' + at.round,
        'start', at.first);
    for (let k = at.first + 1; k <= at.last; k++) {
      const e = eventOf(V, k);
      add(moveText(e, at.round), 'p' + e[0] + (e[1] === 2 ? ' illegal' : ''),
          k);
    }
  }
  function renderMoves(at) {
    const ol = $('moves'), key = at.view + ':' + at.round;
    if (key !== listKey) {
      listKey = key;
      ol.textContent = '';
      fillMoves(ol, at);
    }
    const old = ol.querySelector('li.cur');
    if (old) old.classList.remove('cur');
    const cur = ol.querySelector('li[data-i="' + at.step + '"]');
    if (cur) {
      cur.classList.add('cur');
      const top = cur.offsetTop - ol.offsetTop, h = ol.clientHeight;
      if (top < ol.scrollTop || top + cur.offsetHeight > ol.scrollTop + h) {
        ol.scrollTop = Math.max(0, top - h / 3);
      }
    }
  }

  // The regions: owner and armies, and the draft candidates in round 0.
  const shown = new Float64Array(N + 1).fill(-1);
  let candRound = -1;
  function renderRegions(at) {
    const s = stateAt(views[at.view], at.round, at.step);
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
    if ((at.round === 0) !== (candRound === 0)) {
      for (const id of D.cand) {
        if (regionEl[id]) regionEl[id].classList.toggle('cand', at.round === 0);
      }
    }
    candRound = at.round;
  }

  function render(at) {
    const r = at.round;
    renderRegions(at);
    const e = at.step === at.first ? 0 : eventOf(views[at.view], at.step);
    $('event').textContent = e ? eventText(e)
        : (r === 0 ? 'draft: initial map' : 'start of round ' + r);
    $('event').className = e && e[1] === 2 ? 'illegal' : '';
    drawEvent(e);
    renderMoves(at);
    const span = at.last - at.first;
    moveCursor(r === 0 ? 0 : r - 1 + (span > 0 ? (at.step - at.first) / span
                                               : 1));
  }

  // The side panel: players, game, result and legend.
  const res = D.result || {};
  const players = Array.isArray(res.players) ? res.players : [];
  const botName = (p) => (players[p - 1] && players[p - 1].bot) || '';
  const label = (p) =>
    'player' + p + (botName(p) ? ' (' + botName(p) + ')' : '');

  function playerLine(p) {
    const info = players[p - 1] || {};
    const div = htmlEl('div');
    const parts = [];
    // As the arena counts them: refused by the rules, or failed only when
    // executed (result.json of older folders has the sum alone).
    if ('rejected_moves' in info) {
      parts.push('rejected moves ' + info.rejected_moves);
      parts.push('failed at execution ' + (info.failed_moves || 0));
    } else if ('illegal_moves' in info) {
      parts.push('illegal ' + info.illegal_moves);
    }
    if ('parse_errors' in info) parts.push('parse errors ' + info.parse_errors);
    if ('timeouts' in info) parts.push('time-outs ' + info.timeouts);
    if (info.killed) parts.push('killed');
    if ('time_used_ms' in info) parts.push(info.time_used_ms + ' ms');
    const name = htmlEl('span', 'v' + p, label(p));
    div.append(name, parts.length ? ': ' + parts.join(', ') : '');
    return div;
  }
  function buildHeader() {
    $('title').textContent = botName(1) || botName(2)
        ? (botName(1) || 'player1') + ' vs ' + (botName(2) || 'player2')
        : 'Warlight replay';
    $('players').innerHTML = '';
    for (const p of [1, 2]) $('players').append(playerLine(p));
    const meta = [];
    if ('seed' in res) meta.push('seed ' + res.seed);
    if (res.map) meta.push('map ' + String(res.map).replace(/^.*\//, ''));
    meta.push(N + ' regions');
    $('meta').textContent = meta.join(' \u00b7 ');
    $('result').textContent = D.end === 'Nobody won'
        ? 'Draw after ' + rounds + ' rounds'
        : label(D.end === 'player1 won' ? 1 : 2) + ' won after ' + rounds +
            ' rounds';
  }
  function buildLegend() {
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
  }

  // The chart: regions, armies and income after each round.
  const cursors = [];
  function buildChart() {
    for (const [key, title] of [['regions', 'Regions'], ['armies', 'Armies'],
                                ['income', 'Income']]) {
      const series = D.stats[key];
      const c = addChart(title, series, ['p1', 'p2'],
                         {width: 376, height: 46, left: 30, pad: 3});
      cursors.push(Object.assign(c, {series, count: series[0].length}));
    }
  }
  function moveCursor(x) {
    for (const c of cursors) {
      const k = Math.max(0, Math.min(c.count - 1, x));
      setAttr(c.cursor, {x1: c.xOf(k), x2: c.xOf(k)});
      const at = Math.floor(k + 1e-9);
      c.values.innerHTML = '';
      const a = htmlEl('span', 'v1', c.series[0][at]);
      const b = htmlEl('span', 'v2', c.series[1][at]);
      c.values.append('after round ' + at + ': ', a, ' / ', b);
    }
  }

  buildHeader();
  buildLegend();
  buildChart();
  views.forEach((V, v) => {
    V.label = v === 0 ? 'full' : label(v) + "'s fog";
  });
  ReplayShell.start({views, render});
})();
