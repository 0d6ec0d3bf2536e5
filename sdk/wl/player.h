// player.h: who owns a region, and the names the engine uses for them.
//
//   wl::Player p = wl::Player::kPlayer1;
//   std::string_view name = wl::PlayerName(p);        // "player1"
//   wl::Player q = wl::Opponent(p);                   // kPlayer2
//   std::optional<wl::Player> r = wl::ParsePlayer("neutral");
#ifndef WL_PLAYER_H_
#define WL_PLAYER_H_

#include <cstdint>
#include <optional>
#include <string_view>

namespace wl {

enum class Player : uint8_t { kNeutral = 0, kPlayer1 = 1, kPlayer2 = 2 };

// The engine's owner names (spec section 3).
constexpr std::string_view PlayerName(Player p) {
  return p == Player::kPlayer1   ? "player1"
         : p == Player::kPlayer2 ? "player2"
                                 : "neutral";
}

// Precondition: p is kPlayer1 or kPlayer2.
constexpr Player Opponent(Player p) {
  return p == Player::kPlayer1 ? Player::kPlayer2 : Player::kPlayer1;
}

// 0 for player1, 1 for player2. Precondition: p is not kNeutral.
constexpr int PlayerIndex(Player p) { return static_cast<int>(p) - 1; }

// kPlayer1 for 0, kPlayer2 for 1: the inverse of PlayerIndex.
constexpr Player PlayerOfIndex(int index) {
  return index == 0 ? Player::kPlayer1 : Player::kPlayer2;
}

inline std::optional<Player> ParsePlayer(std::string_view name) {
  if (name == "player1") return Player::kPlayer1;
  if (name == "player2") return Player::kPlayer2;
  if (name == "neutral") return Player::kNeutral;
  return std::nullopt;
}

}  // namespace wl

#endif  // WL_PLAYER_H_
