// rules.js: what the replay page of a WL1 or Dingle game says differently
// from a WL2 one. replay_page.cpp puts it before replay.js on those pages
// only (the data's "rules" is "wl1" or "dingle"), so that WL2 pages stay
// byte for byte what they were. It wraps ReplayShell.start, which replay.js
// calls once: a note under the result, the players' views renamed for
// Dingle (no fog: each shows the whole map), and round 0 named for what it
// is (WL1's replays start with the map after the draft, wl1 §13.2).
/* global ReplayShell */
'use strict';
(function () {
  const D = ReplayShell.data();
  const RULES = {
    wl1: {
      note: 'Warlight AI Challenge 1 rules (2014): 100% luck, 2000 ms per ' +
          'request, no time bank, 100 rounds. The replay starts with the ' +
          'map after the draft (round 0); the players\u2019 views are ' +
          'fogged from the start.',
      start: 'after the draft (WL1 replays start here)',
    },
    dingle: {
      note: 'Dingle\u2019s rules, Dingle\u2019s no-fog view: every ' +
          'view shows the whole map. Each round player1 places and moves, ' +
          'then player2; player1 gets 3 armies in round 1; after 100 ' +
          'rounds most regions win, then most armies.',
      start: 'starting regions',
      view: (label) => label.replace(/'s fog$/, '\u2019s view (no fog)'),
    },
  }[D.rules];
  if (!RULES) return;
  const $ = ReplayShell.$;
  const start = ReplayShell.start;
  ReplayShell.start = function (game) {
    if (RULES.view) {
      game.views.forEach((V, v) => {
        if (v > 0) V.label = RULES.view(V.label);
      });
    }
    const note = document.createElement('div');
    note.id = 'rules';
    note.textContent = RULES.note;
    $('result').after(note);
    const render = game.render;
    game.render = function (at) {
      render(at);
      if (at.round !== 0) return;
      if (at.step === at.first) $('event').textContent = RULES.start;
      const first = document.querySelector('#moves li.start');
      if (first) first.textContent = RULES.start;
    };
    start(game);
  };
})();
