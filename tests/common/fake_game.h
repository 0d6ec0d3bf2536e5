// fake_game.h: fakes of the shared tools' GameAdapter (tools/common/game.h) for
// the tests of what knows no game (the arena, the profile, the bench).
//
//   class ScoredGame : public StubGame {   // a game without flags or maps
//    public:
//     absl::StatusOr<std::unique_ptr<PlayedGame>> Play(
//         const GameSetup& setup) const override {
//       auto played = std::make_unique<FakePlayedGame>("a transcript");
//       played->winner = "player1";
//       return played;
//     }
//   };
#ifndef WL_TESTS_COMMON_FAKE_GAME_H_
#define WL_TESTS_COMMON_FAKE_GAME_H_

#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "absl/status/status.h"
#include "absl/status/statusor.h"
#include "common/files.h"
#include "common/game.h"

namespace wl::tools {

// A played fake game: its folder holds fake.txt, the command that asked
// for it; its transcript is the one given.
class FakePlayedGame : public PlayedGame {
 public:
  explicit FakePlayedGame(std::string transcript = "")
      : transcript_(std::move(transcript)) {}
  absl::Status WriteFiles(const std::string& dir,
                          const std::string& command) const override {
    return WriteFileAtomically(
        (std::filesystem::path(dir) / "fake.txt").string(), command + "\n");
  }
  std::string Transcript() const override { return transcript_; }

 private:
  std::string transcript_;
};

// A game named "fake" without flags, settings or maps, whose bots are all
// fine, play in process and are known by their names, with no time to
// spend; a test's game overrides what it needs and Play.
class StubGame : public GameAdapter {
 public:
  std::string Name() const override { return "fake"; }
  void DeclareFlags(Flags&) override {}
  std::string CheckFlags() const override { return ""; }
  std::vector<GameSetting> Settings() const override { return {}; }
  absl::StatusOr<std::vector<std::string>> ListMaps(
      const std::string&) const override {
    return std::vector<std::string>{};
  }
  bool PlaysInProcess(const std::string&) const override { return true; }
  absl::Status CheckBot(const std::string&) const override {
    return absl::OkStatus();
  }
  std::string BotIdentity(const std::string& bot, bool) const override {
    return bot;
  }
  int64_t TimeAvailableMs(int64_t) const override { return 0; }
};

}  // namespace wl::tools

#endif  // WL_TESTS_COMMON_FAKE_GAME_H_
