#include "wl/engine.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <string_view>

#include "engine_lines.h"
#include "player.h"
#include "protocol.h"
#include "wl/answer_reader.h"
#include "wl/illegal_text.h"

namespace wl::tools {
namespace {

constexpr std::string_view kSkipping =
    "Maximum number (2) of time-outs reached: skipping all moves.\n";

// WL1's text for a `go` request not sent after two missing answers, written
// with no line break (wl1 §10.2, §13.1).
constexpr std::string_view kWl1Idle =
    "Maximum number of idle moves returned: skipping move (let bot return "
    "'No moves' instead of nothing)";

bool IsNoMoves(std::string_view s) {
  constexpr std::string_view kNoMoves = "no moves";
  if (s.size() != kNoMoves.size()) return false;
  for (size_t i = 0; i < s.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(s[i])) != kNoMoves[i]) {
      return false;
    }
  }
  return true;
}

// One game in progress; PlayGame runs it start to end. WL1 (wl1 §1-§13)
// differs from WL2 only in the settings, the draft, how requests are asked
// and dumped, and where the replay starts; the rounds are the same code on
// the rules core with the game's rule set.
class Engine {
 public:
  Engine(const Map& map, int64_t seed, Seat& p1, Seat& p2,
         const GameOptions& options)
      : wl1_(options.rules == RuleSet::kWl1),
        record_replay_(options.record_replay),
        game_(map, options.rules),
        rng_(seed),
        shuffle_rng_(seed),
        seats_{&p1, &p2},
        time_(options.time),
        bank_{options.time.timebank_ms, options.time.timebank_ms} {}

  GameRecord Play() {
    Start();
    for (int round = 1;; ++round) {
      PlayRound(round);
      record_.rounds = round;
      Outcome outcome = RoundOutcome(state_, round, game_.MaxRounds());
      if (outcome != Outcome::kOngoing) {
        record_.outcome = outcome;
        break;
      }
    }
    std::string end = OutcomeLine(record_.outcome) + "\n";
    for (int h = 0; h < 3 && record_replay_; ++h) {
      record_.replay += history_[h];
      record_.replay += end;
    }
    return std::move(record_);
  }

 private:
  // --- talking to the bots (spec sections 3, 8, 9, 11) ---

  // Appends to a bot's dump; the only place that does.
  void Dump(int seat, std::string_view text) {
    record_.dump[seat] += text;
    seats_[seat]->Dumped(text);
  }
  void DumpLine(int seat, const std::string& line) { Dump(seat, line + '\n'); }

  void Send(int seat, const std::string& line) {
    if (killed_[seat]) return;
    seats_[seat]->Send(line);
    DumpLine(seat, line);
  }

  // Sends a request and returns the answer the reader must parse: the raw
  // line, or "" for "No moves", a time-out or a killed bot.
  std::string Request(int seat, const std::string& line) {
    if (killed_[seat]) {
      Dump(seat, kSkipping);
      return "";
    }
    DumpLine(seat, line);
    const int64_t bank = bank_[seat];
    Reply reply = seats_[seat]->Ask(line, bank);
    int64_t elapsed = reply.timed_out ? bank : reply.elapsed_ms;
    SeatOutcome& stats = record_.stats[seat];
    stats.time_used_ms += elapsed;
    bank_[seat] =
        std::min(std::max<int64_t>(bank - elapsed, 0) + time_.time_per_move_ms,
                 time_.timebank_ms);
    if (reply.timed_out) {
      NoteCrash(seat);
      DumpLine(seat, "Response timed out (" + std::to_string(bank) +
                         "ms), let your bot return 'No moves' instead of "
                         "nothing or make it faster.");
      if (++stats.timeouts > kMaxTimeouts) {
        killed_[seat] = true;
        stats.killed = true;
        seats_[seat]->Kill();
      }
      Dump(seat, "Output from your bot: null");  // no line break (recorded so)
      return "";
    }
    if (IsNoMoves(reply.line)) {
      DumpLine(seat, "Output from your bot: \"No moves\"");
      return "";
    }
    DumpLine(seat, "Output from your bot: \"" + reply.line + "\"");
    return reply.line;
  }

  // A WL1 request (wl1 §9.1, §10, §13.1): the line is dumped, then every
  // line read, each with a line break, or "null" for none. Returns the
  // answer, nullopt for none. A `go` request reads past empty lines (each
  // read waiting up to 2000 ms again) unless 2000 ms had passed since the
  // request before the read; a missing `go` answer is counted, and once 2
  // were, `go` requests are no longer sent (the answer is empty). The bot
  // is never killed.
  std::optional<std::string> Wl1Request(int seat, const std::string& line,
                                        bool go) {
    DumpLine(seat, line);
    if (go && wl1_missing_[seat] >= kMaxTimeouts) {
      Dump(seat, kWl1Idle);
      return std::string();
    }
    SeatOutcome& stats = record_.stats[seat];
    Reply reply = seats_[seat]->Ask(line, kWl1RequestMs);
    int64_t waited = 0;  // since the request, before the read of `reply`
    while (!reply.timed_out) {
      stats.time_used_ms += reply.elapsed_ms;
      DumpLine(seat, reply.line);
      if (!go || !reply.line.empty() || waited >= kWl1RequestMs) {
        return reply.line;
      }
      waited += reply.elapsed_ms;
      reply = seats_[seat]->ReadNext(kWl1RequestMs);
    }
    stats.time_used_ms += kWl1RequestMs;
    ++stats.timeouts;
    DumpLine(seat, "null");
    NoteCrash(seat);
    if (go) ++wl1_missing_[seat];
    return std::nullopt;
  }

  // A time-out from a bot whose process has ended: recorded once, in the
  // stats and, in WL2, as one line of its dump (not an official line: the
  // official engine shows a crash as a time-out only; WL1's dump stays
  // exactly the official one).
  void NoteCrash(int seat) {
    SeatOutcome& stats = record_.stats[seat];
    if (stats.crashed) return;
    std::string reason = seats_[seat]->EndReason();
    if (reason.empty()) return;
    stats.crashed = true;
    stats.crash_round = round_;
    stats.crash = reason;
    if (wl1_) return;
    DumpLine(seat, "Your bot's process ended (" + reason +
                       "): it can no longer answer.");
  }

  void Log(int seat, const std::string& dump_log,
           const std::vector<std::string>& engine_stderr) {
    Dump(seat, dump_log);
    record_.stats[seat].parse_errors += CountParseErrors(dump_log);
    for (const std::string& line : engine_stderr) {
      record_.engine_stderr += line;
      record_.engine_stderr += '\n';
    }
  }

  // --- setup (spec sections 3 and 4; wl1 §3, §4) ---

  // The settings, the draft, the replay's first map (the map after the
  // draft, fogged in the player views) and the first updates.
  void Start() {
    if (wl1_) {
      state_ = game_.InitialState();
      SendSettings(Setup());
      Wl1Draft();
    } else {
      Setup setup = SetUp(game_, rng_);
      state_ = setup.state;
      SendSettings(setup);
      Draft(setup);
    }
    if (record_replay_) {
      for (int h = 0; h < 3; ++h) history_[h] += MapLine(h - 1) + "\n";
    }
    SendUpdates();
  }

  // Spec section 3 lines 1-13; WL1 (wl1 §3 lines 1-5) sends neither the
  // time settings nor max_rounds, wastelands or the draft settings.
  void SendSettings(const Setup& setup) {
    const Map& map = game_.GetMap();
    for (int seat = 0; seat < 2; ++seat) {
      if (!wl1_) {
        Send(seat, "settings timebank " + std::to_string(time_.timebank_ms));
        Send(seat, "settings time_per_move " +
                       std::to_string(time_.time_per_move_ms));
        Send(seat, "settings max_rounds " + std::to_string(game_.MaxRounds()));
      }
      Send(seat,
           "settings your_bot " + std::string(PlayerName(PlayerOfIndex(seat))));
      Send(seat, "settings opponent_bot " +
                     std::string(PlayerName(PlayerOfIndex(1 - seat))));
    }
    const std::vector<std::string> map_lines = SetupMapLines(map);
    const std::string wastelands =
        "setup_map wastelands" + JoinIds(setup.wastelands);
    for (int seat = 0; seat < 2; ++seat) {
      for (const std::string& line : map_lines) Send(seat, line);
      if (!wl1_) Send(seat, wastelands);
    }
    if (wl1_) return;
    for (int seat = 0; seat < 2; ++seat) {
      Send(seat, "settings starting_regions" + JoinIds(setup.candidates));
    }
    for (int seat = 0; seat < 2; ++seat) {
      Send(seat, "settings starting_pick_amount " +
                     std::to_string(setup.pick_amount));
    }
  }

  // The draft (spec section 4) and its replay part (spec section 11).
  void Draft(const Setup& setup) {
    for (int id : setup.candidates)
      candidates_line_ += std::to_string(id) + ' ';
    record_.replay = candidates_line_ + "\n";
    if (record_replay_) {
      std::string initial = MapLine(-1);
      for (std::string& h : history_) h += initial + "\nround 0\n";
    }

    std::vector<int> remaining = setup.candidates;
    std::vector<int> picks[2];
    for (int i = 0; i < 2 * setup.pick_amount; ++i) {
      int seat = PlayerIndex(DraftPicker(i));
      std::string answer =
          Request(seat, "pick_starting_region " + std::to_string(bank_[seat]) +
                            JoinIds(remaining));
      PickAnswer pick = ReadPickAnswer(answer, remaining, game_.GetMap());
      Log(seat, pick.dump_log, pick.engine_stderr);
      int region = ResolvePick(remaining, pick.region, rng_);
      state_.SetOwner(region, PlayerOfIndex(seat));
      picks[seat].push_back(region);
      if (record_replay_) {
        std::string event = std::string(PlayerName(PlayerOfIndex(seat))) +
                            " place_armies " + std::to_string(region) + " 2\n";
        std::string map_line = MapLine(-1) + "\n";
        for (std::string& h : history_) h += event + map_line;
      }
    }
    Send(0, "setup_map opponent_starting_regions" + JoinIds(picks[1]));
    Send(1, "setup_map opponent_starting_regions" + JoinIds(picks[0]));
  }

  // The WL1 draft (wl1 §4): one request per bot with the 12 candidates
  // (G1), its 6 preferences, then both fallback lists (G2) and the
  // assignment (G1).
  void Wl1Draft() {
    const std::vector<int> candidates = Wl1Candidates(game_, rng_);
    const std::string request = "pick_starting_regions " +
                                std::to_string(kWl1RequestMs) +
                                JoinIds(candidates);
    std::vector<int> lists[2];
    for (int seat = 0; seat < 2; ++seat) {
      std::optional<std::string> answer =
          Wl1Request(seat, request, /*go=*/false);
      Wl1PickAnswer pick = ReadWl1PickAnswer(
          answer ? std::optional<std::string_view>(*answer) : std::nullopt,
          candidates, game_.GetMap());
      Log(seat, pick.dump_log, pick.engine_stderr);
      lists[seat] = std::move(pick.preferences);
    }
    for (std::vector<int>& list : lists) {
      const std::vector<int> fallback = Wl1Fallback(candidates, shuffle_rng_);
      list.insert(list.end(), fallback.begin(), fallback.end());
    }
    AssignWl1Starts(lists[0], lists[1], state_, rng_);
  }

  // --- rounds (spec sections 1, 5, 6, 7) ---

  void PlayRound(int round) {
    round_ = round;
    for (int seat = 0; seat < 2; ++seat) {
      DumpLine(seat, "Round " + std::to_string(round));
    }
    for (int h = 0; h < 3 && record_replay_; ++h) {
      history_[h] += "round " + std::to_string(round) + "\n";
    }
    int left[2] = {income_[0], income_[1]};
    for (int seat = 0; seat < 2; ++seat) {
      place_[seat].Clear();
      attack_[seat].Clear();
    }
    // Placement phase: both answers are queued before anything executes;
    // attacks sent here are checked now and run ahead of the later ones.
    for (int seat = 0; seat < 2; ++seat) {
      QueueAnswer(seat, "go place_armies ", left[seat], /*placing=*/true);
    }
    ExecutePlacements(
        state_, place_[0], place_[1],
        [this](const QueuedMove& e, const State&) { RecordPlacement(e); });
    for (int seat = 0; seat < 2; ++seat) {
      QueueAnswer(seat, "go attack/transfer ", left[seat], /*placing=*/false);
    }
    for (int v = 0; v < 2; ++v) {
      visible_before_[v] = game_.VisibleSet(state_, PlayerOfIndex(v));
    }
    ExecuteAttacks(
        state_, attack_[0], attack_[1], rng_,
        [this](const QueuedMove& e, const State&) { RecordAttackTransfer(e); },
        CombatMode::kOfficial, game_.Rules());
    SendUpdates();
  }

  // Asks one bot for a phase's answer and queues what the reader keeps.
  // Placements sent in the attack phase lower the counter but never run.
  void QueueAnswer(int seat, const char* request, int& left, bool placing) {
    const Player p = PlayerOfIndex(seat);
    const std::string answer =
        wl1_ ? Wl1Request(seat, request + std::to_string(kWl1RequestMs),
                          /*go=*/true)
                   .value_or("")
             : Request(seat, request + std::to_string(bank_[seat]));
    MovesAnswer read =
        ReadMovesAnswer(answer, p, game_.GetMap(), game_.Rules());
    Log(seat, read.dump_log, read.engine_stderr);
    for (const Move& m : read.moves) {
      if (m.kind == MoveKind::kPlace) {
        QueuedMove q = QueuePlacement(state_, p, m, left);
        if (placing) place_[seat].Push(q);
      } else {
        attack_[seat].Push(QueueAttackTransfer(game_, state_, p, m));
      }
    }
  }

  void RecordPlacement(const QueuedMove& e) {
    const int mover = PlayerIndex(e.move.player);
    bool sees[2];
    for (int v = 0; v < 2; ++v) {
      sees[v] = SeesPlacement(game_.VisibleSet(state_, PlayerOfIndex(v)),
                              e.move.from);
    }
    RecordEvent(e, sees, mover);
  }

  void RecordAttackTransfer(const QueuedMove& e) {
    const int mover = PlayerIndex(e.move.player);
    bool sees[2];
    for (int v = 0; v < 2; ++v) {
      RegionSet after = game_.VisibleSet(state_, PlayerOfIndex(v));
      sees[v] =
          SeesAttackTransfer(visible_before_[v], after, e.move.from, e.move.to);
      visible_before_[v] = after;
    }
    RecordEvent(e, sees, mover);
  }

  // Writes the event and its map line to the histories that see it, and
  // the legal ones to the opponent's next opponent_moves line.
  void RecordEvent(const QueuedMove& e, const bool sees[2], int mover) {
    std::string line(PlayerName(e.move.player));
    if (e.illegal != Illegal::kNone) {
      SeatOutcome& stats = record_.stats[mover];
      if (e.illegal == Illegal::kMoveTakenThisRound ||
          e.illegal == Illegal::kMoveNoArmiesLeft) {
        ++stats.failed_moves;
      } else {
        ++stats.rejected_moves;
      }
      line += " illegal_move " + IllegalText(e.illegal, e.move);
    } else {
      std::string move_text;
      AppendMove(move_text, PlayerName(e.move.player), e.move);
      line = move_text;
      if (sees[1 - mover]) seen_moves_[1 - mover] += ' ' + move_text;
    }
    if (!record_replay_) return;
    history_[0] += line + "\n" + MapLine(-1) + "\n";
    for (int v = 0; v < 2; ++v) {
      if (sees[v]) history_[v + 1] += line + "\n" + MapLine(v) + "\n";
    }
  }

  // Lines 14-16 of spec section 3, after the draft and after every round.
  void SendUpdates() {
    for (int seat = 0; seat < 2; ++seat) {
      income_[seat] = game_.Income(state_, PlayerOfIndex(seat));
    }
    for (int seat = 0; seat < 2; ++seat) {
      Send(seat, "settings starting_armies " + std::to_string(income_[seat]));
    }
    for (int seat = 0; seat < 2; ++seat) {
      Send(seat, UpdateMapLine(game_, state_, PlayerOfIndex(seat), order_));
    }
    for (int seat = 0; seat < 2; ++seat) {
      Send(seat, "opponent_moves" + seen_moves_[seat]);
      seen_moves_[seat].clear();
    }
  }

  // "map 1;owner;armies 2;... " for the full view (viewer -1) or a
  // player's view, where regions it cannot see read "unknown;0".
  std::string MapLine(int viewer) const {
    RegionSet visible;
    if (viewer >= 0) visible = game_.VisibleSet(state_, PlayerOfIndex(viewer));
    std::string line = "map ";
    for (int r : game_.GetMap().RegionIds()) {
      line += std::to_string(r);
      if (viewer >= 0 && !visible.Contains(r)) {
        line += ";unknown;0 ";
      } else {
        line += ';';
        line += PlayerName(state_.Owner(r));
        line += ';';
        line += std::to_string(state_.armies[r]);
        line += ' ';
      }
    }
    return line;
  }

  const bool wl1_;
  const bool record_replay_;
  Game game_;
  JavaRandom rng_;          // WL1's G1 (Math.random)
  JavaRandom shuffle_rng_;  // WL1's G2 (Collections.shuffle, wl1 §12)
  Seat* seats_[2];
  TimeRules time_;
  State state_;
  GameRecord record_;
  bool killed_[2] = {false, false};
  int wl1_missing_[2] = {0, 0};  // unanswered `go` requests (wl1 §10.2)
  int round_ = 0;                // 0 during the draft
  int64_t bank_[2];
  int income_[2] = {0, 0};
  std::string candidates_line_;
  std::string history_[3];  // full view, player1's view, player2's view
  std::string seen_moves_[2];
  RegionSet visible_before_[2];
  std::vector<int> order_;
  MoveQueue place_[2], attack_[2];
};

}  // namespace

std::string OutcomeLine(Outcome outcome) {
  switch (outcome) {
    case Outcome::kPlayer1Won:
      return "player1 won";
    case Outcome::kPlayer2Won:
      return "player2 won";
    default:
      return "Nobody won";
  }
}

GameRecord PlayGame(const Map& map, int64_t seed, Seat& player1, Seat& player2,
                    const GameOptions& options) {
  return Engine(map, seed, player1, player2, options).Play();
}

GameRecord PlayGame(const Map& map, int64_t seed, Seat& player1, Seat& player2,
                    const TimeRules& time, bool record_replay) {
  GameOptions options;
  options.time = time;
  options.record_replay = record_replay;
  return PlayGame(map, seed, player1, player2, options);
}

}  // namespace wl::tools
