// sdk/wl/tunable.h: declared parameters set in process and by --param flags.
#include "sdk/wl/tunable.h"

#include <sstream>
#include <string>
#include <vector>

#include "gtest/gtest.h"

namespace wl {
namespace {

class Knobs : public Tunable {
 public:
  void DeclareParams(ParamSet& params) override {
    params.Add("share", &share, 0.0, 1.0, 0.05);
    params.Add("reserve", &reserve, 0, 20, 2);
  }
  double share = 0.6;
  int reserve = 4;
};

int Apply(Knobs& knobs, std::vector<std::string> args, std::string* out,
          std::string* err) {
  std::vector<char*> argv = {const_cast<char*>("build/bots/mybot")};
  for (std::string& a : args) argv.push_back(a.data());
  std::ostringstream o, e;
  const int exit =
      ApplyParamArgs(static_cast<int>(argv.size()), argv.data(), knobs, o, e);
  *out = o.str();
  *err = e.str();
  return exit;
}

TEST(TunableTest, DeclaredParamsCarryTheirDefaultsAndBounds) {
  Knobs knobs;
  ParamSet params = ParamsOf(knobs);
  ASSERT_EQ(params.params().size(), 2u);
  const Param* reserve = params.Find("reserve");
  ASSERT_NE(reserve, nullptr);
  EXPECT_EQ(reserve->value, 4);
  EXPECT_EQ(reserve->max, 20);
  EXPECT_EQ(params.Find("nope"), nullptr);
  EXPECT_EQ(params.Set("share", 0.25), "");
  EXPECT_EQ(params.Set("reserve", 6.6), "");
  EXPECT_EQ(knobs.share, 0.25);
  EXPECT_EQ(knobs.reserve, 7);  // the nearest integer
  EXPECT_NE(params.Set("share", 1.5), "");
  EXPECT_NE(params.Set("share", std::nan("")), "");
  EXPECT_EQ(params.Set("nope", 1), "no parameter named 'nope'");
  EXPECT_EQ(knobs.share, 0.25);  // refused values change nothing
}

TEST(TunableTest, ParamFlagsSetListAndRefuseWithOneLine) {
  Knobs knobs;
  std::string out, err;
  EXPECT_EQ(
      Apply(knobs, {"--seed", "3", "--param", "share=0.5", "--param=reserve=9"},
            &out, &err),
      -1);
  EXPECT_EQ(knobs.share, 0.5);
  EXPECT_EQ(knobs.reserve, 9);
  EXPECT_EQ(Apply(knobs, {"--list-params"}, &out, &err), 0);
  EXPECT_EQ(out, "share 0.5 0 1 0.05\nreserve 9 0 20 2 int\n");
  for (const std::vector<std::string>& bad :
       std::vector<std::vector<std::string>>{{"--param"},
                                             {"--param", "share"},
                                             {"--param", "share=x"},
                                             {"--param", "=1"},
                                             {"--param", "share=2"},
                                             {"--param", "other=1"}}) {
    EXPECT_EQ(Apply(knobs, bad, &out, &err), 2) << bad.back();
    EXPECT_EQ(err.find('\n'), err.size() - 1) << err;
  }
}

// A malformed --param says what is wrong with it, named after the binary.
TEST(TunableTest, ABadParamSaysWhatIsWrong) {
  Knobs knobs;
  std::string out, err;
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"share", "mybot: bad --param 'share': no '=' (NAME=VALUE)"},
      {"=1", "mybot: bad --param '=1': no NAME before '='"},
      {"share=", "mybot: bad --param 'share=': no VALUE after '='"},
      {"share=x", "mybot: bad --param 'share=x': 'x' is not a number"},
      {"share=2", "mybot: bad --param 'share=2': share=2 is outside [0, 1]"},
      {"shar=1",
       "mybot: bad --param 'shar=1': no parameter named 'shar' "
       "(did you mean share?)"}};
  for (const auto& [text, message] : cases) {
    EXPECT_EQ(Apply(knobs, {"--param", text}, &out, &err), 2) << text;
    EXPECT_EQ(err.rfind(message, 0), 0u) << err;
    EXPECT_EQ(err.find('\n'), err.size() - 1) << err;
  }
}

// An int parameter is one to the tools too: "int" after its --list-params
// line, is_integer in its Param, its value rounded where applied.
TEST(TunableTest, IntParamsAreMarkedAndRounded) {
  Knobs knobs;
  const ParamSet params = ParamsOf(knobs);
  EXPECT_FALSE(params.Find("share")->is_integer);
  EXPECT_TRUE(params.Find("reserve")->is_integer);
  EXPECT_EQ(AppliedValue(*params.Find("reserve"), 5.5), 6);
  EXPECT_EQ(AppliedValue(*params.Find("share"), 0.55), 0.55);
  EXPECT_EQ(ParamLine(*params.Find("reserve")), "reserve 4 0 20 2 int");
}

}  // namespace
}  // namespace wl
