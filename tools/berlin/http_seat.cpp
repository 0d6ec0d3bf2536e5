#include "berlin/http_seat.h"

#include <algorithm>
#include <cctype>
#include <chrono>
#include <functional>
#include <optional>
#include <string>
#include <utility>

#include "boost/asio/connect.hpp"
#include "boost/asio/io_context.hpp"
#include "boost/asio/ip/tcp.hpp"
#include "boost/beast/core/flat_buffer.hpp"
#include "boost/beast/http.hpp"
#include "sdk/berlin/wire.h"

namespace wl::tools {
namespace {

namespace asio = boost::asio;
namespace http = boost::beast::http;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;
using boost::system::error_code;

constexpr const char* kUserAgent =
    "Typhoeus - https://github.com/typhoeus/typhoeus";  // berlin §2.1
constexpr uint32_t kMaxHeaderBytes = 64 * 1024;

bool StartsWithNoCase(const std::string& text, const std::string& prefix) {
  return text.size() >= prefix.size() &&
         std::equal(prefix.begin(), prefix.end(), text.begin(),
                    [](char a, char b) {
                      return std::tolower(static_cast<unsigned char>(a)) ==
                             std::tolower(static_cast<unsigned char>(b));
                    });
}

absl::Status BadUrl(const std::string& url, const std::string& why) {
  return absl::InvalidArgumentError("bad URL '" + url + "': " + why);
}

// "HOST" or "HOST:PORT" (HOST may be "[v6]") into url->host and url->port.
absl::Status ParseAuthority(const std::string& url, const std::string& text,
                            HttpUrl* out) {
  std::string port;
  if (!text.empty() && text[0] == '[') {
    const size_t close = text.find(']');
    if (close == std::string::npos) return BadUrl(url, "no ']' after '['");
    out->host = text.substr(1, close - 1);
    if (close + 1 < text.size()) {
      if (text[close + 1] != ':') return BadUrl(url, "junk after ']'");
      port = text.substr(close + 2);
      if (port.empty()) return BadUrl(url, "empty port");
    }
  } else {
    const size_t colon = text.find(':');
    out->host = text.substr(0, colon);
    if (colon != std::string::npos) {
      port = text.substr(colon + 1);
      if (port.empty()) return BadUrl(url, "empty port");
    }
  }
  if (out->host.empty()) return BadUrl(url, "no host");
  if (text.find('@') != std::string::npos) {
    return BadUrl(url, "user names are not supported");
  }
  if (port.empty()) return absl::OkStatus();
  if (port.size() > 5 || !std::all_of(port.begin(), port.end(), [](char c) {
        return c >= '0' && c <= '9';
      })) {
    return BadUrl(url, "the port must be a number from 1 to 65535");
  }
  out->port = std::stoi(port);
  if (out->port < 1 || out->port > 65535) {
    return BadUrl(url, "the port must be a number from 1 to 65535");
  }
  return absl::OkStatus();
}

// Runs the asynchronous operation that `start(handler)` begins on `io`
// until it completes or `limit` passes; then `cancel()` aborts it and the
// result is asio::error::timed_out. Never returns with work pending.
template <typename Start>
error_code RunUntil(asio::io_context& io, Clock::time_point limit, Start start,
                    const std::function<void()>& cancel) {
  std::optional<error_code> result;
  start([&result](error_code ec, auto&&...) { result = ec; });
  io.restart();
  if (limit == Clock::time_point::max()) {
    io.run();
  } else {
    io.run_until(limit);
  }
  if (result) return *result;
  cancel();
  io.restart();
  io.run();  // the aborted handler runs, so nothing refers to us later
  return asio::error::timed_out;
}

// One request on a new connection, each step within the limits.
class Transfer {
 public:
  Transfer(const HttpSeatOptions& options, Clock::time_point connect_limit,
           Clock::time_point deadline)
      : options_(options),
        connect_limit_(std::min(connect_limit, deadline)),
        deadline_(deadline) {}

  // The final (non-1xx) answer of `request` sent to `url`, or an error.
  error_code Run(const HttpUrl& url,
                 const http::request<http::string_body>& request,
                 http::response<http::string_body>* answer) {
    error_code ec = Connect(url);
    if (!ec) ec = Write(request);
    while (!ec) {
      ec = Read(answer);
      if (ec || answer->result_int() >= 200) break;  // skip 100 Continue
    }
    error_code ignored;
    socket_.shutdown(tcp::socket::shutdown_both, ignored);
    socket_.close(ignored);
    return ec;
  }

  // Whether a timed_out came from the connect limit, before the deadline.
  bool ConnectTimedOut() const { return connect_timed_out_; }

 private:
  error_code Connect(const HttpUrl& url) {
    error_code ec;
    tcp::resolver::results_type endpoints;
    const asio::ip::address address = asio::ip::make_address(url.host, ec);
    if (!ec) {
      endpoints = tcp::resolver::results_type::create(
          tcp::endpoint(address, url.port), url.host, "");
    } else {
      tcp::resolver resolver(io_);
      ec = RunUntil(
          io_, connect_limit_,
          [&](auto handler) {
            resolver.async_resolve(
                url.host, std::to_string(url.port),
                [&endpoints, handler](error_code e, auto results) {
                  endpoints = results;
                  handler(e);
                });
          },
          [&] { resolver.cancel(); });
      if (ec) return Timed(ec, connect_limit_);
    }
    ec = RunUntil(
        io_, connect_limit_,
        [&](auto handler) {
          asio::async_connect(
              socket_, endpoints,
              [handler](error_code e, const auto&) { handler(e); });
        },
        [&] { Close(); });
    return Timed(ec, connect_limit_);
  }

  error_code Write(const http::request<http::string_body>& request) {
    return RunUntil(
        io_, deadline_,
        [&](auto handler) { http::async_write(socket_, request, handler); },
        [&] { Close(); });
  }

  error_code Read(http::response<http::string_body>* answer) {
    http::response_parser<http::string_body> parser;
    parser.header_limit(kMaxHeaderBytes);
    parser.body_limit(static_cast<uint64_t>(options_.max_answer_bytes));
    error_code ec = RunUntil(
        io_, deadline_,
        [&](auto handler) {
          http::async_read(socket_, buffer_, parser, handler);
        },
        [&] { Close(); });
    if (!ec) *answer = parser.release();
    return ec;
  }

  error_code Timed(error_code ec, Clock::time_point limit) {
    if (ec == asio::error::timed_out && limit < deadline_) {
      connect_timed_out_ = true;
    }
    return ec;
  }

  void Close() {
    error_code ignored;
    socket_.close(ignored);
  }

  const HttpSeatOptions& options_;
  Clock::time_point connect_limit_, deadline_;
  asio::io_context io_;
  tcp::socket socket_{io_};
  boost::beast::flat_buffer buffer_;
  bool connect_timed_out_ = false;
};

// The one-line reason for a failed transfer.
std::string Describe(error_code ec, const HttpSeatOptions& options) {
  if (ec == asio::error::connection_refused) return "connection refused";
  if (ec == asio::error::connection_reset) return "connection reset";
  if (ec == http::error::body_limit) {
    return "answer larger than " + std::to_string(options.max_answer_bytes) +
           " bytes";
  }
  if (ec == http::error::header_limit) {
    return "answer headers larger than " + std::to_string(kMaxHeaderBytes) +
           " bytes";
  }
  if (ec == http::error::end_of_stream || ec == asio::error::eof ||
      ec == http::error::partial_message) {
    return "connection closed before a whole answer";
  }
  if (ec.category() == error_code(http::error::body_limit).category()) {
    return "bad HTTP answer: " + ec.message();
  }
  return ec.message();
}

http::request<http::string_body> MakeRequest(const HttpUrl& url,
                                             const std::string* body) {
  http::request<http::string_body> request(
      body ? http::verb::post : http::verb::get, url.target, 11);
  std::string host =
      url.host.find(':') != std::string::npos ? "[" + url.host + "]" : url.host;
  if (url.port != 80) host += ":" + std::to_string(url.port);
  request.set(http::field::host, host);
  request.set(http::field::user_agent, kUserAgent);
  request.set(http::field::accept, "application/json");
  if (body) {
    request.set(http::field::content_type, "application/x-www-form-urlencoded");
    request.body() = *body;
    request.prepare_payload();  // Content-Length
  }
  return request;
}

// Where a Location header sends `from` (absolute, or relative to it).
absl::StatusOr<HttpUrl> Redirected(const HttpUrl& from,
                                   const std::string& location) {
  if (StartsWithNoCase(location, "http://") ||
      StartsWithNoCase(location, "https://")) {
    return ParseHttpUrl(location);
  }
  if (location.rfind("//", 0) == 0) return ParseHttpUrl("http:" + location);
  HttpUrl to = from;
  if (!location.empty() && location[0] == '/') {
    to.target = location;
  } else {
    const std::string path = from.target.substr(0, from.target.find('?'));
    to.target = path.substr(0, path.rfind('/') + 1) + location;
  }
  return to;
}

BerlinAnswer Failed(std::string error) {
  BerlinAnswer answer;
  answer.kind = BerlinAnswer::Kind::kFailed;
  answer.error = std::move(error);
  return answer;
}

}  // namespace

std::string HttpUrl::ToString() const {
  std::string text = "http://";
  text += host.find(':') != std::string::npos ? "[" + host + "]" : host;
  if (port != 80) text += ":" + std::to_string(port);
  return text + target;
}

absl::StatusOr<HttpUrl> ParseHttpUrl(const std::string& url) {
  if (StartsWithNoCase(url, "https://")) {
    return BadUrl(url, "https is not supported (http:// only)");
  }
  if (!StartsWithNoCase(url, "http://")) {
    return BadUrl(url, "not an http:// URL");
  }
  const std::string rest = url.substr(7);
  const size_t end = rest.find_first_of("/?#");
  HttpUrl out;
  if (absl::Status ok = ParseAuthority(url, rest.substr(0, end), &out);
      !ok.ok()) {
    return ok;
  }
  std::string target = end == std::string::npos ? "" : rest.substr(end);
  target = target.substr(0, target.find('#'));
  if (target.empty() || target[0] != '/') target = "/" + target;
  if (target.find_first_of(" \r\n\t") != std::string::npos) {
    return BadUrl(url, "spaces in the path");
  }
  out.target = target;
  return out;
}

// One transfer of `url`; sets *next when the answer redirects (berlin
// §2.1) and the redirect is to be followed.
BerlinAnswer HttpSeat::Fetch(const HttpUrl& url, const std::string* body,
                             Clock::time_point deadline, int64_t timeout_ms,
                             int redirects, std::optional<Redirect>* next) {
  Transfer transfer(
      options_,
      Clock::now() + std::chrono::milliseconds(options_.connect_limit_ms),
      deadline);
  http::response<http::string_body> reply;
  const error_code ec = transfer.Run(url, MakeRequest(url, body), &reply);
  if (ec == asio::error::timed_out && !transfer.ConnectTimedOut()) {
    BerlinAnswer answer;
    answer.kind = BerlinAnswer::Kind::kTimedOut;
    answer.error = "no answer within " + std::to_string(timeout_ms) + " ms";
    return answer;
  }
  if (ec == asio::error::timed_out) {
    return Failed("could not connect within " +
                  std::to_string(options_.connect_limit_ms) + " ms");
  }
  if (ec) return Failed(Describe(ec, options_));
  BerlinAnswer answer;
  answer.status = reply.result_int();
  answer.body = std::move(reply.body());
  const int status = answer.status;
  const auto location = reply.find(http::field::location);
  if ((status < 301 || status > 308 || (status > 303 && status < 307)) ||
      location == reply.end()) {
    return answer;
  }
  if (redirects == options_.max_redirects) {
    return Failed("more than " + std::to_string(options_.max_redirects) +
                  " redirects");
  }
  absl::StatusOr<HttpUrl> to = Redirected(url, std::string(location->value()));
  if (!to.ok()) {
    return Failed("redirected to " + std::string(to.status().message()));
  }
  // curl: after 301, 302 and 303 a GET without the body; 307 and 308 keep
  // the method.
  *next = Redirect{*std::move(to),
                   body != nullptr && (status == 307 || status == 308)};
  return answer;
}

BerlinAnswer HttpSeat::Ask(const berlin::RequestFields& request,
                           int64_t timeout_ms) {
  const Clock::time_point start = Clock::now();
  const Clock::time_point deadline =
      timeout_ms > 0 ? start + std::chrono::milliseconds(timeout_ms)
                     : Clock::time_point::max();
  const std::string body = berlin::FormBody(request);
  Redirect at{url_, true};
  BerlinAnswer answer;
  for (int redirects = 0;; ++redirects) {
    std::optional<Redirect> next;
    answer = Fetch(at.url, at.post ? &body : nullptr, deadline, timeout_ms,
                   redirects, &next);
    if (!next) break;
    at = *std::move(next);
  }
  answer.elapsed_ms =
      std::chrono::duration<double, std::milli>(Clock::now() - start).count();
  return answer;
}

}  // namespace wl::tools
