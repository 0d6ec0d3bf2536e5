// replay.js: the Colorfight II part of the replay page: decodes the replay
// log (colorfight §9), draws the grid of each turn (cells coloured by
// owner, buildings with their level, homes ringed, force fields shaded)
// and fills the side panel (the turn's users, the cell pointed at, gold
// and energy charts, the final ranking by gold). The shell (shell.js)
// owns the controls and calls render() with the step to show: one step
// per turn, round 0 being log[0], the restart frame.
//
// The data (<script id="replay-data">, JSON; colorfight_replay_page.cpp
// writes it after checking the log's shape):
//   log      the replay log verbatim (§9): log[0] a full frame (info,
//            game_map {data, headers}, users), log[t] = {turn, users,
//            game_map: {data: D}} with D[y][x] a prefix of the cell's
//            header-ordered values
//   ranking  the final ranking by gold (§8): [{uid, username, gold,
//            energy, cell_number, dead, rank}]
/* global ReplayShell */
'use strict';
(function () {
  const D = ReplayShell.data();
  const {$, setAttr, svgEl, htmlEl, addLegend, addChart} = ReplayShell;
  const LOG = D.log, INFO = LOG[0].info;
  const W = INFO.width, H = INFO.height, T = LOG.length - 1;
  const S = 10;  // a cell's size on the board
  const COL = {};  // a header's index in a cell's values
  LOG[0].game_map.headers.forEach((h, i) => { COL[h] = i; });
  const BUILDINGS = {h: 'home', e: 'energy well', g: 'gold mine',
                     f: 'fortress'};

  // -------------------------------------------------------------------
  // §9 Decoding: a grid from log[0].game_map.data; each later entry
  // overwrites the first len(D[y][x]) values of each cell. `at` is the
  // entry the grid shows; going back starts again from log[0].
  let grid = null, at = -1;
  // Applies entry t; returns how many cells changed owner.
  function apply(t) {
    let changed = 0;
    LOG[t].game_map.data.forEach((row, y) => row.forEach((prefix, x) => {
      const cell = grid[y][x];
      if (prefix.length > COL.owner && prefix[COL.owner] !== cell[COL.owner]) {
        changed++;
      }
      for (let k = 0; k < prefix.length; k++) cell[k] = prefix[k];
    }));
    return changed;
  }
  function decodeTo(t) {
    if (grid === null || t < at) {
      grid = LOG[0].game_map.data.map((row) => row.map((c) => c.slice()));
      at = 0;
    }
    while (at < t) apply(++at);
  }
  // Cells that changed owner at each turn (one pass over the log).
  const CHANGED = [0];
  decodeTo(0);
  for (let t = 1; t <= T; t++) CHANGED.push(apply(t));
  at = T;

  // -------------------------------------------------------------------
  // Users: every uid of the log in order of first appearance, with its
  // latest name and a colour; per user gold and energy after each turn
  // (null while absent).
  const USERS = [], BY_UID = new Map();
  LOG.forEach((entry, t) => {
    for (const u of Object.values(entry.users || {})) {
      if (!BY_UID.has(u.uid)) {
        BY_UID.set(u.uid, {uid: u.uid, k: USERS.length,
                           gold: new Array(T + 1).fill(null),
                           energy: new Array(T + 1).fill(null)});
        USERS.push(BY_UID.get(u.uid));
      }
      const user = BY_UID.get(u.uid);
      user.name = u.username;
      user.gold[t] = u.gold;
      user.energy[t] = u.energy;
    }
  });
  const colourOf = (uid) => (BY_UID.has(uid) ? 'u' + BY_UID.get(uid).k % 8
    : 'free');
  const nameOf = (uid) => (BY_UID.has(uid) ? BY_UID.get(uid).name
    : 'uid ' + uid);
  function nameSpan(uid) {
    return htmlEl('span', 'v ' + colourOf(uid), nameOf(uid));
  }

  // -------------------------------------------------------------------
  // The board: per cell a square, a force-field shade and a building mark.
  const cellEl = [], fieldEl = [], markEl = [];
  function drawBoard() {
    setAttr($('map'), {viewBox: [-2, -2, W * S + 4, H * S + 4].join(' ')});
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const box = {x: x * S + 0.4, y: y * S + 0.4, width: S - 0.8,
                     height: S - 0.8};
        cellEl.push(svgEl('rect', Object.assign(
            {class: 'cell', 'data-x': x, 'data-y': y}, box)));
        fieldEl.push(svgEl('rect', Object.assign({class: 'ff'}, box)));
        markEl.push(svgEl('text', {class: 'bd', x: x * S + S / 2,
                                   y: y * S + S / 2, dy: '0.35em'}));
      }
    }
    $('cells').append(...cellEl);
    $('fields').append(...fieldEl);
    $('marks').append(...markEl);
  }

  // The decoded grid (entry `at`) on the board.
  function renderGrid() {
    for (let y = 0; y < H; y++) {
      for (let x = 0; x < W; x++) {
        const c = grid[y][x], i = y * W + x;
        const owner = c[COL.owner], [letter, level] = c[COL.building];
        const built = letter !== ' ';
        setAttr(cellEl[i], {
          class: 'cell ' + (owner ? colourOf(owner) : 'free') +
              (letter === 'h' ? ' home' : ''),
          'data-owner': owner, 'data-building': built ? letter + level : ''});
        const ff = c[COL.force_field];
        setAttr(fieldEl[i], {'fill-opacity': Math.min(1, ff / 1000) * 0.55});
        markEl[i].textContent = built ? letter.toUpperCase() + level : '';
      }
    }
  }

  // -------------------------------------------------------------------
  // The side panel.
  function renderUsers(t) {
    const table = $('users');
    table.textContent = '';
    const top = table.insertRow();
    for (const h of ['user', 'gold', 'energy', 'cells', 'tech', '']) {
      top.append(htmlEl('th', '', h));
    }
    const users = Object.values(LOG[t].users || {});
    if (!users.length) {
      table.insertRow().insertCell().append(
          t ? 'no users' : 'the restart frame: no users yet');
    }
    for (const u of users) {
      const row = table.insertRow();
      row.className = u.dead ? 'dead' : '';
      row.insertCell().append(nameSpan(u.uid));
      for (const v of [u.gold, u.energy, u.cell_number, u.tech_level]) {
        row.insertCell().append(String(v));
      }
      row.insertCell().append(u.dead ? 'dead' : '');
    }
  }

  function cellText(x, y) {
    const c = grid[y][x], owner = c[COL.owner];
    const [letter, level] = c[COL.building];
    return '(' + x + ', ' + y + ') ' +
        (owner ? nameOf(owner) : 'unowned') +
        (letter !== ' ' ? ', ' + BUILDINGS[letter] + ' L' + level : '') +
        '\nattack cost ' + c[COL.attack_cost] + ', force field ' +
        c[COL.force_field] + ', yields ' + c[COL.gold] + ' gold ' +
        c[COL.energy] + ' energy\nnatural: gold ' + c[COL.natural_gold] +
        ', energy ' + c[COL.natural_energy] + ', cost ' +
        c[COL.natural_cost];
  }
  let pointed = null;
  function showCell() {
    if (pointed) $('cellinfo').textContent = cellText(...pointed);
  }
  $('cells').addEventListener('mouseover', (ev) => {
    const d = ev.target.dataset;
    if (!d || d.x === undefined) return;
    pointed = [+d.x, +d.y];
    showCell();
  });

  function eventText(t) {
    if (t === 0) return 'turn 0: the restart frame';
    const n = CHANGED[t];
    return 'turn ' + t + ' of ' + INFO.max_turn + ': ' + n + ' cell' +
        (n === 1 ? '' : 's') + ' changed owner';
  }

  function resultText() {
    const R = D.ranking;
    const after = ' after ' + T + ' turn' + (T === 1 ? '' : 's');
    if (!R.length) return 'No users' + after;
    const top = R.filter((r) => r.rank === 1);
    if (top.length === 1) {
      return R[0].username + ' wins with ' + R[0].gold + ' gold' + after;
    }
    return 'Tie: ' + top.map((r) => r.username).join(', ') + ' with ' +
        R[0].gold + ' gold each' + after;
  }

  function buildHeader() {
    for (const u of USERS) {
      const div = htmlEl('div');
      div.append(htmlEl('i', 'sw ' + colourOf(u.uid)), nameSpan(u.uid),
                 ' (uid ' + u.uid + ')');
      $('players').append(div);
    }
    const meta = ['game ' + INFO.game_id, W + '\u00d7' + H,
                  'max_turn ' + INFO.max_turn, INFO.max_player + ' seats'];
    $('meta').textContent = meta.join(' \u00b7 ');
    $('result').textContent = resultText();
    for (const r of D.ranking) {
      const li = htmlEl('li', r.dead ? 'dead' : '');
      li.append(nameSpan(r.uid), ' ' + r.gold + ' gold, ' + r.energy +
                ' energy, ' + r.cell_number + ' cells' +
                (r.dead ? ', dead' : ''));
      $('ranking').append(li);
    }
  }

  function buildLegend() {
    addLegend('sw free', 'unowned');
    addLegend('sw home', 'home (ringed)');
    addLegend('sw field', 'force field');
    $('legend').append(htmlEl('span', '',
                              'H home, E well, G mine, F fort + level'));
  }

  // -------------------------------------------------------------------
  // Charts: gold and energy per user after each turn (0: the restart).
  const cursors = [];
  function chartOf(key, title) {
    const c = addChart(title, USERS.map((u) => u[key]),
                       USERS.map((u) => colourOf(u.uid)),
                       {width: 376, height: 56, left: 44, pad: 4});
    cursors.push(Object.assign(c, {key}));
  }
  function moveCursors(t) {
    for (const c of cursors) {
      setAttr(c.cursor, {x1: c.xOf(t), x2: c.xOf(t)});
      c.values.textContent = '';
      USERS.filter((u) => u[c.key][t] !== null).forEach((u, n) => {
        if (n) c.values.append(' / ');
        c.values.append(htmlEl('span', 'v ' + colourOf(u.uid),
                               String(u[c.key][t])));
      });
    }
  }

  function render(step) {
    const t = step.round;
    decodeTo(t);
    renderGrid();
    $('event').textContent = eventText(t);
    renderUsers(t);
    showCell();
    moveCursors(t);
  }

  drawBoard();
  buildHeader();
  buildLegend();
  chartOf('gold', 'Gold');
  chartOf('energy', 'Energy');
  const rs = [];
  for (let t = 0; t <= T; t++) rs.push(t);
  ReplayShell.start({views: [{name: 'full', n: T + 1, rs}], render});
})();
