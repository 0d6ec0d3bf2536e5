// berlin_starter_bot.h: the starter Berlin bot. Fork it
// (scripts/new_bot.sh --game berlin NAME) and edit this file: it is the
// only one you need to change.
//
// Berlin in one paragraph (the whole rules: ../shared/berlin/spec.md §5):
// every turn all players send their moves at once; soldiers cross one path
// per turn; then, on every node, the largest army wins and keeps
// (largest - second largest) soldiers, a tie kills everyone and the owner
// keeps the node; walking into a free or empty node takes it. Then every
// owned node of a spawning type (a city) adds its soldiers_per_turn. At the
// end, each player scores the points of the nodes it owns. There is no
// defender bonus and no luck: what you see is exactly what fights.
//
// The server (sdk/berlin/server.h) calls OnTurn once per turn with a Game:
//   game.ControlledNodes()    my nodes with soldiers (indexes, map order)
//   game.AdjacentNodes(i)     where soldiers on i may go (directed-aware)
//   game.Soldiers(i), game.Owner(i), game.Mine(i), game.Free(i),
//   game.Enemy(i), game.Points(i), game.SoldiersPerTurn(i)
//   game.AvailableSoldiers(i) soldiers on i not yet sent this turn
//   game.IncomingSoldiers(i)  soldiers I already send to i this turn
//   game.AddMove(from, to, n) sends n soldiers; false (and nothing sent)
//                             for a move the engine would refuse
//   game.map(), game.state()  the rules core's view (sdk/berlin/rules.h),
//                             for bots that simulate turns
//   game.MsLeft()             time left before the server answers
// The server answers with the moves added so far when time runs out, so a
// long search should add its best moves early, or watch MsLeft().
//
// One BerlinStarterBot object plays one seat of one game: members may keep
// memory from turn to turn; it is freed after the game.
// Debug output: print to std::cerr (the server's stderr; `warlight berlin
// match` keeps each bot's in the game folder).
//
// What this bot does each turn, node by node:
//   1. keeps at home as many soldiers as the enemies next door could bring
//      (a tie keeps the node, so that is enough to hold it);
//   2. sends the rest to the best neighbours it does not own, cities first,
//      each with exactly enough soldiers to out-number what is there now;
//   3. walks soldiers that have nothing to attack one step toward the
//      nearest node it does not own.
// Ideas: count the enemy soldiers that can also reach a target; gather
// soldiers from several nodes for one big attack; value a city by the
// turns left (a city taken late spawns little); keep nothing home when the
// node is worth nothing.
#ifndef BERLIN_STARTER_BOT_H_
#define BERLIN_STARTER_BOT_H_

#include <algorithm>
#include <vector>

#include "sdk/berlin/bot.h"

class BerlinStarterBot : public wl::berlin::Bot {
 public:
  void OnTurn(wl::berlin::Game& game) override {
    const std::vector<int> distance = DistanceToForeign(game);
    for (int node : game.ControlledNodes()) {
      const int keep = std::min(game.AvailableSoldiers(node),
                                EnemiesThatCanReach(game, node));
      const int spare = game.AvailableSoldiers(node) - keep;
      if (distance[node] == 1) {
        Attack(game, node, spare);  // a neighbour is not mine
      } else {
        StepForward(game, node, spare, distance);
      }
    }
  }

 private:
  // Enemy soldiers that could walk into `node` this turn.
  static int EnemiesThatCanReach(const wl::berlin::Game& game, int node) {
    int enemies = 0;
    for (int other = 0; other < game.NodeCount(); ++other) {
      if (game.Enemy(other) && game.Adjacent(other, node)) {
        enemies += std::max(0, game.Soldiers(other));
      }
    }
    return enemies;
  }

  // Sends up to `budget` soldiers from `node` to neighbours it does not
  // own, the most valuable first, each only if it can out-number them.
  static void Attack(wl::berlin::Game& game, int node, int budget) {
    std::vector<int> targets;
    for (int next : game.AdjacentNodes(node)) {
      if (!game.Mine(next)) targets.push_back(next);
    }
    std::sort(targets.begin(), targets.end(),
              [&](int a, int b) { return Value(game, a) > Value(game, b); });
    for (int target : targets) {
      // One more than the soldiers there, less what is already on its way.
      const int needed = std::max(0, game.Soldiers(target)) + 1 -
                         game.IncomingSoldiers(target);
      if (needed > 0 && needed <= budget) {
        game.AddMove(node, target, needed);
        budget -= needed;
      }
    }
  }

  // How much we want to take `node`: points and spawns first, then the
  // cheaper (fewer defenders).
  static double Value(const wl::berlin::Game& game, int node) {
    return 10.0 * static_cast<double>(game.Points(node)) +
           10.0 * static_cast<double>(game.SoldiersPerTurn(node)) -
           0.1 * std::max(0, game.Soldiers(node));
  }

  // An inland node (nothing to attack next door) sends its `spare`
  // soldiers one step closer to the nearest node it does not own.
  static void StepForward(wl::berlin::Game& game, int node, int spare,
                          const std::vector<int>& distance) {
    int best = -1;
    for (int next : game.AdjacentNodes(node)) {
      if (best < 0 || distance[next] < distance[best]) best = next;
    }
    if (best >= 0 && distance[best] < distance[node]) {
      game.AddMove(node, best, spare);  // false (nothing sent) if spare is 0
    }
  }

  // Moves from each node to the nearest node not mine, following the
  // paths' directions: 0 for those, 1 for my nodes next to one, more
  // inland, NodeCount() + 1 where none can be reached.
  static std::vector<int> DistanceToForeign(const wl::berlin::Game& game) {
    const int n = game.NodeCount();
    const int kFar = n + 1;
    std::vector<int> distance(n, kFar);
    for (int i = 0; i < n; ++i) {
      if (!game.Mine(i)) distance[i] = 0;
    }
    for (bool changed = true; changed;) {
      changed = false;
      for (int i = 0; i < n; ++i) {
        for (int next : game.AdjacentNodes(i)) {
          if (distance[next] + 1 < distance[i]) {
            distance[i] = distance[next] + 1;
            changed = true;
          }
        }
      }
    }
    return distance;
  }
};

#endif  // BERLIN_STARTER_BOT_H_
