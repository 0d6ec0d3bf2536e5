// view.h: everything a bot knows, kept current from the engine's messages.
//
// The runner feeds every parsed engine line to View::Apply; a bot reads the
// View when it is asked to act. The View holds the settings, the map (built
// from the setup_map lines with the engine's loading semantics), the draft,
// this round's income, the visible state, a fog memory of every region and
// the opponent's visible moves of every round.
//
//   wl::View view;
//   std::string err = view.Apply(wl::Parse(line));  // "" when applied
//   for (int r : view.Owned()) {
//     int a = view.Armies(r);
//     for (int n : view.GetMap().Neighbors(r)) {
//       if (view.Owner(n) != view.Me()) { ... }
//     }
//   }
//   const wl::View::Memory& m = view.Remembered(17);  // last seen owner etc.
//
// Rounds: Round() is the round about to be played; it is the number of
// update_map lines received, so it is 1 right after the draft.
//
// Rule set: Rules() is RuleSet::kWl2 until a WL1 "pick_starting_regions"
// request arrives (wl1 §3 line 6), which is how the View tells the two
// apart: the request kind, which every WL1 game sends before its first
// "go" and no WL2 game sends. (The absence of the WL2 settings lines could
// only be known late, and a missing line is no evidence.) From then on
// Timebank() is the request's constant 2000, not a bank; TimePerMove() is 0;
// MaxRounds() is 100 (wl1 §11) unless a settings line said otherwise;
// StartingRegions() and PickableRegions() are the request's candidates.
//
// Dingle's rules (../shared/dingle/spec.md; our extension of the protocol,
// README "Dingle's rules") are announced by "settings rule_set dingle", the
// first line of such a game; Rules() is then kDingle. Nothing is fogged:
// every update_map lists every region. Turns are sequential (player1 places
// and moves, then player2), and each turn of ours opens with
// starting_armies, update_map and opponent_moves (the opponent's moves of
// its last turn), so Round() still counts our turns. Player2 moves after
// player1 in the same round, so its opponent_moves are player1's moves of
// the current round: OpponentMoves(Round()) for player2, OpponentMoves(
// Round() - 1) for player1. With Dingle's "-manual" the starting regions
// are picked by pick_starting_region requests, p1, p2, p1, ...
#ifndef WL_VIEW_H_
#define WL_VIEW_H_

#include <algorithm>
#include <cstdint>
#include <string>
#include <variant>
#include <vector>

#include "map.h"
#include "orders.h"
#include "player.h"
#include "protocol.h"
#include "region_set.h"
#include "rule_set.h"

namespace wl {

class View {
 public:
  // What the bot last knew of a region. seen_round is the Round() in which
  // it was last visible, 0 if known only from the setup (every region starts
  // neutral with 2 armies, wastelands with 6, the opponent's picks are its),
  // and -1 if the map was not known yet.
  struct Memory {
    Player owner = Player::kNeutral;
    int armies = 0;
    int seen_round = -1;
  };

  // Applies one message. Returns "" on success or a one-line reason; on
  // failure the View is unchanged.
  std::string Apply(const Message& message) {
    return std::visit([this](const auto& m) { return On(m); }, message);
  }

  // Adds the bot's own placements to the visible state (the runner calls it
  // after the bot's place_armies answer), so that the attack phase sees the
  // armies the placements put there. Placements on regions it does not own
  // are ignored, whatever their id.
  void ApplyOwnPlacements(const std::vector<Move>& moves) {
    for (const Move& m : moves) {
      if (m.kind == MoveKind::kPlace && map_.HasRegion(m.from) &&
          owned_.Contains(m.from) && m.armies > 0) {
        // Saturating: a garbage update_map may claim 2^31 - 1 armies.
        const int64_t sum = int64_t{armies_[m.from]} + m.armies;
        armies_[m.from] = static_cast<int>(std::min<int64_t>(sum, INT32_MAX));
        memory_[m.from].armies = armies_[m.from];
      }
    }
  }

  // --- settings ---
  // Which rules the game follows, as the lines received tell (see above).
  RuleSet Rules() const { return rules_; }
  int64_t Timebank() const { return timebank_; }
  int64_t TimePerMove() const { return time_per_move_; }
  int MaxRounds() const { return max_rounds_; }
  const std::string& MyName() const { return my_name_; }
  const std::string& OpponentName() const { return opponent_name_; }
  // kNeutral until "settings your_bot" names player1 or player2.
  Player Me() const { return me_; }
  Player Them() const {
    return me_ == Player::kNeutral ? Player::kNeutral : Opponent(me_);
  }

  // --- map ---
  const Map& GetMap() const { return map_; }
  const std::vector<int>& Wastelands() const { return wastelands_; }

  // --- draft ---
  const std::vector<int>& StartingRegions() const { return candidates_; }
  int StartingPickAmount() const { return pick_amount_; }
  // The candidates still open at the latest pick request.
  const std::vector<int>& PickableRegions() const { return pickable_; }
  // Known once the draft is over (after the first update_map).
  const std::vector<int>& MyStartingRegions() const { return my_picks_; }
  const std::vector<int>& OpponentStartingRegions() const {
    return opponent_picks_;
  }

  // --- the current round ---
  int Round() const { return round_; }
  // This round's income ("settings starting_armies").
  int Income() const { return income_; }
  // Regions in the latest update_map, and that update's order.
  RegionSet Visible() const { return visible_; }
  const std::vector<int>& VisibleOrder() const { return visible_order_; }
  RegionSet Owned() const { return owned_; }
  RegionSet OpponentVisible() const { return opponent_visible_; }
  // Owner and armies as last seen; exact for visible regions. An id that
  // is not a region slot (outside 0..kMaxRegionId) reads as an unknown
  // neutral region with 0 armies.
  Player Owner(int region) const { return Remembered(region).owner; }
  int Armies(int region) const { return InSlots(region) ? armies_[region] : 0; }
  const Memory& Remembered(int region) const {
    static const Memory kUnknown;
    return InSlots(region) ? memory_[region] : kUnknown;
  }

  // The opponent's moves that were visible to us, by the round in which they
  // were played (the draft is round 0 and has none). Empty if unknown.
  // Under Dingle's rules every executed move is visible (see above).
  const std::vector<Move>& OpponentMoves(int round) const {
    static const std::vector<Move> kNone;
    if (round < 0 || round >= static_cast<int>(opponent_moves_.size())) {
      return kNone;
    }
    return opponent_moves_[round];
  }

 private:
  std::string On(const msg::Blank&) { return ""; }
  std::string On(const msg::Error& e) { return e.reason; }
  std::string On(const msg::Timebank& m) {
    timebank_ = m.ms;
    return "";
  }
  std::string On(const msg::TimePerMove& m) {
    time_per_move_ = m.ms;
    return "";
  }
  std::string On(const msg::MaxRounds& m) {
    max_rounds_ = m.rounds;
    return "";
  }
  std::string On(const msg::YourBot& m) {
    my_name_ = m.name;
    me_ = ParsePlayer(m.name).value_or(Player::kNeutral);
    return "";
  }
  std::string On(const msg::OpponentBot& m) {
    opponent_name_ = m.name;
    return "";
  }
  std::string On(const msg::StartingRegions& m) {
    if (std::string err = CheckRegions(m.regions); !err.empty()) return err;
    candidates_ = m.regions;
    return "";
  }
  std::string On(const msg::RuleSetting& m) {
    rules_ = m.rules;
    return "";
  }
  std::string On(const msg::StartingPickAmount& m) {
    pick_amount_ = m.amount;
    return "";
  }
  std::string On(const msg::StartingArmies& m) {
    income_ = m.armies;
    return "";
  }
  std::string On(const msg::SuperRegions& m) {
    Map next = map_;
    for (auto [id, bonus] : m.items) {
      if (std::string err = next.AddSuperRegion(id, bonus); !err.empty()) {
        return err;
      }
    }
    map_ = std::move(next);
    return "";
  }
  std::string On(const msg::Regions& m) {
    Map next = map_;
    for (auto [id, super_region] : m.items) {
      if (std::string err = next.AddRegion(id, super_region); !err.empty()) {
        return err;
      }
    }
    map_ = std::move(next);
    for (auto [id, super_region] : m.items) {
      memory_[id] = Memory{Player::kNeutral, 2, 0};
      armies_[id] = 2;
    }
    return "";
  }
  std::string On(const msg::Neighbors& m) {
    Map next = map_;
    for (const auto& [id, list] : m.items) {
      for (int nb : list) {
        if (std::string err = next.AddLink(id, nb); !err.empty()) return err;
      }
    }
    map_ = std::move(next);
    return "";
  }
  std::string On(const msg::Wastelands& m) {
    if (std::string err = CheckRegions(m.regions); !err.empty()) return err;
    wastelands_ = m.regions;
    for (int r : m.regions) {
      memory_[r] = Memory{Player::kNeutral, 6, 0};
      armies_[r] = 6;
    }
    return "";
  }
  std::string On(const msg::OpponentStartingRegions& m) {
    if (std::string err = CheckRegions(m.regions); !err.empty()) return err;
    opponent_picks_ = m.regions;
    for (int r : m.regions) {
      memory_[r] = Memory{Them(), 2, 0};
      armies_[r] = 2;
    }
    return "";
  }
  std::string On(const msg::PickStartingRegion& m) {
    if (std::string err = CheckRegions(m.regions); !err.empty()) return err;
    timebank_ = m.time_ms;
    pickable_ = m.regions;
    return "";
  }
  std::string On(const msg::PickStartingRegions& m) {  // WL1 (wl1 §4.2)
    if (std::string err = CheckRegions(m.regions); !err.empty()) return err;
    RegionSet seen;  // every id is a region of the map (checked above)
    for (int r : m.regions) {
      if (seen.Contains(r)) {
        return "pick_starting_regions repeats region " + std::to_string(r);
      }
      seen.Insert(r);
    }
    rules_ = RuleSet::kWl1;
    timebank_ = m.time_ms;
    time_per_move_ = 0;
    if (max_rounds_ == 0) max_rounds_ = TraitsOf(rules_).fixed_rounds;
    candidates_ = m.regions;
    pickable_ = m.regions;
    return "";
  }
  std::string On(const msg::UpdateMap& m) {
    for (const auto& e : m.entries) {
      if (!map_.HasRegion(e.region)) {
        return "update_map names unknown region " + std::to_string(e.region);
      }
    }
    ++round_;
    visible_.Clear();
    owned_.Clear();
    opponent_visible_.Clear();
    visible_order_.clear();
    for (const auto& e : m.entries) {
      visible_.Insert(e.region);
      visible_order_.push_back(e.region);
      if (e.owner == me_ && me_ != Player::kNeutral) owned_.Insert(e.region);
      if (e.owner == Them() && me_ != Player::kNeutral) {
        opponent_visible_.Insert(e.region);
      }
      armies_[e.region] = e.armies;
      memory_[e.region] = Memory{e.owner, e.armies, round_};
    }
    // A region that is no longer visible keeps its remembered armies.
    for (int r : map_.Regions() - visible_) armies_[r] = memory_[r].armies;
    if (round_ == 1) {
      my_picks_.clear();
      for (int c : candidates_) {
        if (owned_.Contains(c)) my_picks_.push_back(c);
      }
    }
    return "";
  }
  std::string On(const msg::OpponentMoves& m) {
    int64_t placed = 0;  // no game places more than one income a round
    for (const Move& move : m.moves) {
      if (move.kind == MoveKind::kPlace) placed += move.armies;
      if (placed > kMaxMessageArmies) {
        return "opponent_moves places more than " +
               std::to_string(kMaxMessageArmies) + " armies";
      }
      if (!map_.HasRegion(move.from) ||
          (move.kind == MoveKind::kAttackTransfer &&
           !map_.HasRegion(move.to))) {
        return "opponent_moves names an unknown region";
      }
    }
    // Sent after the update_map that closes round Round() - 1; under
    // Dingle's sequential turns player2's come from the current round.
    const bool same_round =
        TraitsOf(rules_).sequential_turns && me_ == Player::kPlayer2;
    size_t played =
        static_cast<size_t>(std::max(same_round ? round_ : round_ - 1, 0));
    if (opponent_moves_.size() <= played) opponent_moves_.resize(played + 1);
    opponent_moves_[played] = m.moves;
    return "";
  }
  std::string On(const msg::GoPlaceArmies& m) {
    timebank_ = m.time_ms;
    return "";
  }
  std::string On(const msg::GoAttackTransfer& m) {
    timebank_ = m.time_ms;
    return "";
  }

  static bool InSlots(int region) {
    return static_cast<unsigned>(region) < static_cast<unsigned>(kRegionSlots);
  }

  std::string CheckRegions(const std::vector<int>& regions) const {
    for (int r : regions) {
      if (!map_.HasRegion(r)) return "unknown region " + std::to_string(r);
    }
    return "";
  }

  RuleSet rules_ = RuleSet::kWl2;
  int64_t timebank_ = 10000;
  int64_t time_per_move_ = 500;
  int max_rounds_ = 0;
  std::string my_name_, opponent_name_;
  Player me_ = Player::kNeutral;

  Map map_;
  std::vector<int> wastelands_;
  std::vector<int> candidates_, pickable_, my_picks_, opponent_picks_;
  int pick_amount_ = 0;

  int round_ = 0;
  int income_ = 0;
  RegionSet visible_, owned_, opponent_visible_;
  std::vector<int> visible_order_;
  int armies_[kRegionSlots] = {};
  Memory memory_[kRegionSlots] = {};
  std::vector<std::vector<Move>> opponent_moves_;
};

}  // namespace wl

#endif  // WL_VIEW_H_
