// cf_server_http.h: cf_server.cpp's HTTP helpers: responses as aiohttp
// writes them (TextResponse, JsonResponse, the CORS headers, the status of
// a request that could not be read), the room paths, the WebSocket set-up.
// Internal to the server (namespace cf_http); see cf_server.h for what the
// server serves and its bounds.
#ifndef WL_TOOLS_COLORFIGHT_CF_SERVER_HTTP_H_
#define WL_TOOLS_COLORFIGHT_CF_SERVER_HTTP_H_

#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace wl::tools::cf_http {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using Request = http::request<http::string_body>;
using Response = http::response<http::string_body>;

inline constexpr const char* kServerName = "warlight-colorfight";

// The room and channel of "/gameroom/<room>/<channel>" (query ignored,
// §2.2); false for any other path.
inline bool SplitRoomPath(std::string_view path, std::string* room,
                          std::string* channel) {
  constexpr std::string_view kPrefix = "/gameroom/";
  path = path.substr(0, path.find('?'));
  if (path.substr(0, kPrefix.size()) != kPrefix) return false;
  path.remove_prefix(kPrefix.size());
  const size_t slash = path.rfind('/');
  if (slash == std::string_view::npos) return false;
  *room = std::string(path.substr(0, slash));
  *channel = std::string(path.substr(slash + 1));
  return room->find('/') == std::string::npos;
}

inline std::chrono::steady_clock::duration Seconds(double seconds) {
  return std::chrono::duration_cast<std::chrono::steady_clock::duration>(
      std::chrono::duration<double>(seconds));
}

inline Response TextResponse(http::status status, unsigned version,
                             std::string content_type, std::string body) {
  Response res{status, version};
  res.set(http::field::server, kServerName);
  if (!content_type.empty()) res.set(http::field::content_type, content_type);
  res.body() = std::move(body);
  return res;
}

inline Response JsonResponse(unsigned version, std::string body) {
  return TextResponse(http::status::ok, version,
                      "application/json; charset=utf-8", std::move(body));
}

// aiohttp_cors with origin "*", credentials allowed, every header allowed
// and exposed (§2.1): the request's Origin comes back.
inline void AddCors(const Request& req, Response* res) {
  const auto origin = req.find(http::field::origin);
  if (origin == req.end()) return;
  res->set(http::field::access_control_allow_origin, origin->value());
  res->set(http::field::access_control_allow_credentials, "true");
  if (req.method() == http::verb::options) {
    res->set(http::field::access_control_allow_methods,
             req[http::field::access_control_request_method]);
    const auto headers = req.find(http::field::access_control_request_headers);
    if (headers != req.end()) {
      res->set(http::field::access_control_allow_headers, headers->value());
    }
  } else {
    res->set(http::field::access_control_expose_headers,
             "Content-Length, Server");
  }
}

inline void SetUpWebSocket(websocket::stream<beast::tcp_stream>& ws,
                           size_t max_message, double handshake_seconds) {
  beast::get_lowest_layer(ws).expires_never();
  websocket::stream_base::timeout timeout{};
  timeout.handshake_timeout = Seconds(handshake_seconds);
  timeout.idle_timeout = websocket::stream_base::none();
  timeout.keep_alive_pings = false;
  ws.set_option(timeout);
  ws.set_option(
      websocket::stream_base::decorator([](websocket::response_type& res) {
        res.set(http::field::server, kServerName);
      }));
  ws.read_message_max(max_message);
  ws.auto_fragment(false);  // §2.2: server frames are unfragmented
  ws.text(true);
}

// The answer to a request that could not be read (cf_server.h's bounds),
// or nullopt when there is none to give (the peer left or timed out).
// `start_line_read`: whether the parser had the whole start line.
inline std::optional<Response> ReadErrorResponse(beast::error_code ec,
                                                 bool start_line_read) {
  http::status status;
  if (ec == http::error::body_limit) {
    status = http::status::payload_too_large;
  } else if (ec == http::error::header_limit) {
    status = start_line_read ? http::status::request_header_fields_too_large
                             : http::status::uri_too_long;
  } else if (ec == http::error::buffer_overflow) {
    status = http::status::request_header_fields_too_large;
  } else if (ec.category() ==
                 http::make_error_code(http::error::end_of_stream).category() &&
             ec != http::error::end_of_stream &&
             ec != http::error::partial_message) {
    status = http::status::bad_request;
  } else {
    return std::nullopt;
  }
  // aiohttp's texts: "413: Request Entity Too Large", "400: Bad Request".
  const std::string reason = status == http::status::payload_too_large
                                 ? "Request Entity Too Large"
                                 : std::string(http::obsolete_reason(status));
  Response res = TextResponse(
      status, 11, "text/plain; charset=utf-8",
      std::to_string(static_cast<unsigned>(status)) + ": " + reason);
  res.keep_alive(false);
  return res;
}

}  // namespace wl::tools::cf_http

#endif  // WL_TOOLS_COLORFIGHT_CF_SERVER_HTTP_H_
