#include "wl/bot_process.h"

#include <utility>

namespace wl::tools {

namespace {

Reply ToReply(LineAnswer answer) {
  Reply reply;
  reply.line = std::move(answer.line);
  reply.timed_out = answer.timed_out;
  reply.elapsed_ms = answer.elapsed_ms;
  return reply;
}

}  // namespace

LineQueue AnswerQueue(RuleSet rules) {
  return rules == RuleSet::kWl1 ? LineQueue::kFifo : LineQueue::kLatest;
}

absl::StatusOr<std::unique_ptr<BotProcess>> BotProcess::Start(
    const std::string& command_line, const BotProcessOptions& options,
    LineQueue queue) {
  LineRules rules;
  rules.queue = queue;
  rules.max_chars = kStdoutCapChars;
  rules.ignored = "VM warning";  // spec section 8: the JVM's own lines
  absl::StatusOr<std::unique_ptr<LineProcess>> process =
      LineProcess::Start(command_line, options, rules);
  if (!process.ok()) return process.status();
  return std::unique_ptr<BotProcess>(new BotProcess(std::move(*process)));
}

BotProcess::BotProcess(std::unique_ptr<LineProcess> process)
    : process_(std::move(process)) {}

BotProcess::~BotProcess() = default;  // LineProcess kills and reaps

void BotProcess::Send(const std::string& line) { process_->Send(line); }

Reply BotProcess::Ask(const std::string& line, int64_t timebank_ms) {
  return ToReply(process_->Ask(line, timebank_ms));
}

Reply BotProcess::ReadNext(int64_t wait_ms) {
  return ToReply(process_->ReadNext(wait_ms));
}

void BotProcess::Kill() { process_->Kill(); }

std::string BotProcess::EndReason() { return process_->EndReason(); }

pid_t BotProcess::pid() const { return process_->pid(); }

bool BotProcess::Finished() const { return process_->Finished(); }

int64_t BotProcess::stdout_chars() const { return process_->stdout_chars(); }

int KillAllBots() { return KillAllProcessGroups(); }

}  // namespace wl::tools
