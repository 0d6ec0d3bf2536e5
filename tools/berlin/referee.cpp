#include "berlin/referee.h"

#include <cstdio>
#include <exception>
#include <stdexcept>
#include <thread>
#include <utility>

#include "absl/strings/str_cat.h"
#include "sdk/berlin/rules.h"
#include "sdk/common/fast_random.h"

namespace wl::tools {
namespace {

using Clock = std::chrono::steady_clock;

// berlin §2.4: the :timeout the engine passed for each action (the
// exchanges' timeout_option; a turn's is the map's time_limit_per_turn).
constexpr int64_t kGameStartOption = 30000;
constexpr int64_t kGameOverOption = 5000;

// One request to one seat, timed; a late answer is a time-out (berlin
// §2.4), an exception a failure.
BerlinAnswer AskSeat(BerlinSeat& seat, const berlin::RequestFields& request,
                     int64_t limit_ms) {
  const Clock::time_point start = Clock::now();
  BerlinAnswer answer;
  try {
    answer = seat.Ask(request, limit_ms);
  } catch (const std::exception& e) {
    answer = BerlinAnswer{};
    answer.kind = BerlinAnswer::Kind::kFailed;
    answer.error = std::string("the seat failed: ") + e.what();
  }
  const double elapsed =
      std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  if (answer.elapsed_ms <= 0) answer.elapsed_ms = elapsed;
  if (limit_ms > 0 && answer.kind == BerlinAnswer::Kind::kAnswered &&
      elapsed > static_cast<double>(limit_ms)) {
    answer.kind = BerlinAnswer::Kind::kTimedOut;
    answer.error =
        absl::StrCat("answered after ", static_cast<int64_t>(elapsed),
                     " ms (limit ", limit_ms, " ms)");
  }
  return answer;
}

// berlin §2.1: a phase's requests go out at once, in iteration order, and
// the referee waits for all. One thread per distinct seat (a seat answers
// one request at a time: one object may hold several players), each asking
// its players in iteration order.
std::vector<BerlinAnswer> AskAll(
    const std::vector<BerlinSeat*>& seats,
    const std::vector<berlin::RequestFields>& requests, int64_t limit_ms) {
  std::vector<BerlinAnswer> answers(seats.size());
  std::vector<std::vector<size_t>> by_seat;  // first appearance first
  for (size_t i = 0; i < seats.size(); ++i) {
    size_t j = 0;
    while (j < by_seat.size() && seats[by_seat[j][0]] != seats[i]) ++j;
    if (j == by_seat.size()) by_seat.emplace_back();
    by_seat[j].push_back(i);
  }
  auto ask = [&](const std::vector<size_t>& indexes) {
    for (size_t i : indexes) {
      answers[i] = AskSeat(*seats[i], requests[i], limit_ms);
    }
  };
  if (by_seat.size() == 1) {
    ask(by_seat[0]);
    return answers;
  }
  std::vector<std::thread> threads;
  for (const std::vector<size_t>& indexes : by_seat) {
    threads.emplace_back(ask, std::cref(indexes));
  }
  for (std::thread& t : threads) t.join();
  return answers;
}

std::string Describe(const BerlinAnswer& answer) {
  switch (answer.kind) {
    case BerlinAnswer::Kind::kTimedOut:
      return answer.error.empty() ? "timed out" : "timed out: " + answer.error;
    case BerlinAnswer::Kind::kFailed:
      return "failed: " + answer.error;
    case BerlinAnswer::Kind::kAnswered:
      break;
  }
  return absl::StrCat("answered HTTP ", answer.status);
}

// The replay's text (berlin §5.8, §8), built as the engine's to_json.
void AppendMove(const berlin::Map& map, const berlin::AcceptedMove& m,
                std::string& out) {
  absl::StrAppend(
      &out, out.back() == '[' ? "" : ",", "{\"player_id\":", m.player,
      ",\"from\":", map.node(m.from).id, ",\"to\":", map.node(m.to).id,
      ",\"number_of_soldiers\":", m.number_of_soldiers, "}");
}

void AppendSpawn(const berlin::Map& map, const berlin::Spawn& s,
                 std::string& out) {
  absl::StrAppend(&out, out.back() == '[' ? "" : ",",
                  "{\"node_id\":", map.node(s.node).id,
                  ",\"player_id\":", s.player,
                  ",\"number_of_soldiers\":", s.number_of_soldiers, "}");
}

class Referee {
 public:
  explicit Referee(const BerlinGameSpec& spec);
  BerlinRecord Play();

 private:
  berlin::InfosFields Infos() const;
  // Asks the players at these iteration positions, records the exchanges
  // and returns the index of the first.
  size_t Phase(const std::string& action, const std::vector<size_t>& asked,
               int current_turn, int64_t limit_ms, int64_t timeout_option);
  void Start();
  void PlayTurn();
  void End();
  void CountStats();

  const BerlinGameSpec& spec_;
  const BerlinMapFile& file_;
  const berlin::Map& map_;
  const int players_;
  berlin::State state_;
  std::vector<bool> start_failed_;  // by iteration position
  std::vector<int> accepted_;       // by player id
  std::string turns_json_;
  BerlinRecord record_;
};

const BerlinMapFile& CheckedMap(const BerlinGameSpec& spec) {
  if (spec.map == nullptr) {
    throw std::invalid_argument("berlin referee: no map");
  }
  const int n = static_cast<int>(spec.players.size());
  std::vector<bool> seen(n, false);
  for (const BerlinPlayer& p : spec.players) {
    if (p.player_id < 0 || p.player_id >= n || seen[p.player_id] ||
        p.seat == nullptr) {
      throw std::invalid_argument(
          "berlin referee: players need ids 0..N-1, once each, and a seat");
    }
    seen[p.player_id] = true;
  }
  return *spec.map;
}

berlin::State StartState(const BerlinMapFile& file, int players) {
  absl::StatusOr<berlin::State> s = file.Setup(players);
  if (!s.ok()) throw std::invalid_argument(std::string(s.status().message()));
  return *s;
}

Referee::Referee(const BerlinGameSpec& spec)
    : spec_(spec),
      file_(CheckedMap(spec)),
      map_(file_.map),
      players_(static_cast<int>(spec.players.size())),
      state_(StartState(file_, players_)),
      start_failed_(spec.players.size(), false),
      accepted_(spec.players.size(), 0) {}

// berlin §3.1, as the map says; a turn limit the referee was given
// (--turn-limit-ms, §11) is the one the bots are told.
berlin::InfosFields Referee::Infos() const {
  berlin::InfosFields infos = file_.Infos(spec_.game_id, players_);
  if (spec_.turn_limit_ms > 0) {
    infos.time_limit_per_turn_json = std::to_string(spec_.turn_limit_ms);
  }
  return infos;
}

size_t Referee::Phase(const std::string& action,
                      const std::vector<size_t>& asked, int current_turn,
                      int64_t limit_ms, int64_t timeout_option) {
  std::vector<BerlinSeat*> seats;
  std::vector<berlin::RequestFields> requests;
  berlin::InfosFields infos = Infos();
  infos.current_turn = current_turn;  // berlin §2.6
  const std::string state_json = berlin::StateJson(map_, state_);
  for (size_t k : asked) {
    infos.player_id = spec_.players[k].player_id;
    requests.push_back(
        {action, berlin::InfosJson(infos), file_.map_json, state_json});
    seats.push_back(spec_.players[k].seat);
  }
  std::vector<BerlinAnswer> answers = AskAll(seats, requests, limit_ms);
  const size_t first = record_.exchanges.size();
  for (size_t j = 0; j < asked.size(); ++j) {
    BerlinExchange e;
    e.seq = static_cast<int>(record_.exchanges.size());
    e.player_id = spec_.players[asked[j]].player_id;
    e.url = spec_.players[asked[j]].url;
    e.timeout_option = timeout_option;
    e.request = std::move(requests[j]);
    e.answer = std::move(answers[j]);
    record_.exchanges.push_back(std::move(e));
  }
  return first;
}

// berlin §1.3, §2.5, §11: game_start to all; a failure is recorded and the
// player makes no moves from then on.
void Referee::Start() {
  std::vector<size_t> all(spec_.players.size());
  for (size_t k = 0; k < all.size(); ++k) all[k] = k;
  const size_t first =
      Phase("game_start", all, 0, spec_.game_start_limit_ms, kGameStartOption);
  for (size_t k = 0; k < all.size(); ++k) {
    const BerlinAnswer& a = record_.exchanges[first + k].answer;
    if (a.Success()) continue;
    start_failed_[k] = true;
    record_.start_failures.push_back(
        absl::StrCat("player ", spec_.players[k].player_id, " (",
                     spec_.players[k].name, "): game_start ", Describe(a)));
  }
}

// berlin §5: ask the alive players (§5.1), read the successful answers
// (§2.5, §5.2), resolve in iteration order (§5.3-5.7), record (§5.8).
void Referee::PlayTurn() {
  std::vector<size_t> asked;
  for (size_t k = 0; k < spec_.players.size(); ++k) {
    if (!start_failed_[k] && state_.Alive(spec_.players[k].player_id)) {
      asked.push_back(k);
    }
  }
  const int turn = state_.turn + 1;
  const int64_t limit =
      spec_.turn_limit_ms > 0 ? spec_.turn_limit_ms : map_.time_limit_per_turn;
  const size_t first = Phase("turn", asked, turn, limit, limit);
  std::vector<berlin::PlayerMoves> moves;
  for (size_t j = 0; j < asked.size(); ++j) {
    BerlinExchange& e = record_.exchanges[first + j];
    if (e.answer.Success()) e.reading = berlin::ReadAnswer(e.answer.body);
    moves.push_back({e.player_id, e.reading.moves.data(),
                     static_cast<int>(e.reading.moves.size())});
  }
  std::string moves_json = "[", post_json, spawns_json = "[";
  absl::StrAppend(&turns_json_, turn == 1 ? "" : ",", "\"", turn,
                  "\":{\"states_pre\":", berlin::StateJson(map_, state_));
  berlin::ResolveTurn(
      map_, state_, moves.data(), static_cast<int>(moves.size()),
      [&](const berlin::AcceptedMove& m) {
        ++accepted_[m.player];
        AppendMove(map_, m, moves_json);
      },
      [&](const berlin::State& s) { post_json = berlin::StateJson(map_, s); },
      [&](const berlin::Spawn& s) { AppendSpawn(map_, s, spawns_json); });
  absl::StrAppend(&turns_json_, ",\"moves\":", moves_json,
                  "],\"states_post\":", post_json, ",\"spawns\":", spawns_json,
                  "]}");
}

// berlin §1.5, §6: game_over to every player; results and winners.
void Referee::End() {
  std::vector<size_t> all(spec_.players.size());
  for (size_t k = 0; k < all.size(); ++k) all[k] = k;
  Phase("game_over", all, state_.turn, spec_.game_over_limit_ms,
        kGameOverOption);
  berlin::InfosFields infos = Infos();
  infos.current_turn = state_.turn;  // berlin §8: turns played
  record_.replay_json = absl::StrCat("{\"infos\":", berlin::InfosJson(infos),
                                     ",\"turns\":{", turns_json_, "}}");
  record_.number_of_turns = state_.turn;
  const uint32_t winners = berlin::Winners(map_, state_);
  for (int p = 0; p < players_; ++p) {
    record_.results.push_back(
        {p, berlin::Score(map_, state_, p), ((winners >> p) & 1) != 0});
  }
}

void Referee::CountStats() {
  record_.stats.resize(players_);
  for (int p = 0; p < players_; ++p) record_.stats[p].player_id = p;
  for (const BerlinExchange& e : record_.exchanges) {
    BerlinSeatStats& s = record_.stats[e.player_id];
    ++s.requests;
    if (e.answer.kind == BerlinAnswer::Kind::kTimedOut) ++s.timeouts;
    if (e.answer.kind == BerlinAnswer::Kind::kFailed ||
        (e.answer.kind == BerlinAnswer::Kind::kAnswered &&
         !e.answer.Success())) {
      ++s.failed_answers;
    }
    if (e.request.action != "turn") continue;
    s.time_used_ms += e.answer.elapsed_ms;
    if (!e.answer.Success()) continue;
    if (!e.reading.array) ++s.unreadable_answers;
    if (e.reading.cut_short) ++s.cut_short_answers;
    s.moves_sent += static_cast<int>(e.reading.moves.size());
  }
  for (int p = 0; p < players_; ++p) {
    record_.stats[p].rejected_moves =
        record_.stats[p].moves_sent - accepted_[p];
  }
}

BerlinRecord Referee::Play() {
  record_.time_start = std::chrono::system_clock::now();
  Start();
  while (!berlin::GameOver(map_, state_)) PlayTurn();  // berlin §1.4
  End();
  CountStats();
  record_.time_end = std::chrono::system_clock::now();
  return std::move(record_);
}

}  // namespace

BerlinRecord RefereeGame(const BerlinGameSpec& spec) {
  return Referee(spec).Play();
}

std::string BerlinGameId(uint64_t seed) {
  FastRandom rng(seed);
  const uint64_t a = rng.NextU64();
  const uint64_t b = rng.NextU64();
  // time_low-time_mid-version 1 and time_high-variant 10 and clock_seq-node.
  char id[40];
  std::snprintf(id, sizeof(id), "%08x-%04x-1%03x-%04x-%012llx",
                static_cast<unsigned>(a >> 32),
                static_cast<unsigned>((a >> 16) & 0xffff),
                static_cast<unsigned>(a & 0xfff),
                static_cast<unsigned>(((b >> 48) & 0x3fff) | 0x8000),
                static_cast<unsigned long long>(b & 0xffffffffffffULL));
  return id;
}

}  // namespace wl::tools
