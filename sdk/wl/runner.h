// runner.h: the bot's stdin/stdout loop.
//
// Run() reads engine lines until end of input, keeps a View current, calls
// the bot on each request (WL2's three, or WL1's pick_starting_regions and
// two go requests) and writes exactly one line per request, flushed at once
// (but never a WL1 answer that comes too late: see Run()). Only the runner
// writes to stdout: diagnostics go to the log stream (stderr), and so does
// whatever the bot prints, to std::cerr or to std::cout (which Run() points at
// stderr while the game runs). Answers are made safe before they are written:
//   - a move naming a region that is not on the map (any id: negative,
//     0, > kMaxRegionId, unknown) is dropped, before any lookup by id;
//   - a pick that is not among the pickable regions becomes the first one;
//   - placements keep only own regions and positive armies, at most the
//     round's income in total;
//   - attacks/transfers keep only moves from own regions to neighbours with
//     positive armies;
//   - under Dingle's sequential turns (RuleSetTraits::sequential_turns),
//     which reject an
//     order whole when its region cannot afford it and any repeat of a
//     from-to pair (dingle §7), an attack/transfer is cut to what its region
//     has left (armies - 1 - what earlier kept orders send), dropped at 0,
//     and a repeated pair is dropped;
//   - moves of the wrong kind for the request are dropped; at most 50 moves.
//   - WL1's preference list (wl1 §4.3) keeps the bot's pickable ids, each
//     once, in its order, completed from the candidates in the engine's
//     order: exactly kPreferredRegionCount ids, single spaces, nothing
//     around them, or "No moves" when there are fewer candidates than that
//     (no valid answer exists; the engine then uses its fallback, §4.4).
// A bot that throws gets "No moves" for that request. A line that cannot be
// read is logged and skipped; a malformed request still gets an answer.
// Every answer is one non-empty line, so WL1's FIFO reading (wl1 §9.1)
// matches each request with its own answer; "No moves" is exactly that
// string, as WL1 requires (wl1 §9.2).
//
//   int main() {
//     MyBot bot;
//     return wl::Run(bot);
//   }
#ifndef WL_RUNNER_H_
#define WL_RUNNER_H_

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <exception>
#include <iostream>
#include <optional>
#include <ostream>
#include <streambuf>
#include <string>
#include <string_view>
#include <vector>

#include "bot.h"
#include "map.h"
#include "orders.h"
#include "protocol.h"
#include "rule_set.h"
#include "view.h"

namespace wl {

// The engine reads at most 50 moves per answer (spec section 8).
constexpr int kMaxMovesPerAnswer = 50;

// Dingle's up-front budget (dingle §7) for attack/transfer `m` after the
// moves already kept: cuts m.armies to what m.from has left; the reason to
// drop it, or nullptr.
inline const char* FitDingleBudget(const View& view, Move& m,
                                   const std::vector<Move>& kept) {
  int64_t left = int64_t{view.Armies(m.from)} - 1;
  for (const Move& k : kept) {
    if (k.from == m.from && k.to == m.to) return "repeats a from-to pair";
    if (k.from == m.from) left -= k.armies;
  }
  if (left < 1) return "no armies left in the region";
  if (m.armies > left) m.armies = static_cast<int>(left);
  return nullptr;
}

// Keeps the moves of `kind` that the engine would accept from a bot with
// this View; see the list at the top of this file.
inline std::vector<Move> SanitiseMoves(const View& view, MoveKind kind,
                                       const std::vector<Move>& moves,
                                       std::ostream& log) {
  std::vector<Move> kept;
  int left = view.Income();
  for (const Move& m : moves) {
    if (static_cast<int>(kept.size()) == kMaxMovesPerAnswer) {
      log << "wl: more than " << kMaxMovesPerAnswer
          << " moves, the rest dropped\n";
      break;
    }
    const char* why = nullptr;
    Move fixed = m;
    fixed.player = view.Me();
    const Map& map = view.GetMap();
    if (m.kind != kind) {
      why = "wrong kind for this request";
    } else if (!map.HasRegion(m.from) ||
               (kind == MoveKind::kAttackTransfer && !map.HasRegion(m.to))) {
      why = "region not on the map";  // checked before any lookup by id
    } else if (m.armies < 1) {
      why = "armies < 1";
    } else if (!view.Owned().Contains(m.from)) {
      why = "region not owned";
    } else if (kind == MoveKind::kPlace) {
      if (left <= 0) {
        why = "no armies left to place";
      } else {
        fixed.armies = std::min(m.armies, left);
        left -= fixed.armies;
      }
    } else if (!map.AreNeighbors(m.from, m.to)) {
      why = "target is not a neighbour";
    } else if (TraitsOf(view.Rules()).sequential_turns) {
      why = FitDingleBudget(view, fixed, kept);
    }
    if (why) {
      std::string text;
      AppendMove(text, view.MyName(), m);
      log << "wl: dropped \"" << text << "\": " << why << "\n";
      continue;
    }
    kept.push_back(fixed);
  }
  return kept;
}

// The WL1 draft answer (wl1 §4.3) from the bot's preference list: its
// pickable ids, each once, in order, completed from the pickable regions in
// the engine's order; kPreferredRegionCount ids, or empty when the View has
// fewer pickable regions.
inline std::vector<int> SanitisePreferences(const View& view,
                                            const std::vector<int>& preferred,
                                            std::ostream& log) {
  const std::vector<int>& open = view.PickableRegions();
  std::vector<int> kept;
  if (static_cast<int>(open.size()) < kPreferredRegionCount) return kept;
  auto add = [&](int id) {  // true if `id` joins the list
    if (std::find(kept.begin(), kept.end(), id) != kept.end() ||
        std::find(open.begin(), open.end(), id) == open.end()) {
      return false;
    }
    kept.push_back(id);
    return true;
  };
  for (int id : preferred) {
    if (static_cast<int>(kept.size()) == kPreferredRegionCount) break;
    if (!add(id)) {
      log << "wl: preference " << id
          << " dropped: not pickable or already listed\n";
    }
  }
  if (static_cast<int>(kept.size()) < kPreferredRegionCount) {
    log << "wl: " << kept.size() << " valid preferences; completed from the "
        << "candidates in the engine's order\n";
    for (int id : open) {
      if (static_cast<int>(kept.size()) == kPreferredRegionCount) break;
      add(id);
    }
  }
  return kept;
}

// The ids space-joined: "4 1 10 11 17 19"; "No moves" when empty.
inline std::string FormatPreferences(const std::vector<int>& ids) {
  if (ids.empty()) return "No moves";
  std::string out;
  for (int id : ids) {
    if (!out.empty()) out += ' ';
    out += std::to_string(id);
  }
  return out;
}

namespace runner_internal {

inline bool StartsWith(std::string_view s, std::string_view prefix) {
  return s.substr(0, prefix.size()) == prefix;
}

inline std::string_view Trimmed(std::string_view s) {
  while (!s.empty() && protocol_internal::IsSpace(s.front())) {
    s.remove_prefix(1);
  }
  return s;
}

}  // namespace runner_internal

// One bot's side of a game: feeds engine lines to the View and the bot, and
// returns the answer line for each request. Run() drives it from stdin; the
// arena drives it in process, with no pipes.
//
//   wl::Session session(bot, std::cerr);
//   std::optional<std::string> answer = session.Handle("go place_armies 9000");
class Session {
 public:
  Session(Bot& bot, std::ostream& log) : bot_(bot), log_(log) {}

  // Applies one engine line. Returns the answer line (without "\n") when
  // the line is a request, nullopt otherwise.
  std::optional<std::string> Handle(const std::string& line) {
    using runner_internal::StartsWith;
    Message message = Parse(line);
    std::string error = view_.Apply(message);
    if (!error.empty()) {
      log_ << "wl: ignored engine line: " << error << "\n";
      // A request must be answered even when it cannot be read.
      std::string_view head = runner_internal::Trimmed(line);
      if (StartsWith(head, "go ") || StartsWith(head, "pick_starting_region")) {
        return "No moves";
      }
      return std::nullopt;
    }
    try {
      if (std::holds_alternative<msg::PickStartingRegion>(message)) {
        const std::vector<int>& pickable = view_.PickableRegions();
        if (pickable.empty()) return "No moves";
        int pick = bot_.PickStartingRegion(view_);
        if (std::find(pickable.begin(), pickable.end(), pick) ==
            pickable.end()) {
          log_ << "wl: pick " << pick << " is not pickable; picking "
               << pickable.front() << "\n";
          pick = pickable.front();
        }
        return FormatPick(pick);
      }
      if (std::holds_alternative<msg::PickStartingRegions>(message)) {
        if (static_cast<int>(view_.PickableRegions().size()) <
            kPreferredRegionCount) {
          log_ << "wl: fewer than " << kPreferredRegionCount
               << " candidates; answering No moves\n";
          return "No moves";
        }
        return FormatPreferences(
            SanitisePreferences(view_, bot_.PickStartingRegions(view_), log_));
      }
      if (std::holds_alternative<msg::GoPlaceArmies>(message)) {
        std::vector<Move> moves = SanitiseMoves(view_, MoveKind::kPlace,
                                                bot_.PlaceArmies(view_), log_);
        view_.ApplyOwnPlacements(moves);
        return FormatMoves(view_.MyName(), moves);
      }
      if (std::holds_alternative<msg::GoAttackTransfer>(message)) {
        std::vector<Move> moves = SanitiseMoves(
            view_, MoveKind::kAttackTransfer, bot_.AttackTransfer(view_), log_);
        return FormatMoves(view_.MyName(), moves);
      }
    } catch (const std::exception& e) {
      log_ << "wl: the bot threw: " << e.what() << "; answering No moves\n";
      return "No moves";
    } catch (...) {
      log_ << "wl: the bot threw; answering No moves\n";
      return "No moves";
    }
    return std::nullopt;
  }

  const View& view() const { return view_; }

 private:
  Bot& bot_;
  std::ostream& log_;
  View view_;
};

// Points std::cout at another stream buffer (by default stderr's) for its
// lifetime, and back at the one it had when it ends. Run() holds one for
// the whole game; a program that drives Sessions in process (the arena)
// can hold one around all its games. Not thread-safe: create it before
// starting threads that print, end it after they are joined.
class CoutRedirect {
 public:
  explicit CoutRedirect(std::streambuf* to = std::cerr.rdbuf())
      : original_(std::cout.rdbuf(to)) {}
  ~CoutRedirect() { std::cout.rdbuf(original_); }
  CoutRedirect(const CoutRedirect&) = delete;
  CoutRedirect& operator=(const CoutRedirect&) = delete;
  // The buffer std::cout had before (the real stdout in a bot process).
  std::streambuf* original() const { return original_; }

 private:
  std::streambuf* original_;
};

// Plays one game over the given streams: one line out, flushed, per
// request. Returns 0 at end of input.
//
// WL1 (wl1 §9.1, §10.2): the engine reads answers as a FIFO of lines, so
// an answer written after the request's time would be read as the answer
// to the next request, and every later answer would be one request late.
// Run() therefore does not write a WL1 answer that took longer than the
// request's time (measured from reading the request, which is no earlier
// than the engine starting its wait, so the engine has given up too); it
// logs it instead, and the next request gets its own answer.
//
// stdout is the protocol's alone: the answers go to a stream of Run's own
// on out's buffer, and while the game runs std::cout writes to the log
// (stderr unless another log stream is given), so
// that a bot's debug prints (to std::cout or std::cerr) never reach the
// engine. std::cout is restored when Run returns. (C stdio, printf and
// puts, writes to the real stdout: do not use it in a bot.)
inline int Run(Bot& bot, std::istream& in = std::cin,
               std::ostream& out = std::cout, std::ostream& log = std::cerr) {
  std::ostream protocol(out.rdbuf());  // taken before std::cout is moved
  CoutRedirect redirect(log.rdbuf());
  Session session(bot, log);
  std::string line;
  while (std::getline(in, line)) {
    const auto start = std::chrono::steady_clock::now();
    if (std::optional<std::string> answer = session.Handle(line)) {
      const View& view = session.view();
      const int64_t spent_ms =
          std::chrono::duration_cast<std::chrono::milliseconds>(
              std::chrono::steady_clock::now() - start)
              .count();
      if (TraitsOf(view.Rules()).late_answer_is_next &&
          spent_ms > view.Timebank()) {
        log << "wl: answer took longer than the request's " << view.Timebank()
            << " ms; not written, or the engine would "
            << "read it as the next request's answer\n";
        continue;
      }
      protocol << *answer << '\n';
      protocol.flush();
    }
  }
  return 0;
}

}  // namespace wl

#endif  // WL_RUNNER_H_
