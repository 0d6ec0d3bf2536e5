// capped_log.h: a log kept in memory up to a cap, for bots that play in the
// harness's own process: what they write to their log (the diagnostics a
// process would write to stderr) is kept up to cap_bytes, the rest dropped.
//
//   CappedLog log(1 << 20);           // 0: keep nothing
//   Session session(bot, *log.stream());
//   ... play ...
//   WriteFileAtomically("stderr_player1.txt", log.text());
//
// Not thread-safe: one writer at a time (a Session, or an Endpoint, which
// writes under its own lock).
#ifndef WL_TOOLS_COMMON_CAPPED_LOG_H_
#define WL_TOOLS_COMMON_CAPPED_LOG_H_

#include <algorithm>
#include <cstdint>
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
  // The first cap_bytes written.
  const std::string& text() const { return buffer_.text; }

 private:
  // Keeps the first `cap` bytes written; drops the rest.
  struct Buffer : std::streambuf {
    explicit Buffer(size_t cap_bytes) : cap(cap_bytes) {}
    int overflow(int c) override {
      if (c != traits_type::eof() && text.size() < cap)
        text.push_back(static_cast<char>(c));
      return traits_type::not_eof(c);
    }
    std::streamsize xsputn(const char* s, std::streamsize n) override {
      text.append(s, std::min(cap - text.size(), static_cast<size_t>(n)));
      return n;
    }
    size_t cap;
    std::string text;
  };
  Buffer buffer_;
  std::ostream stream_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_COMMON_CAPPED_LOG_H_
