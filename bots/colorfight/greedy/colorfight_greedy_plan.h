// colorfight_greedy_plan.h: the greedy Colorfight II bot's planner, usable
// by any bot as a move generator (a search's candidate turns, a playout
// policy). It plans one user's command list for the coming update on the
// rules core's State (sdk/colorfight/rules.h), in typed Commands.
//
// Everything is valued in gold, the score (colorfight §8), over the T
// updates still to come (T = max_turn - turn; the commands of turn t run in
// update t + 1, whose scan already counts what they take or build, §6.3).
// Energy is worth what it buys: the frontier's best rate r (gold yield per
// energy of the cheapest valuable cells we can reach), so one energy spent
// now is worth about r * T gold, and an energy yield of e per update about
// e * r * T / 2 per update (what it buys later earns for fewer turns). A
// cell's value is T * (gold + energy * that weight) minus the marginal tax
// (§6.7), times its shape (own neighbours, distance to home) and risk
// (enemy neighbours), plus what capturing it takes from an enemy (§6.3:
// a mine's bonus, a third of the gold at a home). When we hold more energy
// than the frontier's worthwhile cells absorb, the weight shrinks in
// proportion (wells stop paying; mines take over).
//
// Each turn, in the order the commands are written (§6.2: running
// balances; buildings and tech as of the last update):
//   1. Home defence. An enemy next to our home can take it with its
//      energy (§7: the home costs (1000 + our energy after spending + ff)
//      * level). We keep a reserve of energy that keeps that cost above the
//      strongest adjacent enemy's energy. Without a home we rebuild one
//      while there is time.
//   2. Gold. The home is upgraded on time (tech gates building levels,
//      §6.2) once enough buildings wait for it; then mines and wells are
//      built or upgraded in order of gain / price where the gain (yield
//      over T, discounted next to enemies) pays the price back with a
//      margin; forts go next to our home when enemies press on it.
//   3. Valuable threatened buildings get a reinforcement (an attack on our
//      own cell: an enemy then needs cost + our energy, §6.3 net).
//   4. Attacks. Every cell next to ours, by value / energy needed. The bid
//      is AttackCost (§7) when nobody else can attack the cell; when
//      others can (their cells touch it, or it is theirs), the bid adds a
//      share of their energy, up to the cost (net = 2 E_top - sum, §6.3: a
//      tie or a near tie is energy lost by everyone), so contested cells
//      are worth less per energy. A cell's value also counts what its owner
//      loses (its yield, buildings included), shared over the rivals.
//      Bids are taken while the budget lasts.
//
// Every command is legal when it is written (on the map, owned, affordable
// at the running balance, tech allows), so the rules refuse none of them.
// Deterministic; no allocation once the Planner's vectors have grown.
//
//   colorfight_greedy::Planner planner;
//   std::vector<wl::colorfight::Command> commands;
//   planner.Plan(state, uid, colorfight_greedy::Weights{}, &commands);
#ifndef COLORFIGHT_GREEDY_PLAN_H_
#define COLORFIGHT_GREEDY_PLAN_H_

#include <algorithm>
#include <bitset>
#include <cstdint>
#include <cstdlib>
#include <vector>

#include "sdk/colorfight/command.h"
#include "sdk/colorfight/rules.h"
#include "sdk/colorfight/state.h"

namespace colorfight_greedy {

namespace cf = wl::colorfight;

// The planner's knobs.
struct Weights {
  double energy_weight_cap = 6;  // an energy yield is worth at most this
  // Of the rivals' energy (up to the cost) added to a contested bid, with
  // more than one rival alive and with one (measured in self-play).
  double contested_share = 0.75;
  double contested_share_duel = 0.25;
  double rival_loss = 1.0;   // weight of what a captured cell's owner loses
  double border_risk = 0.7;  // a cell next to an enemy may be lost
  double own_neighbour_bonus = 0.1;  // per own neighbour (force field, §6.6)
  double home_distance = 40;         // value / (1 + distance / this)
  double build_margin = 1.3;         // a building's gain / price at least
  double building_risk = 0.5;        // gain of a building next to an enemy
  double home_reserve = 1.2;         // home cost >= this * adjacent threat
  int home_upgrade_turns[2] = {150, 200};  // T needed for home 2 and 3
  int home_upgrade_waiting = 3;            // buildings capped by the tech level
  int rebuild_home_turns = 100;            // T needed to rebuild a lost home
  double reinforce_share = 0.25;           // of the budget for reinforcements
  bool saturation = true;  // energy beyond what the frontier absorbs: less
};

inline constexpr int64_t kHomePrice = 1000;  // colorfight §6.2
inline constexpr int64_t kBuildingPrice = 200;
inline constexpr int64_t kUpgradeGold[3] = {400, 600, 0};    // from level 1, 2
inline constexpr int64_t kHomeUpgrade[3] = {1000, 2000, 0};  // gold = energy
inline constexpr int64_t kDestroyBonus[3] = {100, 300, 600};

// The 4-neighbours of a cell (in-map), by CellIndex.
struct Neighbours {
  int count = 0;
  int cells[4];
};
inline Neighbours NeighboursOf(int cell) {
  static constexpr int kDx[4] = {0, 0, -1, 1};  // N, S, W, E
  static constexpr int kDy[4] = {-1, 1, 0, 0};
  Neighbours n;
  const int x = cf::CellX(cell), y = cf::CellY(cell);
  for (int d = 0; d < 4; ++d) {
    if (cf::OnMap(x + kDx[d], y + kDy[d]))
      n.cells[n.count++] = cf::CellIndex(x + kDx[d], y + kDy[d]);
  }
  return n;
}

// The marginal tax of one more unit over k (colorfight §6.7).
inline int64_t MarginalTax(int64_t k) { return cf::Tax(k + 1) - cf::Tax(k); }

class Planner {
 public:
  // Appends `uid`'s commands for the update after `state` to `out`
  // (cleared first). Nothing for an unknown, dead or finished user.
  void Plan(const cf::State& state, int uid, const Weights& weights,
            std::vector<cf::Command>* out) {
    out->clear();
    if (!Prepare(state, uid, weights)) return;
    out_ = out;
    DefendHome();
    SpendGold();
    Reinforce();
    Attack();
  }

  // What the last Plan saw (tests, other bots).
  double frontier_rate() const { return rate_; }
  double energy_weight() const { return energy_weight_; }
  int64_t home_reserve() const { return reserve_; }

 private:
  struct Target {
    int cell;
    int64_t bid;
    double value;
  };
  struct Option {  // a build or upgrade
    int cell;
    char building;  // build: 'g', 'e', 'f', 'h'; upgrade: 0
    int64_t gold;
    int64_t energy;
    double gain;
  };

  bool Prepare(const cf::State& state, int uid, const Weights& weights) {
    const cf::UserState* me = state.FindUser(uid);
    if (me == nullptr || me->dead || state.Ended()) return false;
    s_ = &state;
    w_ = &weights;
    uid_ = uid;
    turns_ = state.max_turn - state.turn;
    energy_ = me->energy;
    gold_ = me->gold;
    tech_ = me->tech_level;
    cells_ = me->cell_number;
    home_ = -1;
    for (int i = 0; i < cf::kCells; ++i) {
      const cf::Cell& c = state.cells[i];
      if (c.owner == uid && c.building == cf::Building::kHome) home_ = i;
      int64_t mask = 0;
      int own = 0;
      const Neighbours n = NeighboursOf(i);
      for (int k = 0; k < n.count; ++k) {
        const int owner = state.cells[n.cells[k]].owner;
        if (owner == uid) ++own;
        if (owner != 0 && owner != uid && Alive(owner)) mask |= 1 << owner;
      }
      rivals_[i] = static_cast<int16_t>(mask);
      own_neighbours_[i] = static_cast<int8_t>(own);
    }
    int alive = 0;
    for (int k = 0; k < state.num_users; ++k) alive += !state.users[k].dead;
    rival_share_ = alive > 1 ? 1.0 / (alive - 1) : 0;
    reserve_ = 0;
    spent_energy_ = 0;
    MeasureFrontier();
    return true;
  }

  bool Alive(int uid) const {
    const cf::UserState* u = s_->FindUser(uid);
    return u != nullptr && !u->dead;
  }
  int64_t EnergyOf(int uid) const {
    const cf::UserState* u = s_->FindUser(uid);
    return u == nullptr ? 0 : std::max<int64_t>(0, u->energy);
  }
  // The most energy one rival in `mask` has.
  int64_t StrongestRival(int mask) const {
    int64_t best = 0;
    for (int u = 1; u <= cf::kMaxUsers; ++u) {
      if (mask & (1 << u)) best = std::max(best, EnergyOf(u));
    }
    return best;
  }
  int64_t RivalsEnergy(int mask) const {
    int64_t sum = 0;
    for (int u = 1; u <= cf::kMaxUsers; ++u) {
      if (mask & (1 << u)) sum += EnergyOf(u);
    }
    return sum;
  }
  int64_t Budget() const { return energy_ - spent_energy_ - reserve_; }
  void Emit(const cf::Command& c) { out_->push_back(c); }

  // The cost of taking `cell` at the coming scan (§7): a home's with its
  // owner's present energy (the most it can have stored, §6.3 step 1).
  int64_t CostOf(int cell) const {
    const cf::Cell& c = s_->cells[cell];
    if (c.building != cf::Building::kHome || c.owner == 0)
      return cf::AttackCost(*s_, cell);
    return (1000 + EnergyOf(c.owner) + c.force_field) * c.level;
  }

  // Who else can put energy on `cell` this update: the users with a
  // neighbouring cell (§6.2), an enemy owner reinforcing its own included.
  int RivalsOf(int cell) const { return rivals_[cell]; }

  // The energy that takes `cell` whatever its rivals bid up to the cost.
  int64_t BidFor(int cell, int64_t cost) const {
    const int64_t rivals = RivalsEnergy(RivalsOf(cell));
    if (rivals == 0) return std::max<int64_t>(cost, 0);
    const double share =
        rival_share_ == 1 ? w_->contested_share_duel : w_->contested_share;
    const int64_t extra = static_cast<int64_t>(
        share * static_cast<double>(std::min(rivals, cost)));
    return std::max<int64_t>(cost, 0) + extra + 1;
  }

  // The frontier's rate: the mean gold per energy of the best quarter of
  // the cells we can attack (0 when there is none), and the weight of an
  // energy yield that follows from it.
  void MeasureFrontier() {
    rates_.clear();
    const int64_t tax = MarginalTax(cells_);
    int64_t capacity = 0;  // the energy that worthwhile cells absorb
    for (int i = 0; i < cf::kCells; ++i) {
      const cf::Cell& c = s_->cells[i];
      if (c.owner == uid_ || own_neighbours_[i] == 0) continue;
      const int64_t bid = BidFor(i, CostOf(i));
      if (c.natural_gold + c.natural_energy > 2 * tax) capacity += bid;
      const int64_t gold = c.natural_gold - tax;
      if (gold > 0) rates_.push_back(double(gold) / double(bid + 1));
    }
    rate_ = 0;
    if (!rates_.empty()) {
      const size_t top = std::max<size_t>(1, rates_.size() / 4);
      std::partial_sort(rates_.begin(), rates_.begin() + top, rates_.end(),
                        [](double a, double b) { return a > b; });
      for (size_t i = 0; i < top; ++i) rate_ += rates_[i];
      rate_ /= double(top);
    }
    energy_weight_ = std::min(w_->energy_weight_cap, rate_ * turns_ / 2);
    // More energy than the frontier absorbs: more of it buys less.
    if (w_->saturation && energy_ > capacity)
      energy_weight_ *= double(capacity) / double(energy_);
  }

  // Gold over the coming updates of a yield of (gold, energy) per update.
  double YieldValue(double gold, double energy) const {
    return turns_ * (gold + energy * energy_weight_);
  }

  // 1. The reserve that keeps our home's cost above the strongest
  // adjacent enemy (with margin); a lost home is rebuilt while it pays.
  void DefendHome() {
    if (home_ < 0) {
      RebuildHome();
      return;
    }
    const cf::Cell& h = s_->cells[home_];
    const double threat =
        w_->home_reserve * static_cast<double>(StrongestRival(rivals_[home_]));
    if (threat <= 0) return;
    const int64_t keep =
        static_cast<int64_t>(threat / h.level) - 1000 - h.force_field + 1;
    reserve_ = std::clamp<int64_t>(keep, 0, std::max<int64_t>(energy_, 0));
  }

  void RebuildHome() {
    if (tech_ != 0 || gold_ < kHomePrice || turns_ < w_->rebuild_home_turns)
      return;
    int best = -1, best_score = -1;
    for (int i = 0; i < cf::kCells; ++i) {
      const cf::Cell& c = s_->cells[i];
      if (c.owner != uid_ || c.building != cf::Building::kNone) continue;
      const int score = own_neighbours_[i] * 2 - (rivals_[i] != 0 ? 8 : 0);
      if (score > best_score) best = i, best_score = score;
    }
    if (best < 0) return;
    Emit(cf::Command::Build(cf::CellX(best), cf::CellY(best), 'h'));
    gold_ -= kHomePrice;
  }

  // 2. Home upgrade, then builds and upgrades by gain / price.
  void SpendGold() {
    if (tech_ == 0 || gold_ <= 0) return;
    UpgradeHome();
    options_.clear();
    const int64_t wells_mines =
        BuildingCount(cf::Building::kMine) + BuildingCount(cf::Building::kWell);
    const double tax = double(MarginalTax(wells_mines)) * YieldValue(1, 1);
    for (int i = 0; i < cf::kCells; ++i) {
      if (s_->cells[i].owner == uid_) AddOptions(i, tax);
    }
    AddFortOption();
    std::sort(options_.begin(), options_.end(),
              [](const Option& a, const Option& b) {
                return a.gain * double(b.gold) > b.gain * double(a.gold) ||
                       (a.gain * double(b.gold) == b.gain * double(a.gold) &&
                        a.cell < b.cell);
              });
    std::bitset<cf::kCells> built;  // a fort option may repeat a cell
    for (const Option& o : options_) {
      if (o.gain < w_->build_margin * double(o.gold)) break;
      if (o.gold > gold_ || built[o.cell]) continue;
      built[o.cell] = true;
      const int x = cf::CellX(o.cell), y = cf::CellY(o.cell);
      Emit(o.building ? cf::Command::Build(x, y, o.building)
                      : cf::Command::Upgrade(x, y));
      gold_ -= o.gold;
    }
  }

  int BuildingCount(cf::Building kind) const {
    const cf::UserState* me = s_->FindUser(uid_);
    return me->building_count[static_cast<int>(kind) - 1];
  }

  // Home L -> L+1 when there is time, the resources (energy above the
  // reserve) and enough buildings that wait for the tech level.
  void UpgradeHome() {
    const cf::Cell& h = s_->cells[home_ < 0 ? 0 : home_];
    if (home_ < 0 || h.level >= cf::kMaxLevel) return;
    const int64_t price = kHomeUpgrade[h.level - 1];
    if (turns_ < w_->home_upgrade_turns[h.level - 1] || gold_ < price ||
        Budget() < price)
      return;
    int waiting = 0;
    for (int i = 0; i < cf::kCells; ++i) {
      const cf::Cell& c = s_->cells[i];
      if (c.owner == uid_ && c.building != cf::Building::kNone &&
          c.building != cf::Building::kHome && c.level >= tech_)
        ++waiting;
    }
    if (waiting < w_->home_upgrade_waiting) return;
    Emit(cf::Command::Upgrade(cf::CellX(home_), cf::CellY(home_)));
    gold_ -= price;
    spent_energy_ += price;  // tech stays as of the last update (§6.2)
  }

  // A mine or a well on an empty own cell, or the next level of one.
  void AddOptions(int cell, double tax) {
    const cf::Cell& c = s_->cells[cell];
    const double risk = rivals_[cell] != 0 ? w_->building_risk : 1.0;
    const double mine = YieldValue(c.natural_gold, 0) * risk;
    const double well = YieldValue(0, c.natural_energy) * risk;
    if (c.building == cf::Building::kNone) {
      const bool is_mine = mine >= well;
      options_.push_back({cell, is_mine ? 'g' : 'e', kBuildingPrice, 0,
                          std::max(mine, well) - tax});
    } else if ((c.building == cf::Building::kMine ||
                c.building == cf::Building::kWell) &&
               c.level < tech_) {
      options_.push_back({cell, 0, kUpgradeGold[c.level - 1], 0,
                          c.building == cf::Building::kMine ? mine : well});
    }
  }

  // A fort on an empty own cell next to our home that an enemy touches:
  // its cost doubles, the home's force field grows and the enemy's
  // shrinks (§6.6, §7). Worth the home's gold and buildings.
  void AddFortOption() {
    if (home_ < 0 || turns_ < 50) return;
    const Neighbours n = NeighboursOf(home_);
    for (int k = 0; k < n.count; ++k) {
      const int cell = n.cells[k];
      const cf::Cell& c = s_->cells[cell];
      if (c.owner != uid_ || c.building != cf::Building::kNone ||
          rivals_[cell] == 0)
        continue;
      const int64_t threat = StrongestRival(rivals_[cell]);
      if (threat < cf::AttackCost(*s_, cell)) continue;
      options_.push_back({cell, 'f', kBuildingPrice, 0,
                          w_->build_margin * kBuildingPrice * 2});
    }
  }

  // 3. Threatened buildings of level 2 or more: an attack on our own cell
  // of the enemy's excess, while it stays within a share of the budget.
  void Reinforce() {
    int64_t allowed =
        static_cast<int64_t>(w_->reinforce_share * double(Budget()));
    for (int i = 0; i < cf::kCells && allowed > 0; ++i) {
      const cf::Cell& c = s_->cells[i];
      // An attack needs a neighbour of ours, even on our own cell (§6.2).
      if (c.owner != uid_ || rivals_[i] == 0 || own_neighbours_[i] == 0 ||
          c.level < 2 || c.building == cf::Building::kNone ||
          c.building == cf::Building::kHome)
        continue;
      const int64_t cost = cf::AttackCost(*s_, i);
      const int64_t need = StrongestRival(rivals_[i]) - cost + 1;
      if (need <= 0 || need > allowed) continue;
      // The enemy's net is then below the cost (§6.3); unattacked, a bid
      // below the cost changes nothing.
      Emit(cf::Command::Attack(cf::CellX(i), cf::CellY(i), need));
      spent_energy_ += need;
      allowed -= need;
    }
  }

  // 4. The attacks, by value per energy, while the budget lasts.
  void Attack() {
    targets_.clear();
    int64_t cells = cells_;
    for (int i = 0; i < cf::kCells; ++i) {
      if (s_->cells[i].owner == uid_ || own_neighbours_[i] == 0) continue;
      const int64_t bid = BidFor(i, CostOf(i));
      const double value = CaptureValue(i, MarginalTax(cells));
      if (value > 0) targets_.push_back({i, bid, value});
    }
    std::sort(targets_.begin(), targets_.end(),
              [](const Target& a, const Target& b) {
                const double l = a.value * double(b.bid + 1);
                const double r = b.value * double(a.bid + 1);
                return l > r || (l == r && a.cell < b.cell);
              });
    for (const Target& t : targets_) {
      if (t.bid > Budget()) continue;
      // Each capture raises the tax of the next ones (§6.7).
      if (CaptureValue(t.cell, MarginalTax(cells)) <= 0) continue;
      Emit(cf::Command::Attack(cf::CellX(t.cell), cf::CellY(t.cell), t.bid));
      spent_energy_ += t.bid;
      ++cells;
    }
  }

  // The gold a capture of `cell` is worth (see the header comment).
  double CaptureValue(int cell, int64_t tax) const {
    const cf::Cell& c = s_->cells[cell];
    double value = YieldValue(double(c.natural_gold - tax),
                              double(c.natural_energy - tax));
    value *= 1 + w_->own_neighbour_bonus * own_neighbours_[cell];
    if (home_ >= 0) {
      const int d = std::abs(cf::CellX(cell) - cf::CellX(home_)) +
                    std::abs(cf::CellY(cell) - cf::CellY(home_));
      value /= 1 + d / w_->home_distance;
    }
    if ((rivals_[cell] & ~(1 << c.owner)) != 0) value *= w_->border_risk;
    if (c.owner != 0 && c.owner != uid_) {
      // What the owner loses counts as a share of a gain: one rival less
      // ahead of us among the others (§8 ranks by gold).
      value += w_->rival_loss * rival_share_ *
               YieldValue(double(cf::GoldYield(*s_, cell)),
                          double(cf::EnergyYield(*s_, cell)));
      value += SpoilsOf(c);
    }
    return value;
  }

  // What capturing an enemy's building brings at once (§6.3 capture).
  double SpoilsOf(const cf::Cell& c) const {
    const int level = std::clamp<int>(c.level, 1, 3);
    switch (c.building) {
      case cf::Building::kMine:
        return double(kDestroyBonus[level - 1]);
      case cf::Building::kHome: {
        const cf::UserState* v = s_->FindUser(c.owner);
        return v == nullptr ? 0 : std::max(0.0, double(v->gold) / 3) + 1000;
      }
      default:
        return 0;
    }
  }

  const cf::State* s_ = nullptr;
  const Weights* w_ = nullptr;
  std::vector<cf::Command>* out_ = nullptr;
  int uid_ = 0;
  int turns_ = 0;
  int home_ = -1;
  int tech_ = 0;
  int64_t cells_ = 0;
  int64_t energy_ = 0;
  int64_t gold_ = 0;
  int64_t reserve_ = 0;
  int64_t spent_energy_ = 0;
  double rate_ = 0;
  double energy_weight_ = 0;
  double rival_share_ = 0;      // 1 / the rivals alive
  int16_t rivals_[cf::kCells];  // bit u: alive enemy u owns a neighbour
  int8_t own_neighbours_[cf::kCells];
  std::vector<double> rates_;
  std::vector<Target> targets_;
  std::vector<Option> options_;
};

}  // namespace colorfight_greedy

#endif  // COLORFIGHT_GREEDY_PLAN_H_
