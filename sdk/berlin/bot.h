// bot.h: what a Berlin bot writes (berlin §9): one callback per turn over a
// parsed view of the request, adding moves with the official gem's
// available/incoming bookkeeping.
//
//   class MyBot : public wl::berlin::Bot {
//    public:
//     void OnTurn(wl::berlin::Game& game) override {
//       for (int node : game.ControlledNodes()) {
//         for (int next : game.AdjacentNodes(node)) {
//           if (!game.Mine(next)) game.AddMove(node, next, 1);
//         }
//       }
//     }
//   };
//   int main(int argc, char** argv) {            // server.h
//     return wl::berlin::Serve<MyBot>(argc, argv);
//   }
//
// Nodes are indexes in map order (0..NodeCount()-1); NodeId(i) is the id the
// engine uses. One Bot object plays one seat of one game: the server makes
// it at the game's first request, keyed by (game_id, player_id), and frees
// it after game_over (berlin §2.6), so members may keep memory across turns.
// OnTurn runs on a worker thread: when the time limit nears, the server
// answers with the moves added so far (check MsLeft() in long searches).
#ifndef WL_BERLIN_BOT_H_
#define WL_BERLIN_BOT_H_

#include <chrono>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "request.h"
#include "rules.h"

namespace wl::berlin {

class Game {
 public:
  using Clock = std::chrono::steady_clock;

  // `deadline`: when the server answers whatever has been added.
  Game(Request request, Clock::time_point deadline)
      : request_(std::move(request)), deadline_(deadline) {
    const int n = request_.map.size();
    available_.resize(n);
    incoming_.assign(n, 0);
    for (int i = 0; i < n; ++i) available_[i] = Soldiers(i);
  }
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  // infos (berlin §3.1)
  const Request& request() const { return request_; }
  const std::string& id() const { return request_.game_id; }
  const std::string& action() const { return request_.action; }
  int player_id() const { return request_.player_id; }
  int number_of_players() const { return request_.number_of_players; }
  int64_t current_turn() const { return request_.current_turn; }
  int maximum_number_of_turns() const {
    return request_.maximum_number_of_turns;
  }
  int64_t turns_left() const {
    return request_.maximum_number_of_turns - request_.current_turn;
  }
  int time_limit_per_turn() const { return request_.time_limit_per_turn; }
  bool directed() const { return request_.directed; }
  // The rules core's view of the same (searching bots copy the State).
  const Map& map() const { return request_.map; }
  const State& state() const { return request_.state; }

  // Time left before the server answers, in ms (negative once past).
  double MsLeft() const {
    return std::chrono::duration<double, std::milli>(deadline_ - Clock::now())
        .count();
  }
  Clock::time_point deadline() const { return deadline_; }

  // Nodes (berlin §9.1 `node`).
  int NodeCount() const { return request_.map.size(); }
  int64_t NodeId(int i) const { return request_.map.node(i).id; }
  int IndexOf(int64_t id) const { return request_.map.IndexOf(id); }
  const std::string& Type(int i) const { return map().type_of(i).name; }
  int64_t Points(int i) const { return map().Points(i); }
  int64_t SoldiersPerTurn(int i) const { return map().SoldiersPerTurn(i); }
  int Owner(int i) const { return state().owner[i]; }  // kFree when free
  int Soldiers(int i) const { return state().Soldiers(i); }
  int AvailableSoldiers(int i) const { return available_[i]; }
  int IncomingSoldiers(int i) const { return incoming_[i]; }
  bool Mine(int i) const { return Owner(i) == player_id(); }
  bool Free(int i) const { return Owner(i) == kFree; }
  bool Enemy(int i) const { return !Free(i) && !Mine(i); }
  bool Foreign(int i) const { return !Mine(i); }
  bool Occupied(int i) const { return Soldiers(i) > 0; }
  // berlin §5.3 check 3: a move from -> to may be made (directed-aware).
  bool Adjacent(int from, int to) const { return map().Adjacent(from, to); }
  std::vector<int> AdjacentNodes(int i) const {
    return Select([&](int j) { return Adjacent(i, j); });
  }

  // berlin §9.1 `map`: mine (even with 0 soldiers), mine with soldiers,
  // another player's, nobody's, not mine.
  std::vector<int> OwnedNodes() const {
    return Select([&](int i) { return Mine(i); });
  }
  std::vector<int> ControlledNodes() const {
    return Select([&](int i) { return Mine(i) && Occupied(i); });
  }
  std::vector<int> EnemyNodes() const {
    return Select([&](int i) { return Enemy(i); });
  }
  std::vector<int> FreeNodes() const {
    return Select([&](int i) { return Free(i); });
  }
  std::vector<int> ForeignNodes() const {
    return Select([&](int i) { return Foreign(i); });
  }

  // Adds a move of `n` soldiers (node indexes), lowering the source's
  // available soldiers and raising the target's incoming ones, like the
  // gem's add_move. Returns false, and adds nothing, for a move the engine
  // would drop (berlin §5.3: bad index, n <= 0, not adjacent, more than is
  // available), so a bot never sends one.
  bool AddMove(int from, int to, int n) {
    if (from < 0 || from >= NodeCount() || to < 0 || to >= NodeCount() ||
        n <= 0 || !Adjacent(from, to) || n > available_[from]) {
      return false;
    }
    available_[from] -= n;
    incoming_[to] += n;
    std::lock_guard<std::mutex> lock(mutex_);
    moves_.push_back(Move{NodeId(from), NodeId(to), n});
    return true;
  }
  // The moves added so far (node ids), safe to call from another thread.
  std::vector<Move> Moves() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return moves_;
  }

 private:
  template <typename Pred>
  std::vector<int> Select(Pred pred) const {
    std::vector<int> out;
    for (int i = 0; i < NodeCount(); ++i) {
      if (pred(i)) out.push_back(i);
    }
    return out;
  }

  Request request_;
  Clock::time_point deadline_;
  std::vector<int> available_;
  std::vector<int> incoming_;
  mutable std::mutex mutex_;
  std::vector<Move> moves_;
};

// A bot: one object per seat per game (see above).
class Bot {
 public:
  virtual ~Bot() = default;
  // action game_start (berlin §2.6): the answer is ignored.
  virtual void OnGameStart(const Game& /*game*/) {}
  // actions turn and ping: add this turn's moves to `game`.
  virtual void OnTurn(Game& game) = 0;
  // action game_over: the final state; the bot is freed after it.
  virtual void OnGameOver(const Game& /*game*/) {}
};

}  // namespace wl::berlin

#endif  // WL_BERLIN_BOT_H_
