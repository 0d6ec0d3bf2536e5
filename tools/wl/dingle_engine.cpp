#include "wl/dingle_engine.h"

#include <algorithm>
#include <map>
#include <queue>
#include <set>
#include <string_view>
#include <utility>

#include "absl/status/status.h"
#include "boost/json.hpp"
#include "common/files.h"
#include "engine_lines.h"
#include "player.h"
#include "wl/answer_reader.h"
#include "wl/dingle_trace.h"
#include "wl/map_json.h"

namespace wl::tools {
namespace {

using dingle::Phase;

constexpr int64_t kGraceMs = 150;  // dingle §11

int Number(Player p) { return p == Player::kPlayer1 ? 1 : 2; }

const char* PhaseName(Phase phase) {
  switch (phase) {
    case Phase::kStartingRegions:
      return "STARTING_REGIONS";
    case Phase::kPlaceArmies:
      return "PLACE_ARMIES";
    case Phase::kAttackTransfer:
      break;
  }
  return "ATTACK_TRANSFER";
}

const char* DecisionText(dingle::Decision d) {
  switch (d) {
    case dingle::Decision::kRegions:
      return "regions";
    case dingle::Decision::kArmies:
      return "armies";
    case dingle::Decision::kTie:
      return "tie (player 2 wins ties)";
    default:
      break;
  }
  return "elimination";
}

// Dingle's reason for an ignored order (dingle §6, §7).
std::string Reason(Illegal why, const std::string& region_name) {
  switch (why) {
    case Illegal::kPlaceNotOwned:
      return "can't place armies on unowned region " + region_name;
    case Illegal::kPlaceLessThanOne:
      return "cannot place less than 1 army";
    case Illegal::kPlaceNoArmiesLeft:
      return "no armies left to place";
    case Illegal::kMoveNotOwned:
      return "attack/transfer from unowned region";
    case Illegal::kMoveNotNeighbor:
      return "attack/transfer to region that is not a neighbor";
    case Illegal::kMoveLessThanOne:
      return "attack/transfer cannot use less than 1 army";
    case Illegal::kMoveNoArmiesLeft:
      return "attack/transfer requests more armies than are available";
    default:
      break;
  }
  return "player has already moved between same regions in this turn";
}

// Kahn's algorithm over the links, each list's consecutive entries giving
// an edge "earlier link first"; the smallest ready link goes first. Empty
// when the lists contain a cycle (no two-way insertion order makes them).
std::vector<std::pair<int, int>> OrderLinks(
    const std::vector<std::vector<int>>& lists) {
  using Link = std::pair<int, int>;
  auto link = [](int a, int b) { return Link(std::min(a, b), std::max(a, b)); };
  std::map<Link, std::set<Link>> after;
  std::map<Link, int> waiting;
  for (size_t r = 0; r < lists.size(); ++r) {
    const std::vector<int>& l = lists[r];
    for (size_t i = 0; i < l.size(); ++i) {
      const Link x = link(static_cast<int>(r), l[i]);
      waiting.emplace(x, 0);
      if (i == 0) continue;
      const Link w = link(static_cast<int>(r), l[i - 1]);
      if (after[w].insert(x).second) ++waiting[x];
    }
  }
  std::priority_queue<Link, std::vector<Link>, std::greater<Link>> ready;
  for (const auto& [x, n] : waiting) {
    if (n == 0) ready.push(x);
  }
  std::vector<Link> order;
  while (!ready.empty()) {
    const Link x = ready.top();
    ready.pop();
    order.push_back(x);
    for (const Link& y : after[x]) {
      if (--waiting[y] == 0) ready.push(y);
    }
  }
  if (order.size() != waiting.size()) order.clear();
  return order;
}

// The file's regions: adjacency lists (by id) and names.
absl::Status ReadListsAndNames(std::string_view text,
                               std::vector<std::vector<int>>& lists,
                               std::vector<std::string>& names) {
  boost::json::error_code ec;
  boost::json::value root = boost::json::parse(text, ec);
  const boost::json::array* regions =
      ec || !root.is_object() ? nullptr
                              : root.as_object().at("Regions").if_array();
  if (!regions) return absl::InvalidArgumentError("no \"Regions\" array");
  for (const boost::json::value& v : *regions) {
    const boost::json::object& r = v.as_object();
    const size_t id = static_cast<size_t>(r.at("id").to_number<int64_t>());
    if (lists.size() <= id) lists.resize(id + 1), names.resize(id + 1);
    for (const boost::json::value& n : r.at("neighbors").as_array()) {
      lists[id].push_back(static_cast<int>(n.to_number<int64_t>()));
    }
    if (const boost::json::value* name = r.if_contains("name")) {
      if (name->is_string()) names[id] = std::string(name->as_string());
    }
  }
  return absl::OkStatus();
}

// A Seat behind the DingleAgent interface: the request line goes out, the
// answer line is read with the official answer reader (answer_reader.h).
class SeatAgent : public DingleAgent {
 public:
  explicit SeatAgent(Seat& seat) : seat_(seat) {}
  void Send(const std::string& line) override { seat_.Send(line); }
  std::string EndReason() override { return seat_.EndReason(); }
  DingleAnswer Ask(const DingleRequest& request) override {
    Reply reply = seat_.Ask(request.line, request.timeout_ms);
    DingleAnswer a;
    a.elapsed_ms = reply.elapsed_ms;
    if (reply.timed_out || reply.elapsed_ms > request.timeout_ms) {
      a.timed_out = true;
      return a;
    }
    a.line = reply.line;
    if (request.phase == Phase::kStartingRegions) {
      PickAnswer pick = ReadPickAnswer(a.line, request.pickable, request.map);
      a.pick = pick.region.value_or(0);
      a.dump_log = std::move(pick.dump_log);
      a.engine_stderr = std::move(pick.engine_stderr);
      return a;
    }
    MovesAnswer read = ReadMovesAnswer(a.line, request.me, request.map);
    const MoveKind kind = request.phase == Phase::kPlaceArmies
                              ? MoveKind::kPlace
                              : MoveKind::kAttackTransfer;
    for (const Move& m : read.moves) {
      if (m.kind == kind) {
        a.orders.push_back(m);
      } else {
        read.dump_log += "Dingle: a move of the other phase, ignored\n";
      }
    }
    a.dump_log = std::move(read.dump_log);
    a.engine_stderr = std::move(read.engine_stderr);
    return a;
  }

 private:
  Seat& seat_;
};

// One game in progress; PlayDingleGame runs it start to end.
class DingleEngine {
 public:
  DingleEngine(const Map& map, int64_t seed, DingleAgent& p1, DingleAgent& p2,
               const GameOptions& options, const DingleSettings& settings)
      : game_(map, RuleSet::kDingle),
        rng_(seed),
        seed_(seed),
        agents_{&p1, &p2},
        options_(options),
        settings_(settings),
        tracing_(options.record_replay) {}

  GameRecord Play() {
    dingle::Options o;
    o.warlords = options_.warlords;
    o.manual = options_.manual;
    o.extra[0] = settings_.extra[0];
    o.extra[1] = settings_.extra[1];
    o.max_rounds = settings_.max_rounds;
    setup_ = dingle::SetUp(game_, rng_, o);
    candidates_ = Candidates();
    TraceSetup();
    if (!setup_.error.empty()) {  // Dingle dies (dingle §3)
      record_.engine_stderr = setup_.error + "\n";
      return std::move(record_);
    }
    SendSettings();
    ReplayStart();
    if (Pos().phase == Phase::kStartingRegions) Draft();
    SendStarts();
    while (!Pos().Over()) PlayPhase();
    End();
    return std::move(record_);
  }

 private:
  // The trace events of the rules core's observer (dingle.h), in order.
  struct Events : dingle::NoEvents {
    DingleEngine& e;
    explicit Events(DingleEngine& engine) : e(engine) {}
    void PlaceIgnored(const Move& m, Illegal why) { e.Ignored(m, why); }
    void PlaceClamped(const Move& m, int available) {
      e.Says(m.player, "warning: move wants to place " +
                           std::to_string(m.armies) + " armies, but only " +
                           std::to_string(available) + " are available");
    }
    void Placed(const Move& m, const State& after) {
      e.Event(TraceLine("place")
                  .Int("player", Number(m.player))
                  .Int("region", m.from)
                  .Int("armies", m.armies)
                  .Int("region_armies_after", after.armies[m.from]));
      e.Executed(m);
    }
    void MoveRejected(const Move& m, Illegal why) { e.Ignored(m, why); }
    void Transferred(const Move& m, const State& after) {
      e.Event(TraceLine("transfer")
                  .Int("player", Number(m.player))
                  .Int("from", m.from)
                  .Int("to", m.to)
                  .Int("armies", m.armies)
                  .Int("from_after", after.armies[m.from])
                  .Int("to_after", after.armies[m.to]));
      e.Executed(m);
    }
    void Attacked(const dingle::AttackReport& a, const State& after) {
      e.Attacked(a, after);
    }
  };

  const dingle::Position& Pos() const { return setup_.position; }

  // The pickable list before any start was handed out: what is left plus
  // the starting regions, in id order (all regions, or -warlords' one per
  // continent, whose list is in continent order, hence id order).
  std::vector<int> Candidates() const {
    RegionSet all = Pos().state.owned[0] | Pos().state.owned[1];
    for (int r : setup_.pickable) all.Insert(r);
    std::vector<int> ids;
    for (int r : all) ids.push_back(r);
    return ids;
  }
  int Index(Player p) const { return PlayerIndex(p); }

  std::string Name(int region) const {
    const std::vector<std::string>& names = settings_.names;
    if (region >= 0 && static_cast<size_t>(region) < names.size() &&
        !names[region].empty()) {
      return names[region];
    }
    return std::to_string(region);
  }

  // --- the trace and the replay ---

  void Event(TraceLine& line) {
    if (tracing_) record_.trace += line.Done();
  }
  void Event(TraceLine&& line) { Event(line); }

  // Adds the owner and armies arrays of every region.
  TraceLine& WithState(TraceLine& line) const {
    std::vector<int> owner, armies;
    for (int r : game_.GetMap().RegionIds()) {
      const Player p = Pos().state.Owner(r);
      owner.push_back(p == Player::kNeutral ? 0 : Number(p));
      armies.push_back(Pos().state.armies[r]);
    }
    return line.Ints("owner", owner).Ints("armies", armies);
  }

  void TraceSetup() {
    const std::vector<Draw> draws = rng_.TakeDraws();
    TraceLine line("setup");
    line.Int("seed", seed_)
        .Str("variant", Variant())
        .Draws("draws", draws)
        .Int("lcg_steps", rng_.Steps())
        .Ints("pickable", setup_.pickable)
        .Int("round", Pos().round)
        .Int("turn", Number(Pos().turn))
        .Str("phase", PhaseName(Pos().phase));
    Event(WithState(line));
  }

  std::string Variant() const {
    if (options_.manual && options_.warlords) return "manual+warlords";
    if (options_.manual) return "manual";
    return options_.warlords ? "warlords" : "default";
  }

  void TraceState(const char* after, int executed) {
    TraceLine line("state");
    line.Str("after", after);
    if (executed >= 0) line.Int("executed", executed);
    line.Int("round", Pos().round)
        .Int("turn", Number(Pos().turn))
        .Str("phase", PhaseName(Pos().phase));
    if (std::string_view(after) == "pick") {
      line.Ints("pickable", setup_.pickable);
    }
    Event(WithState(line));
  }

  // "<head> 1<sep>player1<sep>3 2<sep>neutral<sep>2 ...": every region, in
  // id order (nothing is fogged, dingle §0).
  std::string Board(const char* head, char sep) const {
    std::string line = head;
    for (int r : game_.GetMap().RegionIds()) {
      line += ' ' + std::to_string(r) + sep +
              std::string(PlayerName(Pos().state.Owner(r))) + sep +
              std::to_string(Pos().state.armies[r]);
    }
    return line;
  }
  std::string MapLine() const { return Board("map", ';'); }
  std::string UpdateMapLine() const { return Board("update_map", ' '); }

  void Replay(const std::string& line) {
    if (tracing_) history_ += line + "\n" + MapLine() + "\n";
  }

  void ReplayStart() {
    if (!tracing_) return;
    std::string ids;
    for (int id : candidates_) ids += std::to_string(id) + ' ';
    record_.replay = ids + "\n";
    if (Pos().phase == Phase::kStartingRegions) {
      history_ = MapLine() + "\nround 0\n";
      return;
    }
    // The automatic starts, shown as picks p1, p2, p1, ... on a board that
    // fills up one region at a time.
    const dingle::Position full = Pos();
    dingle::Position& shown = setup_.position;
    shown.state = game_.InitialState();
    history_ = MapLine() + "\nround 0\n";
    std::vector<int> owned[2];
    for (int i = 0; i < 2; ++i) {
      for (int r : full.state.owned[i]) owned[i].push_back(r);
    }
    for (size_t k = 0; k < owned[0].size() + owned[1].size(); ++k) {
      const int seat = static_cast<int>(k % 2);
      if (k / 2 >= owned[seat].size()) continue;
      const int r = owned[seat][k / 2];
      const Player p = PlayerOfIndex(seat);
      shown.state.SetOwner(r, p);
      shown.state.armies[r] = full.state.armies[r];
      Replay(std::string(PlayerName(p)) + " place_armies " + std::to_string(r) +
             ' ' + std::to_string(full.state.armies[r]));
    }
    shown = full;
  }

  // --- what the observer reports ---

  void Says(Player p, const std::string& text) {
    Event(TraceLine("engine_says").Str("text", text));
    record_.dump[Index(p)] += text + "\n";
  }

  void Ignored(const Move& m, Illegal why) {
    const std::string reason = Reason(why, Name(m.from));
    Says(m.player, "ignoring illegal move by player " +
                       std::to_string(Number(m.player)) + ": " + reason);
    SeatOutcome& stats = record_.stats[Index(m.player)];
    ++stats.rejected_moves;
    Replay(std::string(PlayerName(m.player)) + " illegal_move " + reason);
  }

  // A placement, transfer or attack that happened: the opponent's next
  // opponent_moves line and the replay.
  void Executed(const Move& m) {
    std::string text;
    AppendMove(text, PlayerName(m.player), m);
    seen_moves_[1 - Index(m.player)] += ' ' + text;
    Replay(text);
  }

  void Attacked(const dingle::AttackReport& a, const State& after) {
    const Move& m = a.move;
    const Player to_owner = after.Owner(m.to);
    Event(TraceLine("attack")
              .Int("player", Number(m.player))
              .Int("from", m.from)
              .Int("to", m.to)
              .Int("armies", m.armies)
              .Int("defenders", a.defenders)
              .Int("defender_owner",
                   a.defender == Player::kNeutral ? 0 : Number(a.defender))
              .Draws("draws", rng_.TakeDraws())
              .Int("defenders_destroyed", a.losses.defenders_killed)
              .Int("attackers_destroyed", a.losses.attackers_killed)
              .Str("result", a.losses.conquered ? "conquered" : "repelled")
              .Int("from_after", after.armies[m.from])
              .Int("to_after", after.armies[m.to])
              .Int("to_owner_after",
                   to_owner == Player::kNeutral ? 0 : Number(to_owner)));
    Executed(m);
  }

  // --- talking to the agents ---

  void Send(int seat, const std::string& line) {
    agents_[seat]->Send(line);
    record_.dump[seat] += line + "\n";
  }

  void SendSettings() {
    const Map& map = game_.GetMap();
    std::string neighbors = "setup_map neighbors";
    for (auto [a, b] : LinkOrder(map)) {
      neighbors += ' ' + std::to_string(a) + ' ' + std::to_string(b);
    }
    const std::vector<std::string> setup = SetupMapLines(map);
    for (int seat = 0; seat < 2; ++seat) {
      const Player me = PlayerOfIndex(seat);
      Send(seat, "settings rule_set dingle");
      Send(seat, "settings timebank " + std::to_string(settings_.timeout_ms));
      Send(seat, "settings time_per_move 0");
      Send(seat, "settings max_rounds " + std::to_string(Pos().max_rounds));
      Send(seat, "settings your_bot " + std::string(PlayerName(me)));
      Send(seat,
           "settings opponent_bot " + std::string(PlayerName(Opponent(me))));
      Send(seat, setup[0]);
      Send(seat, setup[1]);
      Send(seat, neighbors);
      Send(seat, "settings starting_regions" + JoinIds(candidates_));
      Send(seat,
           "settings starting_pick_amount " + std::to_string(setup_.starts));
    }
  }

  // One agent call (dingle §4, §10): the master draw that seeds the
  // agent's copy, the request, the answer. On a time-out the caller plays
  // Dingle's pass().
  DingleAnswer Call(Phase phase, const std::string& request) {
    const Player p = Pos().turn;
    const int seat = Index(p);
    rng_.NextInt();
    Event(TraceLine("call")
              .Int("round", Pos().round)
              .Int("player", Number(p))
              .Str("phase", PhaseName(phase))
              .Draws("clone_draw", rng_.TakeDraws()));
    std::string& dump = record_.dump[seat];
    dump += request + "\n";
    const DingleAnswer a = agents_[seat]->Ask(
        DingleRequest{request, phase, p, setup_.pickable, game_.GetMap(),
                      settings_.timeout_ms + kGraceMs});
    SeatOutcome& stats = record_.stats[seat];
    stats.time_used_ms += a.elapsed_ms;
    if (a.timed_out) {
      ++stats.timeouts;
      NoteCrash(seat);
      dump += "Response timed out (" + std::to_string(settings_.timeout_ms) +
              "ms): Dingle's pass() is played\n";
      return a;
    }
    dump += "Output from your bot: \"" + a.line + "\"\n" + a.dump_log;
    stats.parse_errors += CountParseErrors(a.dump_log);
    for (const std::string& line : a.engine_stderr) {
      record_.engine_stderr += line + "\n";
    }
    return a;
  }

  void NoteCrash(int seat) {
    SeatOutcome& stats = record_.stats[seat];
    if (stats.crashed) return;
    const std::string reason = agents_[seat]->EndReason();
    if (reason.empty()) return;
    stats.crashed = true;
    stats.crash_round = Pos().round;
    stats.crash = reason;
  }

  // Dingle's pass() (dingle §11), drawn from the master generator. Not in
  // the rules core (dingle.h), which never meets a time-out.
  void TracePass(const char* reason) {
    Event(TraceLine("pass")
              .Int("player", Number(Pos().turn))
              .Str("phase", PhaseName(Pos().phase))
              .Str("reason", reason)
              .Draws("draws", rng_.TakeDraws()));
  }
  int PassPick(const char* reason) {
    const int region =
        setup_.pickable[rng_.NextInt(static_cast<int>(setup_.pickable.size()))];
    TracePass(reason);
    return region;
  }
  std::vector<Move> PassPlacement() {
    std::vector<int> owned;
    for (int r : Pos().state.Owned(Pos().turn)) owned.push_back(r);
    const int region = owned[rng_.NextInt(static_cast<int>(owned.size()))];
    TracePass("timeout");
    return {Move::Place(region, dingle::Income(game_, Pos()), Pos().turn)};
  }

  // --- the game ---

  // The manual draft (dingle §3): p1, p2, p1, ... one region each.
  void Draft() {
    for (;;) {
      const Player p = Pos().turn;
      DingleAnswer a =
          Call(Phase::kStartingRegions,
               "pick_starting_region " + std::to_string(settings_.timeout_ms) +
                   JoinIds(setup_.pickable));
      int region = a.pick;
      const std::vector<int>& list = setup_.pickable;
      if (a.timed_out) {
        region = PassPick("timeout");
      } else if (std::find(list.begin(), list.end(), region) == list.end()) {
        region = PassPick("not pickable");  // Dingle itself dies
      } else {
        Event(TraceLine("pick").Int("player", Number(p)).Int("region", region));
      }
      const dingle::PickResult result = dingle::Pick(setup_, region);
      Replay(std::string(PlayerName(p)) + " place_armies " +
             std::to_string(region) + ' ' +
             std::to_string(Pos().state.armies[region]));
      if (result == dingle::PickResult::kDraftOver) {
        Event(TraceLine("regions_chosen"));
        TraceState("pick", -1);
        return;
      }
      TraceState("pick", -1);
    }
  }

  void SendStarts() {
    for (int seat = 0; seat < 2; ++seat) {
      std::vector<int> theirs;
      for (int r : Pos().state.owned[1 - seat]) theirs.push_back(r);
      Send(seat, "setup_map opponent_starting_regions" + JoinIds(theirs));
    }
  }

  // One phase of the player to move.
  void PlayPhase() {
    const Player p = Pos().turn;
    const int seat = Index(p);
    if (Pos().phase == Phase::kAttackTransfer) {
      Moves(p);
      return;
    }
    if (p == Player::kPlayer1 && Pos().round != announced_round_) {
      announced_round_ = Pos().round;
      Event(TraceLine("round").Int("round", Pos().round));
      if (tracing_) history_ += "round " + std::to_string(Pos().round) + "\n";
      for (std::string& dump : record_.dump) {
        dump += "Round " + std::to_string(Pos().round) + "\n";
      }
    }
    const int income = dingle::Income(game_, Pos());
    Send(seat, "settings starting_armies " + std::to_string(income));
    Send(seat, UpdateMapLine());
    Send(seat, "opponent_moves" + seen_moves_[seat]);
    seen_moves_[seat].clear();
    Place(p, income);
  }

  void Place(Player p, int income) {
    DingleAnswer a =
        Call(Phase::kPlaceArmies,
             "go place_armies " + std::to_string(settings_.timeout_ms));
    std::vector<Move> orders = std::move(a.orders);
    if (a.timed_out) {
      orders = PassPlacement();
    } else {
      std::vector<std::vector<int>> raw;
      for (const Move& m : orders) raw.push_back({m.from, m.armies});
      Event(TraceLine("place_orders")
                .Int("player", Number(p))
                .Int("income", income)
                .IntLists("orders", raw));
    }
    dingle::Place(game_, setup_.position, orders, Events(*this));
    TraceState("place", -1);
  }

  void Moves(Player p) {
    DingleAnswer a =
        Call(Phase::kAttackTransfer,
             "go attack/transfer " + std::to_string(settings_.timeout_ms));
    if (a.timed_out) {
      TracePass("timeout");
    } else {
      std::vector<std::vector<int>> raw;
      for (const Move& m : a.orders) raw.push_back({m.from, m.to, m.armies});
      Event(TraceLine("move_orders")
                .Int("player", Number(p))
                .IntLists("orders", raw));
    }
    const int executed = dingle::AttackTransfer(game_, setup_.position,
                                                a.orders, rng_, Events(*this));
    TraceState("moves", executed);
  }

  void End() {
    const dingle::Position& pos = Pos();
    const bool p1 = pos.winner == Player::kPlayer1;
    int regions[2], armies[2] = {0, 0};
    for (int i = 0; i < 2; ++i) {
      regions[i] = pos.state.owned[i].Count();
      for (int r : pos.state.owned[i]) armies[i] += pos.state.armies[r];
    }
    Event(TraceLine("game_over")
              .Int("winner", Number(pos.winner))
              .Str("decided_by", DecisionText(pos.decided_by))
              .Int("round", pos.round)
              .Ints("score", {p1 ? 1 : 0, p1 ? 0 : 1})
              .Ints("regions", {regions[0], regions[1]})
              .Ints("armies", {armies[0], armies[1]}));
    record_.outcome = p1 ? Outcome::kPlayer1Won : Outcome::kPlayer2Won;
    record_.rounds = std::min(pos.round, pos.max_rounds);
    if (!tracing_) return;
    const std::string end = OutcomeLine(record_.outcome) + "\n";
    for (int h = 0; h < 3; ++h) record_.replay += history_ + end;
  }

 private:
  Game game_;
  TracingRandom rng_;
  int64_t seed_;
  DingleAgent* agents_[2];
  GameOptions options_;
  DingleSettings settings_;
  bool tracing_;
  dingle::Setup setup_;
  std::vector<int> candidates_;
  GameRecord record_;
  std::string history_;
  std::string seen_moves_[2];
  int announced_round_ = 0;
};
}  // namespace

std::vector<std::pair<int, int>> LinkOrder(const Map& map) {
  std::vector<std::vector<int>> lists(map.RegionIds().back() + 1);
  for (int r : map.RegionIds()) lists[r] = map.Neighbors(r);
  return OrderLinks(lists);
}

absl::StatusOr<DingleMap> ParseDingleMapJson(std::string_view text) {
  absl::StatusOr<Map> checked = ParseMapJson(text);  // every check but order
  if (!checked.ok()) return checked.status();
  DingleMap out;
  std::vector<std::vector<int>> lists;
  try {
    if (absl::Status s = ReadListsAndNames(text, lists, out.names); !s.ok()) {
      return s;
    }
  } catch (const std::exception& e) {  // ParseMapJson accepted it: unlikely
    return absl::InvalidArgumentError(e.what());
  }
  for (const Map::SuperRegion& s : checked->SuperRegions()) {
    out.map.AddSuperRegion(s.id, s.bonus);
  }
  for (const Map::SuperRegion& s : checked->SuperRegions()) {
    for (int r : s.regions) out.map.AddRegion(r, s.id);
  }
  for (auto [a, b] : OrderLinks(lists)) out.map.AddLink(a, b);
  for (int r : out.map.RegionIds()) {
    if (out.map.Neighbors(r) != lists[r]) {
      return absl::InvalidArgumentError(
          "the adjacency list of region " + std::to_string(r) +
          " is not one that two-way links added one by one can make");
    }
  }
  return out;
}

absl::StatusOr<DingleMap> LoadDingleMap(const std::string& path) {
  return LoadMapFileWith(path, ParseDingleMapJson);
}

GameRecord PlayDingleGame(const Map& map, int64_t seed, DingleAgent& player1,
                          DingleAgent& player2, const GameOptions& options,
                          const DingleSettings& settings) {
  return DingleEngine(map, seed, player1, player2, options, settings).Play();
}

GameRecord PlayDingleGame(const Map& map, int64_t seed, Seat& player1,
                          Seat& player2, const GameOptions& options,
                          const DingleSettings& settings) {
  SeatAgent a1(player1), a2(player2);
  return DingleEngine(map, seed, a1, a2, options, settings).Play();
}

}  // namespace wl::tools
