// http_seat.h: a Berlin seat over HTTP/1.1, asking a bot server exactly as
// the official engine's libcurl did (berlin §2.1), with the bounds berlin
// §11 asks for.
//
//   absl::StatusOr<HttpUrl> url = ParseHttpUrl("http://127.0.0.1:9100/");
//   HttpSeat seat(*url);
//   BerlinAnswer a = seat.Ask(fields, 5000);  // POST FormBody(fields)
//   // a.kind: kAnswered (a.status, a.body), kTimedOut or kFailed (a.error)
//
// Each Ask opens a new connection and POSTs the four form fields (wire.h
// FormBody, byte-identical to the engine's, berlin §2.2) with the engine's
// headers: Host, User-Agent "Typhoeus - https://github.com/typhoeus/
// typhoeus", Accept application/json, Content-Type
// application/x-www-form-urlencoded, Content-Length. It never sends
// "Expect: 100-continue" (berlin §2.1 says curl may have; bot servers must
// read the body at once anyway), and skips any 1xx interim answer.
//
// Bounds (berlin §11), all checked, so that Ask never hangs:
//  * the whole answer, redirects included, within timeout_ms (0: none),
//    else kTimedOut "no answer within N ms";
//  * the TCP connect within min(timeout_ms, connect_limit_ms), else kFailed
//    "could not connect within N ms" (when that is shorter than the whole
//    limit);
//  * the answer body at most max_answer_bytes, else kFailed "answer larger
//    than N bytes"; headers at most 64 KiB.
// Connection refused or reset, a connection closed early and bad HTTP are
// kFailed with a one-line error. Any status is kAnswered (the referee
// counts only 2xx, berlin §2.5).
//
// Redirects (berlin §2.1, libcurl's followlocation): after 301, 302 or 303
// the Location is asked with a GET without body, after 307 or 308 with the
// same POST; at most max_redirects (libcurl had no limit; more is kFailed).
// Only http:// is spoken: an https:// URL or redirect is kFailed.
// A host name is looked up once per Ask (URLs are normally 127.0.0.1); the
// lookup itself cannot be interrupted by the time limit.
//
// Threading: Ask may be called from any thread, one call at a time.
#ifndef WL_TOOLS_BERLIN_HTTP_SEAT_H_
#define WL_TOOLS_BERLIN_HTTP_SEAT_H_

#include <chrono>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

#include "absl/status/statusor.h"
#include "berlin/referee.h"

namespace wl::tools {

// An http:// URL: host (an IPv6 address without its brackets), port (80
// when not given) and target (path and query, "/" when empty).
struct HttpUrl {
  std::string host;
  int port = 80;
  std::string target = "/";
  // "http://host:port/target" (":port" left out for 80).
  std::string ToString() const;
};

// InvalidArgument with a one-line reason for anything but
// http://HOST[:PORT][/PATH[?QUERY]] (https:// is "not supported").
absl::StatusOr<HttpUrl> ParseHttpUrl(const std::string& url);

struct HttpSeatOptions {
  int64_t connect_limit_ms = 2000;
  int64_t max_answer_bytes = int64_t{1} << 20;
  int max_redirects = 5;
};

class HttpSeat : public BerlinSeat {
 public:
  explicit HttpSeat(HttpUrl url, HttpSeatOptions options = {})
      : url_(std::move(url)), options_(options) {}

  BerlinAnswer Ask(const berlin::RequestFields& request,
                   int64_t timeout_ms) override;

  const HttpUrl& url() const { return url_; }

 private:
  using Clock = std::chrono::steady_clock;
  struct Redirect {
    HttpUrl url;
    bool post = true;
  };
  BerlinAnswer Fetch(const HttpUrl& url, const std::string* body,
                     Clock::time_point deadline, int64_t timeout_ms,
                     int redirects, std::optional<Redirect>* next);

  HttpUrl url_;
  HttpSeatOptions options_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_BERLIN_HTTP_SEAT_H_
