// replay.js: the Berlin part of the replay page: draws the map from the
// nodes' x/y, colours the nodes by owner with their soldiers, shows each
// turn's moves as arrows, and fills the side panel (standing, the turn's
// moves, charts, legend, result). The shell (shell.js) owns the controls
// and calls render() with the step to show: round 0 is the start, and
// every turn t has four steps: 0 states_pre, 1 the moves, 2 states_post,
// 3 the spawns (berlin §5.8).
//
// The data (<script id="replay-data">, JSON; berlin_replay_page.cpp writes
// it after checking the game):
//   game     the game object verbatim (berlin §8): game.replay.turns["t"]
//            = {states_pre, moves, states_post, spawns}, every state
//            listing the map's nodes in map order
//   players  names by player id
//   ais      the AIs' names when game.json does not say who played which
//            id (then players are "player K"), else []
//   map      {ids, type, points, x, y (per node, x/y null when absent),
//            types [{name, points, soldiers_per_turn}], paths [[from index,
//            to index]], directed}
//   start    round 0: per node [owner or null, soldiers]
//   stats    {nodes, soldiers, points}: per player, per round (0: start)
//   result   {points, scores (a number, or "Infinity"...), winners [ids]}
/* global ReplayShell */
'use strict';
(function () {
  const D = ReplayShell.data();
  const {$, setAttr, svgEl, htmlEl, addLegend, addChart} = ReplayShell;
  const G = D.game, M = D.map, TURNS = G.replay.turns;
  const N = M.ids.length, P = D.players.length;
  const T = D.stats.points[0].length - 1;  // turns played
  const STEPS = ['states_pre', 'moves', 'states_post', 'spawns'];
  const index = new Map(M.ids.map((id, i) => [id, i]));

  // ---------------------------------------------------------------------
  // Layout: the map's x/y scaled to about 1000 units, or a circle when a
  // node has none; R the node radius, from the closest pair of nodes.
  function positions() {
    const have = M.x.every((x, i) => x !== null && M.y[i] !== null);
    const raw = M.ids.map((id, i) => (have ? [M.x[i], M.y[i]]
        : [Math.cos(2 * Math.PI * i / N), Math.sin(2 * Math.PI * i / N)]));
    const xs = raw.map((p) => p[0]), ys = raw.map((p) => p[1]);
    const x0 = Math.min(...xs), y0 = Math.min(...ys);
    const span = Math.max(Math.max(...xs) - x0, Math.max(...ys) - y0) || 1;
    const s = 1000 / span;
    return raw.map((p) => [(p[0] - x0) * s, (p[1] - y0) * s]);
  }
  const XY = positions();
  const R = (function () {
    let best = Infinity;
    for (let i = 0; i < N; i++) {
      for (let j = i + 1; j < N; j++) {
        const d = Math.hypot(XY[i][0] - XY[j][0], XY[i][1] - XY[j][1]);
        if (d > 0) best = Math.min(best, d);
      }
    }
    return Math.max(10, Math.min(45, 0.34 * (best === Infinity ? 200 : best)));
  })();

  // A type's look: 'city' (it scores or spawns), 'bad' (negative values,
  // berlin §5.7), or 'plain'.
  function typeClass(t) {
    const type = M.types[t];
    if (type.points < 0 || type.soldiers_per_turn < 0) return 'bad';
    return type.points > 0 || type.soldiers_per_turn > 0 ? 'city' : 'plain';
  }

  function setViewBox() {
    const xs = XY.map((p) => p[0]), ys = XY.map((p) => p[1]);
    const m = 2.2 * R, x0 = Math.min(...xs) - m, y0 = Math.min(...ys) - m;
    setAttr($('map'), {viewBox: [x0, y0, Math.max(...xs) - x0 + m,
                                 Math.max(...ys) - y0 + m].join(' ')});
    $('map').style.setProperty('--r', R + 'px');
  }

  // An arrow head at (x, y) pointing along the unit vector (ux, uy).
  function head(x, y, ux, uy, size, cls) {
    const bx = x - ux * size, by = y - uy * size;
    const nx = -uy * size * 0.55, ny = ux * size * 0.55;
    return svgEl('polygon', {class: cls, points: [x, y, bx + nx, by + ny,
                                                  bx - nx, by - ny].join(' ')});
  }

  // Paths: one line per pair of linked nodes; on a directed map (berlin
  // §7) a pair linked one way only gets an arrow head half-way.
  function drawPaths() {
    const listed = new Set(M.paths.map(([a, b]) => a + ',' + b));
    const drawn = new Set();
    for (const [a, b] of M.paths) {
      const key = Math.min(a, b) + ',' + Math.max(a, b);
      if (drawn.has(key) || a === b) continue;
      drawn.add(key);
      const [x1, y1] = XY[a], [x2, y2] = XY[b];
      const oneWay = M.directed && !listed.has(b + ',' + a);
      $('paths').append(svgEl('line', {x1, y1, x2, y2,
                                       class: oneWay ? 'oneway' : ''}));
      if (oneWay) {
        const len = Math.hypot(x2 - x1, y2 - y1);
        $('paths').append(head((x1 + x2) / 2 + (x2 - x1) / len * R * 0.4,
                               (y1 + y2) / 2 + (y2 - y1) / len * R * 0.4,
                               (x2 - x1) / len, (y2 - y1) / len, R * 0.55,
                               'oneway'));
      }
    }
  }

  const nodeEl = [], soldierEl = [];
  function drawNodes() {
    for (let i = 0; i < N; i++) {
      const cls = typeClass(M.type[i]);
      const g = svgEl('g', {class: 'nd ' + cls, 'data-id': M.ids[i],
                            'data-type': M.types[M.type[i]].name,
                            transform: 'translate(' + XY[i].join(',') + ')'});
      const r = cls === 'plain' ? 0.72 * R : R;
      g.append(svgEl('circle', {class: 'body', r}));
      if (cls !== 'plain') {
        g.append(svgEl('circle', {class: 'ring', r: r * 0.8}));
      }
      soldierEl[i] = svgEl('text', {class: 's', dy: '0.35em'});
      g.append(soldierEl[i]);
      g.append(svgEl('text', {class: 'id', y: r + 0.62 * R}, M.ids[i]));
      const title = svgEl('title', {}, 'node ' + M.ids[i] + ' (' +
                          M.types[M.type[i]].name + ')');
      g.append(title);
      nodeEl[i] = g;
      $('nodes').append(g);
    }
  }

  // ---------------------------------------------------------------------
  // The states of a turn's steps: per node [owner or null, soldiers].
  const cellsOf = (states) =>
    states.map((s) => [s.player_id, s.number_of_soldiers]);
  function afterSpawns(turn) {
    const cells = cellsOf(turn.states_post);
    for (const s of turn.spawns) {
      const c = cells[index.get(s.node_id)];
      if (c[0] === s.player_id) c[1] += s.number_of_soldiers;
    }
    return cells;
  }
  function cellsAt(at) {
    if (at.round === 0) return D.start;
    const turn = TURNS[at.round], k = at.step - at.first;
    if (k <= 1) return cellsOf(turn.states_pre);
    return k === 2 ? cellsOf(turn.states_post) : afterSpawns(turn);
  }

  function renderNodes(cells) {
    cells.forEach(([owner, n], i) => {
      const g = nodeEl[i];
      g.setAttribute('data-owner', owner === null ? 'free' : 'p' + owner);
      g.setAttribute('data-soldiers', n);
      g.classList.toggle('neg', n < 0);
      soldierEl[i].textContent = owner === null && n === 0 ? '' : n;
    });
  }

  // The turn's moves as arrows with their counts (a move and its reverse
  // side by side); `done` fades them once they have been played.
  function drawArrows(moves, done) {
    const pairs = new Set(moves.map((m) => m.from + ',' + m.to));
    for (const m of moves) {
      const a = index.get(m.from), b = index.get(m.to);
      const [x1, y1] = XY[a], [x2, y2] = XY[b];
      const len = Math.hypot(x2 - x1, y2 - y1);
      if (len === 0) continue;
      const ux = (x2 - x1) / len, uy = (y2 - y1) / len;
      const off = pairs.has(m.to + ',' + m.from) ? 0.3 * R : 0;
      const ox = -uy * off, oy = ux * off;
      const cls = 'mv p' + m.player_id + (done ? ' done' : '');
      const ex = x2 - ux * R * 1.1 + ox, ey = y2 - uy * R * 1.1 + oy;
      $('arrows').append(svgEl('line', {class: cls, x1: x1 + ux * R + ox,
                                        y1: y1 + uy * R + oy,
                                        x2: ex - ux * R * 0.4,
                                        y2: ey - uy * R * 0.4}));
      $('arrows').append(head(ex, ey, ux, uy, R * 0.6, cls));
      const off2 = off + 0.45 * R * (off ? 1 : -1);
      $('arrows').append(svgEl('text', {
        class: 'mvn p' + m.player_id, dy: '0.35em',
        x: (x1 + x2) / 2 - uy * off2, y: (y1 + y2) / 2 + ux * off2},
      m.number_of_soldiers));
    }
  }

  // Rings on the nodes that changed owner in combat; spawn counts.
  function drawMarks(turn, k) {
    if (k === 2) {
      turn.states_pre.forEach((s, i) => {
        if (s.player_id === turn.states_post[i].player_id) return;
        const [x, y] = XY[i];
        $('marks').append(svgEl('circle', {class: 'changed', cx: x, cy: y,
                                           r: 1.3 * R}));
      });
    }
    if (k !== 3) return;
    for (const s of turn.spawns) {
      const [x, y] = XY[index.get(s.node_id)];
      const n = s.number_of_soldiers;
      $('marks').append(svgEl('text', {class: 'spawn p' + s.player_id,
                                       x: x + R * 0.9, y: y - R * 0.9},
      (n > 0 ? '+' : '') + n));
    }
  }

  function renderOverlay(at) {
    $('arrows').textContent = '';
    $('marks').textContent = '';
    if (at.round === 0) return;
    const turn = TURNS[at.round], k = at.step - at.first;
    if (k === 1 || k === 2) drawArrows(turn.moves, k === 2);
    drawMarks(turn, k);
  }

  // ---------------------------------------------------------------------
  // The side panel.
  const nameOf = (p) => D.players[p];
  function nameSpan(p) {
    return htmlEl('span', 'v' + p, nameOf(p));
  }
  function eventText(at, cells) {
    if (at.round === 0) {
      return T > 0 ? 'start (turn 1\u2019s states_pre)'
        : 'start (the map\u2019s setup: no turn was played)';
    }
    const turn = TURNS[at.round], k = at.step - at.first;
    const what = 'turn ' + at.round + ': ' + STEPS[k];
    if (k === 1) return what + ' (' + turn.moves.length + ')';
    if (k === 2) {
      const changed = turn.states_pre.filter(
          (s, i) => s.player_id !== turn.states_post[i].player_id).length;
      return what + ' (' + changed + ' node' + (changed === 1 ? '' : 's') +
          ' changed owner)';
    }
    if (k === 3) {
      const total = turn.spawns.reduce((a, s) => a + s.number_of_soldiers, 0);
      return what + ' (' + (total >= 0 ? '+' : '') + total + ' soldiers)';
    }
    return what + ' (' + cells.filter((c) => c[0] !== null).length +
        ' nodes owned)';
  }

  // Nodes, soldiers and points per player in the state shown (berlin §6:
  // points are the type points of the nodes owned).
  function renderStanding(cells, at) {
    const table = $('standing');
    table.textContent = '';
    const top = table.insertRow();
    for (const h of ['player', 'nodes', 'soldiers', 'points', 'score']) {
      top.append(htmlEl('th', '', h));
    }
    const last = at.round === T && at.step === at.last;
    for (let p = 0; p < P; p++) {
      let nodes = 0, soldiers = 0, points = 0;
      cells.forEach(([owner, n], i) => {
        if (owner !== p) return;
        nodes++;
        soldiers += n;
        points += M.points[i];
      });
      const row = table.insertRow();
      row.className = nodes === 0 ? 'out' : '';
      row.insertCell().append(nameSpan(p));
      for (const v of [nodes, soldiers, points]) row.insertCell().append(v);
      row.insertCell().append(last ? scoreText(p) : '');
    }
  }

  function renderMoves(at) {
    const ol = $('moves');
    ol.textContent = '';
    if (at.round === 0) {
      ol.append(htmlEl('li', 'start', 'the start: no moves yet'));
      return;
    }
    const moves = TURNS[at.round].moves;
    if (!moves.length) ol.append(htmlEl('li', 'start', 'no moves this turn'));
    for (const m of moves) {
      const li = htmlEl('li', 'p' + m.player_id);
      li.append(nameSpan(m.player_id), ' ' + m.from + ' \u2192 ' + m.to +
                ': ' + m.number_of_soldiers);
      ol.append(li);
    }
  }

  function scoreText(p) {
    const s = D.result.scores[p];
    return typeof s === 'number' ? String(Math.round(s * 1000) / 1000) : s;
  }
  function resultText() {
    const w = D.result.winners, pts = D.result.points;
    const after = ' after ' + T + ' turn' + (T === 1 ? '' : 's');
    if (!w.length) return 'No winner: nobody owns a node' + after;
    if (w.length === 1) {
      return nameOf(w[0]) + ' wins with ' + pts[w[0]] + ' points (score ' +
          scoreText(w[0]) + ')' + after;
    }
    return 'Co-winners: ' + w.map(nameOf).join(', ') + ' with ' +
        pts[w[0]] + ' points each' + after;
  }

  function buildHeader() {
    for (let p = 0; p < P; p++) {
      const div = htmlEl('div');
      div.append(htmlEl('i', 'sw p' + p), nameSpan(p), ' (id ' + p + ')');
      $('players').append(div);
    }
    if (D.ais.length) {
      $('players').append(htmlEl('div', 'note', 'AIs: ' + D.ais.join(', ') +
          ' (game.json does not say which played which id)'));
    }
    const meta = [];
    if (G.map && G.map.name) meta.push('map ' + G.map.name);
    const lines = $('paths').querySelectorAll('line').length;
    meta.push(N + ' nodes', lines + ' paths' +
              (M.directed ? ' (directed)' : ''));
    const infos = G.replay.infos;
    if ('maximum_number_of_turns' in infos) {
      meta.push('limit ' + infos.maximum_number_of_turns + ' turns');
    }
    if ('id' in G) meta.push('game ' + G.id);
    $('meta').textContent = meta.join(' \u00b7 ');
    $('result').textContent = resultText();
  }

  function buildLegend() {
    for (let p = 0; p < P; p++) addLegend('sw p' + p, nameOf(p));
    addLegend('sw free', 'free');
    M.types.forEach((t, k) => {
      addLegend('ty ' + typeClass(k), t.name + ' (' + t.points + ' pt, ' +
          (t.soldiers_per_turn >= 0 ? '+' : '') + t.soldiers_per_turn +
          '/turn)');
    });
    if (M.directed) addLegend('ty oneway', 'one-way path');
    const neg = htmlEl('span');
    neg.append(htmlEl('b', 'negnote', '-3'), ' negative count');
    $('legend').append(neg);
  }

  // ---------------------------------------------------------------------
  // Charts: points and nodes per player after each turn (0: the start).
  const cursors = [];
  function chartOf(series, title) {
    const c = addChart(title, series, series.map((s, p) => 'p' + p),
                       {width: 376, height: 50, left: 30, pad: 4});
    cursors.push(Object.assign(c, {series}));
  }
  function moveCursor(x) {
    const k = Math.floor(x + 1e-9);
    for (const c of cursors) {
      setAttr(c.cursor, {x1: c.xOf(x), x2: c.xOf(x)});
      c.values.textContent = '';
      c.values.append(k === 0 ? 'start: ' : 'after turn ' + k + ': ');
      c.series.forEach((s, p) => {
        if (p) c.values.append(' / ');
        c.values.append(htmlEl('span', 'v' + p, String(s[k])));
      });
    }
  }

  function render(at) {
    const cells = cellsAt(at);
    renderNodes(cells);
    renderOverlay(at);
    $('event').textContent = eventText(at, cells);
    renderStanding(cells, at);
    renderMoves(at);
    const k = at.step - at.first;
    moveCursor(at.round === 0 ? 0 : at.round - 1 + (k === 3 ? 1 : k / 4));
  }

  // The steps: round 0 (the start), then four per turn.
  const rs = [0];
  for (let t = 1; t <= T; t++) rs.push(1 + 4 * (t - 1));
  setViewBox();
  drawPaths();
  drawNodes();
  buildHeader();
  buildLegend();
  chartOf(D.stats.points, 'Points');
  chartOf(D.stats.nodes, 'Nodes');
  ReplayShell.start({views: [{name: 'full', n: 1 + 4 * T, rs}], render});
})();
