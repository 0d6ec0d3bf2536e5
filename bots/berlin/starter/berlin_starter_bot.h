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
// Debug output: print to std::cerr (the bot server's stderr).
//
// What this bot does each turn, node by node (a "target" is a node it does
// not own that is worth something: points or spawns):
//   1. on a node worth something, keeps at home as many soldiers as the
//      strongest enemy army next door (a tie keeps the node);
//   2. sends the rest to the neighbouring targets, the most valuable first,
//      each with exactly enough soldiers to out-number what is there now;
//   3. walks what is left one step toward the nearest target (waiting,
//      to gather more, next to a target it cannot take yet).
// The starter beats the random bot in about 9 games of 10
// (tests/berlin/starter_test.cpp).
// Ideas: count the enemy soldiers that can also reach a target; gather
// soldiers from several nodes for one big attack; value a city by the
// turns left (a city taken late spawns little); defend only what the enemy
// can really take, and move the others out.
#ifndef BERLIN_STARTER_BOT_H_
#define BERLIN_STARTER_BOT_H_

#include <algorithm>
#include <vector>

#include "sdk/berlin/bot.h"

class BerlinStarterBot : public wl::berlin::Bot {
 public:
  void OnTurn(wl::berlin::Game& game) override {
    const std::vector<int> distance = DistanceToTargets(game);
    for (int node : game.ControlledNodes()) {
      // Soldiers to keep at home: only where the node is worth something.
      const int keep = Worth(game, node) > 0
                           ? std::min(game.AvailableSoldiers(node),
                                      EnemiesThatCanReach(game, node))
                           : 0;
      const int spare = Attack(game, node, game.AvailableSoldiers(node) - keep);
      StepForward(game, node, spare, distance);
    }
  }

 private:
  // What owning `node` brings: its points and its spawns (berlin §5.7, §6).
  static int64_t Worth(const wl::berlin::Game& game, int node) {
    return game.Points(node) + game.SoldiersPerTurn(node);
  }

  // Worth taking: a node not mine that is worth something.
  static bool IsTarget(const wl::berlin::Game& game, int node) {
    return !game.Mine(node) && Worth(game, node) > 0;
  }

  // Enemy soldiers that could walk into `node` this turn.
  static int EnemiesThatCanReach(const wl::berlin::Game& game, int node) {
    int enemies = 0;
    for (int other = 0; other < game.NodeCount(); ++other) {
      if (game.Enemy(other) && game.Adjacent(other, node)) {
        enemies = std::max(enemies, game.Soldiers(other));
      }
    }
    return enemies;
  }

  // Sends soldiers of `budget` from `node` to the target neighbours, the
  // most valuable first, each only if it can out-number what is there.
  // Returns what is left of the budget.
  static int Attack(wl::berlin::Game& game, int node, int budget) {
    std::vector<int> targets;
    for (int next : game.AdjacentNodes(node)) {
      if (IsTarget(game, next)) targets.push_back(next);
    }
    std::sort(targets.begin(), targets.end(), [&](int a, int b) {
      if (Worth(game, a) != Worth(game, b)) {
        return Worth(game, a) > Worth(game, b);
      }
      return game.Soldiers(a) < game.Soldiers(b);  // the cheaper first
    });
    for (int target : targets) {
      // One more than the soldiers there, less what is already on its way.
      const int needed = std::max(0, game.Soldiers(target)) + 1 -
                         game.IncomingSoldiers(target);
      if (needed > 0 && needed <= budget) {
        game.AddMove(node, target, needed);
        budget -= needed;
      }
    }
    return budget;
  }

  // The `spare` soldiers of `node` take one step toward the nearest target,
  // unless that step is a target they cannot take yet (they wait there for
  // more) or a node whose soldiers they cannot beat.
  static void StepForward(wl::berlin::Game& game, int node, int spare,
                          const std::vector<int>& distance) {
    int best = -1;
    for (int next : game.AdjacentNodes(node)) {
      if (best < 0 || distance[next] < distance[best]) best = next;
    }
    if (spare <= 0 || best < 0 || distance[best] >= distance[node] ||
        IsTarget(game, best)) {
      return;
    }
    if (game.Mine(best) || spare > std::max(0, game.Soldiers(best))) {
      game.AddMove(node, best, spare);
    }
  }

  // Moves from each node to the nearest target (any node not mine once no
  // target is left), following the paths' directions: 0 on targets,
  // NodeCount() + 1 where none can be reached.
  static std::vector<int> DistanceToTargets(const wl::berlin::Game& game) {
    const int n = game.NodeCount();
    bool any = false;
    for (int i = 0; i < n; ++i) any = any || IsTarget(game, i);
    std::vector<int> distance(n, n + 1);
    for (int i = 0; i < n; ++i) {
      if (any ? IsTarget(game, i) : !game.Mine(i)) distance[i] = 0;
    }
    for (bool changed = true; changed;) {  // at most n rounds
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
