// capped_log.h: a log kept in memory up to a cap, for bots that play in the
// harness's own process: what they write to their log (the diagnostics a
// process would write to stderr) is kept up to cap_bytes, the rest dropped.
//
//   CappedLog log(1 << 20);           // 0: keep nothing
//   Session session(bot, *log.stream());
//   ... play ...
//   WriteFileAtomically("stderr_player1.txt", log.text());
//
// Its stream is for one writer at a time (a Session, or an Endpoint, which
// writes under its own lock); its buffer() takes writes from any thread.
//
// A bot in process may also print with std::cout or std::cerr, which a
// process would send to its stderr file (std::cout: its answers' channel,
// which the harness does not read in process). While a StandardOutputRouter
// lives (the arena's games), what a thread prints inside a CaptureOutput
// scope goes to that scope's log, for each thread its own, so that games on
// several threads keep each seat's prints apart; outside such a scope
// std::cout goes to `cout_elsewhere` and std::cerr where it went before:
//
//   Nowhere nowhere;                          // common/progress.h
//   StandardOutputRouter router(&nowhere);    // in the arena's Play
//   ...
//   { CaptureOutput capture(log.buffer());    // around each call of a bot
//     session.Handle(line); }
//
// (Only C++ streams: printf and writes to file descriptor 2 are not caught.)
#ifndef WL_TOOLS_COMMON_CAPPED_LOG_H_
#define WL_TOOLS_COMMON_CAPPED_LOG_H_

#include <algorithm>
#include <cstdint>
#include <mutex>
#include <ostream>
#include <streambuf>
#include <string>

namespace wl::tools {

class CappedLog {
 public:
  explicit CappedLog(int64_t cap_bytes)
      : buffer_(cap_bytes > 0 ? static_cast<size_t>(cap_bytes) : 0),
        stream_(&buffer_) {}
  CappedLog(const CappedLog&) = delete;
  CappedLog& operator=(const CappedLog&) = delete;

  // The stream to give the bot's log.
  std::ostream* stream() { return &stream_; }
  // Its buffer, for CaptureOutput (thread-safe).
  std::streambuf* buffer() { return &buffer_; }
  // The first cap_bytes written.
  const std::string& text() const { return buffer_.text; }

 private:
  // Keeps the first `cap` bytes written; drops the rest.
  struct Buffer : std::streambuf {
    explicit Buffer(size_t cap_bytes) : cap(cap_bytes) {}
    int overflow(int c) override {
      std::lock_guard<std::mutex> lock(mu);
      if (c != traits_type::eof() && text.size() < cap)
        text.push_back(static_cast<char>(c));
      return traits_type::not_eof(c);
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
      std::lock_guard<std::mutex> lock(mu);
      text.append(s, std::min(cap - text.size(), static_cast<size_t>(n)));
      return n;
    }
    size_t cap;
    std::mutex mu;
    std::string text;
  };
  Buffer buffer_;
  std::ostream stream_;
};

// Sends what the calling thread prints with std::cout or std::cerr to `log`
// while it lives (nullptr: no change), when a StandardOutputRouter is
// installed; scopes nest (the outer one's log comes back).
class CaptureOutput {
 public:
  explicit CaptureOutput(std::streambuf* log);
  ~CaptureOutput();
  CaptureOutput(const CaptureOutput&) = delete;
  CaptureOutput& operator=(const CaptureOutput&) = delete;

 private:
  std::streambuf* before_;
};

// Routes std::cout and std::cerr through per-thread buffers while it lives
// (see above); restores both buffers when it goes. One at a time.
class StandardOutputRouter {
 public:
  explicit StandardOutputRouter(std::streambuf* cout_elsewhere);
  ~StandardOutputRouter();
  StandardOutputRouter(const StandardOutputRouter&) = delete;
  StandardOutputRouter& operator=(const StandardOutputRouter&) = delete;

 private:
  // Writes to the thread's capture when it has one, else to `elsewhere`.
  struct Router : std::streambuf {
    explicit Router(std::streambuf* to) : elsewhere(to) {}
    int overflow(int c) override;
    std::streamsize xsputn(const char* s, std::streamsize n) override;
    int sync() override;
    std::streambuf* Target() const;
    std::streambuf* elsewhere;
  };
  Router out_, err_;
  std::streambuf *cout_before_, *cerr_before_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_CAPPED_LOG_H_
