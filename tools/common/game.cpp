#include "common/game.h"

namespace wl::tools {

void SeatsFromWinner(const std::string& winner,
                     std::vector<SeatOutcome>* seats) {
  for (size_t i = 0; i < seats->size(); ++i) {
    SeatOutcome& s = (*seats)[i];
    const bool won = winner == "player" + std::to_string(i + 1);
    s.winner = won || winner == "draw";
    s.score = winner == "draw" ? 0.5 : won ? 1.0 : 0.0;
    s.rank = s.winner ? 1 : 2;
  }
}

std::string RankSeats(std::vector<SeatOutcome>* seats) {
  // Winners first, then the higher score (NaN scores last).
  auto better = [](const SeatOutcome& a, const SeatOutcome& b) {
    if (a.winner != b.winner) return a.winner;
    return a.score > b.score || (a.score == a.score && b.score != b.score);
  };
  std::string winner = "draw";
  int winners = 0;
  for (size_t i = 0; i < seats->size(); ++i) {
    SeatOutcome& s = (*seats)[i];
    s.rank = 1;
    for (const SeatOutcome& other : *seats) s.rank += better(other, s);
    if (s.winner && ++winners == 1) winner = "player" + std::to_string(i + 1);
  }
  return winners == 1 ? winner : "draw";
}

}  // namespace wl::tools
