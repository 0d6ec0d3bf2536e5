// cf_server_rpc.cpp: ColorfightServer's HTTP answers (cf_server.h, §2.6):
// the RPC posts, the room list and the replays.
#include <map>
#include <mutex>
#include <string>
#include <string_view>
#include <utility>

#include "colorfight/cf_server_impl.h"

namespace wl::tools {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace json = boost::json;
using cf_http::JsonResponse;
using cf_http::SplitRoomPath;
using cf_http::TextResponse;
using cf_server_detail::kInternalError;
using cf_server_detail::Now;
using cf_server_detail::Request;
using cf_server_detail::Response;

}  // namespace

Response ColorfightServer::Impl::Answer(const Request& req) {
  const std::string_view target = req.target();
  const std::string_view path = target.substr(0, target.find('?'));
  const std::string_view query =
      path.size() < target.size() ? target.substr(path.size() + 1) : "";
  const unsigned v = req.version();
  if (req.method() == http::verb::options) {
    return TextResponse(http::status::ok, v, "", "");
  }
  std::string room, channel;
  if (req.method() == http::verb::get) {
    if (path == "/get_gameroom_list") {
      std::lock_guard<std::mutex> lock(mutex);
      return JsonResponse(v, rooms.RoomListJson());
    }
    if (SplitRoomPath(path, &room, &channel) && channel == "replay") {
      Response res = Replay(room);
      res.version(v);
      return res;
    }
  } else if (req.method() == http::verb::post) {
    Response res = Rpc(path, query, req.body());
    res.version(v);
    return res;
  }
  return TextResponse(http::status::not_found, v, "text/plain; charset=utf-8",
                      "404: Not Found");
}

Response ColorfightServer::Impl::Rpc(std::string_view path,
                                     std::string_view query,
                                     const std::string& body) {
  using Handler =
      std::string (ColorfightRoomSet::*)(const json::value&, double);
  static const std::map<std::string_view, Handler> kTimed = {
      {"/restart", &ColorfightRoomSet::Restart},
      {"/start", &ColorfightRoomSet::Start}};
  const bool known = kTimed.count(path) > 0 || path == "/creategameroom" ||
                     path == "/send_chat" || path == "/deletegameroom";
  if (!known) {
    return TextResponse(http::status::not_found, 11,
                        "text/plain; charset=utf-8", "404: Not Found");
  }
  beast::error_code ec;
  const json::value value = json::parse(body, ec);
  if (ec) {
    return TextResponse(http::status::internal_server_error, 11,
                        "text/plain; charset=utf-8", kInternalError);
  }
  Outbox out;
  std::string reply;
  {
    std::lock_guard<std::mutex> lock(mutex);
    const double now = Now();
    if (auto it = kTimed.find(path); it != kTimed.end()) {
      reply = (rooms.*(it->second))(value, now);
    } else if (path == "/creategameroom") {
      const bool admin = query.find("admin=true") != std::string_view::npos;
      reply = rooms.CreateRoom(value, admin, now);
    } else if (path == "/send_chat") {
      reply = rooms.SendChat(value);
    } else {
      reply = rooms.DeleteRoom(value);
    }
    // The room the request named pushes its new frame now.
    if (const json::object* o = value.if_object()) {
      if (const json::value* id = o->if_contains("gameroom_id")) {
        if (id->is_string()) TickRoomNamed(std::string(id->as_string()), &out);
      }
    }
  }
  Deliver(std::move(out));
  return JsonResponse(11, std::move(reply));
}

Response ColorfightServer::Impl::Replay(const std::string& name) {
  std::lock_guard<std::mutex> lock(mutex);
  ColorfightRoom* room = rooms.Find(name);
  if (room == nullptr || !room->ReplayAllowed()) {
    return TextResponse(http::status::bad_request, 11,
                        "application/octet-stream", "");
  }
  return TextResponse(http::status::ok, 11, "application/octet-stream",
                      room->ReplayGzip(Now()));
}

}  // namespace wl::tools
