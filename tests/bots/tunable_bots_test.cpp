// The reference bots' tunable parameters (sdk/wl/tunable.h, issue 17):
// greedy's planner weights, mcts's strength knobs and evaluation weights,
// the starter's example. Declared with the defaults the bots play by, set in
// process through ParamSet (after construction, as `warlight tune` does),
// and through the binaries' --param and --list-params flags.
#include <cstddef>
#include <filesystem>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "bots/bot_positions.h"
#include "bots/greedy/greedy_bot.h"
#include "bots/mcts/mcts_bot.h"
#include "bots/mcts/mcts_config.h"
#include "bots/starter/starter_bot.h"
#include "engine_lines.h"
#include "gtest/gtest.h"
#include "java_random.h"
#include "protocol.h"
#include "rules.h"
#include "shell.h"
#include "test_maps.h"
#include "test_positions.h"
#include "tunable.h"
#include "view.h"

namespace wl {
namespace {

using testing::PlayRound;
using testing::Position;
using testing::Round;

std::vector<std::string> Names(const ParamSet& params) {
  std::vector<std::string> names;
  for (const Param& p : params.params()) names.push_back(p.name);
  return names;
}

// Every parameter can be tuned: its default within [min, max], a positive
// step smaller than the range, and a name of its own.
void ExpectSane(const ParamSet& params) {
  std::set<std::string> names;
  for (const Param& p : params.params()) {
    EXPECT_TRUE(names.insert(p.name).second) << p.name << " twice";
    EXPECT_LE(p.min, p.value) << p.name;
    EXPECT_LE(p.value, p.max) << p.name;
    EXPECT_GT(p.step, 0) << p.name;
    EXPECT_LT(p.step, p.max - p.min) << p.name;
  }
}

// --- greedy ---

TEST(TunableBotsTest, GreedyDeclaresEveryWeightWithItsDefault) {
  GreedyBot bot;
  const ParamSet params = ParamsOf(bot);
  ExpectSane(params);
  EXPECT_EQ(Names(params),
            (std::vector<std::string>{
                "land", "bonus", "complete", "contested", "deny", "defend",
                "held_bonus", "break_bonus", "relief", "hunt", "free_army_cost",
                "enemy_deploy", "threat_income", "sure_front", "pick_entrance",
                "pick_next", "pick_fast"}));
  // Each field of greedy::Weights (all doubles) exactly once, with the
  // value of a default Weights: the bot's defaults are the planner's.
  const greedy::Weights defaults;
  greedy::Weights w;
  ParamSet fields;
  greedy::DeclareWeights(fields, w);
  ASSERT_EQ(fields.params().size(), params.params().size());
  EXPECT_EQ(fields.params().size() * sizeof(double), sizeof(greedy::Weights));
  std::set<std::ptrdiff_t> offsets;
  for (size_t i = 0; i < fields.params().size(); ++i) {
    const Param& field = fields.params()[i];
    ASSERT_NE(field.real, nullptr) << field.name;
    const std::ptrdiff_t offset = reinterpret_cast<const char*>(field.real) -
                                  reinterpret_cast<const char*>(&w);
    ASSERT_TRUE(offset >= 0 && offset < std::ptrdiff_t(sizeof w));
    offsets.insert(offset);
    const double expected = *reinterpret_cast<const double*>(
        reinterpret_cast<const char*>(&defaults) + offset);
    EXPECT_EQ(params.params()[i].value, expected) << field.name;
  }
  EXPECT_EQ(offsets.size(), fields.params().size());
}

TEST(TunableBotsTest, AGreedyWeightSetAfterConstructionChangesItsPlan) {
  // We hold bonus {1, 2}; the opponent threatens 2, a neutral tempts next
  // to 1. Assuming the opponent's whole income next to 2 (threat_income
  // 1, the default is a quarter), greedy places more there.
  View view = Position(testing::ThreatenedBonusBorder());
  GreedyBot plain;
  const Round before = PlayRound(plain, view);
  View again = Position(testing::ThreatenedBonusBorder());
  GreedyBot tuned;
  ParamSet params = ParamsOf(tuned);
  EXPECT_EQ(params.Set("threat_income", 1), "");
  const Round after = PlayRound(tuned, again);
  EXPECT_LT(testing::PlacedOn(before.placements, 2),
            testing::PlacedOn(after.placements, 2));
  EXPECT_EQ(ParamsOf(tuned).Find("threat_income")->value, 1);
}

// --- mcts ---

TEST(TunableBotsTest, MctsDeclaresItsStrengthKnobsWithTheirDefaults) {
  MctsBot bot(uint64_t{7});  // as the registry makes it
  const ParamSet params = ParamsOf(bot);
  ExpectSane(params);
  const mcts::Config d;
  const std::vector<std::pair<std::string, double>> expected = {
      {"exploration", d.exploration},
      {"eval_scale", d.eval_scale},
      {"eval_armies", d.eval.armies},
      {"eval_regions", d.eval.regions},
      {"eval_exposed_bonus", d.eval.exposed_bonus},
      {"eval_progress", d.eval.progress},
      {"samples", d.samples},
      {"fog_noise", d.fog_noise},
      {"playout_rounds", d.playout_rounds},
      {"wl1_playout_rounds", d.wl1_playout_rounds},
      {"my_greedy_variants", d.my_greedy_variants},
      {"my_policy_variants", d.my_policy_variants},
      {"their_variants", d.their_variants},
      {"draft_rounds", d.draft_rounds},
      {"sure_income_margin", d.sure_income_margin}};
  ASSERT_EQ(params.params().size(), expected.size());
  for (size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(params.params()[i].name, expected[i].first);
    EXPECT_EQ(params.params()[i].value, expected[i].second)
        << expected[i].first;
  }
  // The evaluation's defaults are the weights it had as constants.
  EXPECT_EQ(d.eval.armies, 0.12);
  EXPECT_EQ(d.eval.regions, 0.2);
  EXPECT_EQ(d.eval.exposed_bonus, 0.4);
  // Every bound is one the command-line knobs accept too.
  for (const Param& p : params.params()) {
    if (p.name.rfind("eval_", 0) == 0 && p.name != "eval_scale") continue;
    for (double v : {p.min, p.max}) {
      std::string flag = "--" + p.name + "=" + std::to_string(v);
      for (char& c : flag) c = c == '_' ? '-' : c;
      if (p.integer) flag = flag.substr(0, flag.find('.'));
      char* argv[] = {nullptr, flag.data()};
      mcts::Config c;
      EXPECT_EQ(mcts::ParseArgs(2, argv, c), "") << flag;
    }
  }
}

// A mid-game View on a 30-region map and a fixed-iteration bot.
struct MctsSetup {
  Map map = testing::RandomTestMap(5, 30);
  Game game{map};
  State s = testing::MidGame(game, 9, 4);
  mcts::Config Fixed() const {
    mcts::Config c;
    c.iterations = 120;
    return c;
  }
};

TEST(TunableBotsTest, MctsSearchesWithParamsSetAfterConstruction) {
  MctsSetup setup;
  ASSERT_FALSE(setup.s.Owned(Player::kPlayer1).Empty());
  const View view = ViewOfPosition(setup.game, setup.s, Player::kPlayer1);
  MctsBot plain(setup.Fixed());
  plain.PlaceArmies(view);
  const mcts::SearchStats before = plain.LastStats();
  ASSERT_EQ(before.iterations, 120);
  EXPECT_EQ(before.samples, mcts::Config().samples);

  MctsBot tuned(setup.Fixed());
  ParamSet params = ParamsOf(tuned);
  EXPECT_EQ(params.Set("samples", 3), "");
  EXPECT_EQ(params.Set("playout_rounds", 0), "");
  EXPECT_EQ(params.Set("my_greedy_variants", 1), "");
  EXPECT_EQ(params.Set("my_policy_variants", 0), "");
  tuned.PlaceArmies(view);
  const mcts::SearchStats after = tuned.LastStats();
  EXPECT_EQ(after.samples, 3);
  EXPECT_EQ(after.rounds_simulated, after.iterations);  // no playout rounds
  EXPECT_GT(before.rounds_simulated, before.iterations);
  EXPECT_LT(after.candidates, before.candidates);
}

TEST(TunableBotsTest, MctsEvaluationWeightsChangeWhatItPlays) {
  // On one of a few mid-game positions (the first, as it happens), an
  // evaluation that weighs regions only, beside income, on a sharper scale
  // picks another turn than the default one (the same 150 iterations).
  Map map = testing::RandomTestMap(5, 30);
  Game game(map);
  int differ = 0;
  for (int i = 0; i < 6 && differ == 0; ++i) {
    const State s = testing::MidGame(game, 20 + i, 3 + i);
    if (s.Owned(Player::kPlayer1).Empty() ||
        s.Owned(Player::kPlayer2).Empty()) {
      continue;
    }
    const View view = ViewOfPosition(game, s, Player::kPlayer1);
    mcts::Config c;
    c.iterations = 150;
    MctsBot plain(c), tuned(c);
    ParamSet params = ParamsOf(tuned);
    EXPECT_EQ(params.Set("eval_armies", 0), "");
    EXPECT_EQ(params.Set("eval_regions", 0.6), "");
    EXPECT_EQ(params.Set("eval_exposed_bonus", 0), "");
    EXPECT_EQ(params.Set("eval_scale", 1), "");
    const std::vector<Move> a = plain.PlaceArmies(view);
    const std::vector<Move> b = tuned.PlaceArmies(view);
    if (a != b || plain.LastStats().chosen != tuned.LastStats().chosen) {
      ++differ;
    }
  }
  EXPECT_GT(differ, 0);
}

TEST(TunableBotsTest, MctsDraftSearchesWithParamsSetAfterConstruction) {
  // On one of a few drafts, a draft search that plays no rounds after the
  // picks and squashes the evaluation harder picks another first region.
  int differ = 0;
  for (uint32_t i = 0; i < 6 && differ == 0; ++i) {
    const Game game(testing::RandomTestMap(70 + i, 40));
    FastRandom rng(i);
    const wl::Setup setup = wl::SetUp(game, rng);
    View view = ViewOfDraft(game.GetMap(), Player::kPlayer1, setup.wastelands,
                            setup.candidates, setup.pick_amount);
    EXPECT_EQ(view.Apply(Parse("pick_starting_region 10000" +
                               JoinIds(setup.candidates))),
              "");
    mcts::Config c;
    c.iterations = 200;
    MctsBot plain(c), tuned(c);
    ParamSet params = ParamsOf(tuned);
    EXPECT_EQ(params.Set("draft_rounds", 0), "");
    EXPECT_EQ(params.Set("eval_scale", 1), "");
    EXPECT_EQ(params.Set("exploration", 0), "");
    if (plain.PickStartingRegion(view) != tuned.PickStartingRegion(view)) {
      ++differ;
    }
  }
  EXPECT_GT(differ, 0);
}

// --- starter ---

TEST(TunableBotsTest, TheStarterShowsOneParameter) {
  StarterBot plain;
  const ParamSet params = ParamsOf(plain);
  ExpectSane(params);
  ASSERT_EQ(Names(params), std::vector<std::string>{"extra_attackers"});
  EXPECT_EQ(params.Find("extra_attackers")->value, 0);
  // A 2-army neutral next to our 1 army, income 5 placed there: 3 take it
  // surely; with 2 extra attackers, 5 go.
  View view = Position(testing::TwoArmyNeutral());
  EXPECT_EQ(PlayRound(plain, view).moves,
            std::vector<Move>{Move::AttackTransfer(1, 2, 3)});
  StarterBot tuned;
  EXPECT_EQ(ParamsOf(tuned).Set("extra_attackers", 2), "");
  View again = Position(testing::TwoArmyNeutral());
  EXPECT_EQ(PlayRound(tuned, again).moves,
            std::vector<Move>{Move::AttackTransfer(1, 2, 5)});
}

// --- the binaries' flags ---

std::string Binary(const std::string& name) {
  return testing::ShellQuote(std::string(WL_BINARY_DIR) + "/bots/" + name);
}

size_t Lines(const std::string& text) {
  size_t n = 0;
  for (char c : text) n += c == '\n';
  return n;
}

TEST(TunableBotsTest, BotBinariesListTheirParamsAndRefuseBadOnes) {
  const std::filesystem::path dir = testing::FreshTempDir("tunable_bots");
  GreedyBot greedy;
  MctsBot mcts_bot;
  StarterBot starter;
  const std::vector<std::pair<std::string, Tunable*>> bots = {
      {"greedy", &greedy}, {"mcts", &mcts_bot}, {"starter", &starter}};
  for (const auto& [name, bot] : bots) {
    const ParamSet params = ParamsOf(*bot);
    const testing::CommandRun list =
        testing::RunCommand(Binary(name) + " --list-params", dir);
    EXPECT_EQ(list.status, 0) << name << ": " << list.err;
    EXPECT_EQ(Lines(list.out), params.params().size()) << list.out;
    std::istringstream lines(list.out);
    for (const Param& p : params.params()) {
      std::string line, got, value, min, max, step, kind;
      std::getline(lines, line);
      std::istringstream fields(line);
      fields >> got >> value >> min >> max >> step >> kind;
      EXPECT_EQ(got, p.name) << name;
      EXPECT_EQ(std::stod(value), p.value) << name << " " << p.name;
      EXPECT_EQ(kind, p.is_integer ? "int" : "") << name << ": " << line;
    }
    const std::string first = params.params().front().name;
    for (const std::string& bad :
         {std::string("nope=1"), first + "=1e6", first + "=x"}) {
      const testing::CommandRun run =
          testing::RunCommand(Binary(name) + " --param " + bad, dir);
      EXPECT_EQ(run.status, 2) << name << " --param " << bad;
      EXPECT_EQ(Lines(run.err), 1u) << run.err;
      EXPECT_EQ(run.out, "") << name;
    }
  }
  std::filesystem::remove_all(dir);
}

TEST(TunableBotsTest, BotBinariesPlayWithParams) {
  // The recorded session, answered by each bot with a parameter set; the
  // mcts knobs and --param together (ParseArgs leaves --param alone).
  const std::string session = testing::ShellQuote(
      std::string(WL_SOURCE_DIR) + "/scripts/data/session_small.txt");
  for (const std::string& args :
       {std::string("greedy --param land=0.5"),
        std::string("mcts --iterations 30 --param=samples=2 --param "
                    "exploration=0.3 --max-move-ms 50"),
        std::string("starter --param extra_attackers=1")}) {
    const testing::CommandRun run =
        testing::PipeCommand(std::string(WL_BINARY_DIR) + "/bots/" + args +
                             " < " + session + " 2>/dev/null");
    EXPECT_EQ(run.status, 0) << args;
    EXPECT_GT(Lines(run.out), 3u) << args << ": " << run.out;
  }
}

TEST(TunableBotsTest, MctsKnobsAndTheTuningFlagsWorkTogether) {
  const std::filesystem::path dir = testing::FreshTempDir("tunable_mcts");
  // A knob's flag sets the value --list-params shows.
  const testing::CommandRun list = testing::RunCommand(
      Binary("mcts") + " --exploration 0.25 --list-params --seed 3", dir);
  EXPECT_EQ(list.status, 0) << list.err;
  EXPECT_EQ(list.out.rfind("exploration 0.25 ", 0), 0u) << list.out;
  // --help says how to tune.
  const std::string help = mcts::Usage();
  EXPECT_NE(help.find("--param NAME=VALUE"), std::string::npos) << help;
  EXPECT_NE(help.find("--list-params"), std::string::npos) << help;
  // ParseArgs skips the tuning flags, and still refuses a typo.
  std::vector<std::string> args = {
      "mcts",          "--param",   "nope=1", "--param=x=2",
      "--list-params", "--samples", "5"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  mcts::Config c;
  EXPECT_EQ(mcts::ParseArgs(static_cast<int>(argv.size()), argv.data(), c), "");
  EXPECT_EQ(c.samples, 5);
  const testing::CommandRun typo =
      testing::RunCommand(Binary("mcts") + " --parm samples=2", dir);
  EXPECT_EQ(typo.status, 2);
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace wl
