// client.cpp: the Colorfight II WebSocket client (client.h), on
// Boost.Beast. Connecting runs the I/O context on the caller's thread with
// a deadline (run_for); once both channels are open a thread of the
// client's own runs their reads and writes, and the caller waits on a
// condition variable, always with a deadline.
#include "sdk/colorfight/client.h"

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/post.hpp>
#include <boost/json.hpp>
#include <condition_variable>
#include <iostream>
#include <map>
#include <mutex>
#include <thread>
#include <utility>

#include "sdk/colorfight/client_channel.h"

namespace wl::colorfight {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace json = boost::json;
namespace ssl = asio::ssl;
using client_channel::Channel;
using client_channel::Clock;
using client_channel::FetchPlainText;
using client_channel::FetchTlsText;
using client_channel::MakePlainChannel;
using client_channel::MakeTlsChannel;

void SetupTls(ssl::context& tls, const ServerUrl& url, bool verify) {
  if (!verify) {
    tls.set_verify_mode(ssl::verify_none);
    return;
  }
  beast::error_code ignored;
  tls.set_default_verify_paths(ignored);
  tls.set_verify_mode(ssl::verify_peer);
  tls.set_verify_callback(ssl::host_name_verification(url.host));
}

std::unique_ptr<Channel> MakeChannel(bool tls_on, asio::io_context& ioc,
                                     ssl::context& tls) {
  return tls_on ? MakeTlsChannel(ioc, tls) : MakePlainChannel(ioc, tls);
}

std::string Lowercase(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(c));
  return s;
}

// The reply of §2.5, or false.
bool ParseReply(const std::string& text, Reply* reply) {
  beast::error_code ec;
  const json::value v = json::parse(text, ec);
  if (ec || !v.is_object()) return false;
  const json::object& o = v.get_object();
  const json::value* success = o.if_contains("success");
  if (success == nullptr || !success->is_bool()) return false;
  reply->success = success->get_bool();
  if (const json::value* m = o.if_contains("err_msg")) {
    reply->err_msg =
        m->is_string() ? std::string(m->get_string()) : json::serialize(*m);
  }
  if (const json::value* u = o.if_contains("uid"); u && u->is_int64()) {
    reply->uid = static_cast<int>(u->get_int64());
  }
  return true;
}

std::string Millis(std::chrono::milliseconds ms) {
  return std::to_string(ms.count()) + " ms";
}

}  // namespace

const char* ClientErrcName(ClientErrc code) {
  switch (code) {
    case ClientErrc::kNone:
      return "ok";
    case ClientErrc::kBadUrl:
      return "bad url";
    case ClientErrc::kResolve:
      return "unknown host";
    case ClientErrc::kConnectionRefused:
      return "connection refused";
    case ClientErrc::kConnect:
      return "connect failed";
    case ClientErrc::kTls:
      return "tls failed";
    case ClientErrc::kHandshake:
      return "handshake failed";
    case ClientErrc::kClosed:
      return "connection closed";
    case ClientErrc::kTimeout:
      return "timeout";
    case ClientErrc::kBadFrame:
      return "bad frame";
    case ClientErrc::kBadReply:
      return "bad reply";
    case ClientErrc::kRejected:
      return "rejected";
    case ClientErrc::kTooLarge:
      return "message too large";
  }
  return "?";
}

bool ParseServerUrl(const std::string& url, const std::string& default_path,
                    ServerUrl* out, std::string* error) {
  const size_t sep = url.find("://");
  const std::string scheme =
      sep == std::string::npos ? "" : Lowercase(url.substr(0, sep));
  if (scheme != "http" && scheme != "https" && scheme != "ws" &&
      scheme != "wss") {
    *error = "bad url '" + url + "': it starts with http(s):// or ws(s)://";
    return false;
  }
  ServerUrl u;
  u.tls = scheme == "https" || scheme == "wss";
  const size_t host_start = sep + 3;
  const size_t path_start = url.find('/', host_start);
  std::string authority = url.substr(host_start, path_start - host_start);
  u.path = path_start == std::string::npos ? "" : url.substr(path_start);
  while (!u.path.empty() && u.path.back() == '/') u.path.pop_back();
  if (u.path.empty()) u.path = default_path;
  const size_t bracket = authority.rfind(']');
  const size_t colon = authority.rfind(':');
  if (colon != std::string::npos &&
      (bracket == std::string::npos || colon > bracket)) {
    u.port = authority.substr(colon + 1);
    authority.resize(colon);
  }
  if (authority.size() >= 2 && authority.front() == '[' &&
      authority.back() == ']') {
    authority = authority.substr(1, authority.size() - 2);
  }
  u.host = authority;
  const bool port_ok =
      u.port.empty() ||
      (u.port.size() <= 5 &&
       u.port.find_first_not_of("0123456789") == std::string::npos &&
       std::stoi(u.port) <= 65535);
  if (u.host.empty() || !port_ok) {
    *error = "bad url '" + url + "': no host, or a bad port";
    return false;
  }
  if (u.port.empty()) u.port = u.tls ? "443" : "80";
  *out = std::move(u);
  return true;
}

struct Client::Impl {
  asio::io_context ioc;
  ssl::context tls{ssl::context::tls_client};
  std::unique_ptr<Channel> game;
  std::unique_ptr<Channel> action;
  std::thread io_thread;
  std::optional<asio::executor_work_guard<asio::io_context::executor_type>>
      work;  // keeps the I/O thread until Stop()

  std::mutex mu;
  std::condition_variable cv;
  std::string latest_frame;  // the last game_channel message only
  uint64_t frames = 0;
  ClientError game_closed;                  // why, once closed
  std::map<uint64_t, std::string> replies;  // by request number
  uint64_t requests = 0;
  uint64_t answered = 0;
  ClientError action_closed;

  ~Impl() { Stop(); }

  void Stop() {
    ioc.stop();
    if (io_thread.joinable()) io_thread.join();
  }

  // Starts both read loops and the I/O thread.
  void Start() {
    game->StartReading(
        [this](std::string text) {
          std::lock_guard lock(mu);
          latest_frame = std::move(text);
          ++frames;
          cv.notify_all();
        },
        [this](ClientError why) {
          Closed(&game_closed, "game_channel", std::move(why));
        });
    action->StartReading(
        [this](std::string text) {
          std::lock_guard lock(mu);
          replies[++answered] = std::move(text);
          cv.notify_all();
        },
        [this](ClientError why) {
          Closed(&action_closed, "action_channel", std::move(why));
        });
    ioc.restart();
    work.emplace(ioc.get_executor());
    io_thread = std::thread([this] { ioc.run(); });
  }

  void Closed(ClientError* slot, const char* channel, ClientError why) {
    std::lock_guard lock(mu);
    *slot = {why.code, std::string(channel) + ": " + why.message};
    cv.notify_all();
  }
};

Client::Client(ClientOptions options) : options_(options) {}

Client::~Client() { Disconnect(); }

bool Client::Fail(ClientErrc code, std::string message) {
  error_ = {code, std::move(message)};
  return false;
}

bool Client::Connect(const std::string& url) {
  Disconnect();
  error_ = {};
  ServerUrl u;
  std::string why;
  if (!ParseServerUrl(url, "/gameroom/public", &u, &why)) {
    return Fail(ClientErrc::kBadUrl, why);
  }
  auto impl = std::make_unique<Impl>();
  SetupTls(impl->tls, u, options_.verify_peer);
  impl->game = MakeChannel(u.tls, impl->ioc, impl->tls);
  impl->action = MakeChannel(u.tls, impl->ioc, impl->tls);
  // §2.3: game_channel first; §2.2: no pings there.
  if (ClientError e = impl->game->Open(
          u, u.path + "/game_channel", false, options_.max_message_bytes,
          Clock::now() + options_.connect_timeout)) {
    error_ = e;
    return false;
  }
  if (ClientError e = impl->action->Open(
          u, u.path + "/action_channel", true, options_.max_message_bytes,
          Clock::now() + options_.connect_timeout)) {
    error_ = e;
    return false;
  }
  impl->Start();
  impl_ = std::move(impl);
  uid_ = 0;
  have_frame_ = false;
  frames_taken_ = 0;
  return true;
}

Reply Client::Request(const std::string& text,
                      std::chrono::milliseconds timeout,
                      bool until_next_frame) {
  Reply reply;
  if (!impl_) {
    Fail(ClientErrc::kClosed, "not connected");
    reply.err_msg = error_.message;
    return reply;
  }
  uint64_t number = 0;
  {
    std::lock_guard lock(impl_->mu);
    number = ++impl_->requests;
  }
  asio::post(impl_->ioc,
             [impl = impl_.get(), text] { impl->action->Write(text); });
  std::unique_lock lock(impl_->mu);
  const bool answered = impl_->cv.wait_for(lock, timeout, [&] {
    return impl_->answered >= number || impl_->action_closed ||
           (until_next_frame && impl_->frames > frames_taken_);
  });
  const auto it = impl_->replies.find(number);
  if (it == impl_->replies.end() && answered && !impl_->action_closed &&
      impl_->answered < number) {
    reply.superseded = true;  // a late reply is dropped by the next Request
    return reply;
  }
  if (it == impl_->replies.end()) {
    if (answered) {
      error_ = impl_->action_closed;
    } else {
      Fail(ClientErrc::kTimeout,
           "no reply on action_channel in " + Millis(timeout));
    }
    reply.err_msg = error_.message;
    return reply;
  }
  const std::string text_reply = std::move(it->second);
  impl_->replies.erase(impl_->replies.begin(), std::next(it));
  lock.unlock();
  if (!ParseReply(text_reply, &reply)) {
    Fail(ClientErrc::kBadReply, "not a reply: " + text_reply.substr(0, 200));
    reply = Reply{false, error_.message, 0};
  }
  return reply;
}

bool Client::Register(const std::string& username, const std::string& password,
                      const std::string& join_key) {
  error_ = {};
  const json::object request{{"action", "register"},
                             {"username", username},
                             {"password", password},
                             {"join_key", join_key}};
  const Reply reply =
      Request(json::serialize(request), options_.register_timeout);
  if (error_) return false;
  if (!reply.success) {
    return Fail(ClientErrc::kRejected, "register refused: " + reply.err_msg);
  }
  uid_ = reply.uid;
  if (have_frame_) game_ = Game(frame_, uid_);
  return true;
}

Reply Client::SendCommands(const std::vector<std::string>& cmd_list,
                           bool until_next_frame) {
  error_ = {};
  json::array list;
  for (const std::string& c : cmd_list) list.emplace_back(c);
  const json::object request{{"action", "command"},
                             {"cmd_list", std::move(list)}};
  Reply reply = Request(json::serialize(request), options_.command_timeout,
                        until_next_frame);
  if (!error_ && !reply.success && !reply.superseded) {
    error_ = {ClientErrc::kRejected, "commands refused: " + reply.err_msg};
  }
  return reply;
}

bool Client::UpdateTurn(std::chrono::milliseconds timeout) {
  error_ = {};
  new_game_ = false;
  if (!impl_) return Fail(ClientErrc::kClosed, "not connected");
  const Clock::time_point deadline = Clock::now() + timeout;
  while (true) {
    std::string text;
    {
      std::unique_lock lock(impl_->mu);
      impl_->cv.wait_until(lock, deadline, [&] {
        return impl_->frames > frames_taken_ || impl_->game_closed;
      });
      if (impl_->frames > frames_taken_) {
        text = std::move(impl_->latest_frame);  // drained: the latest only
        frames_taken_ = impl_->frames;
      } else if (impl_->game_closed) {
        error_ = impl_->game_closed;
        return false;
      } else {
        return Fail(ClientErrc::kTimeout,
                    "no new turn on game_channel in " + Millis(timeout));
      }
    }
    Frame frame;
    std::string why;
    if (!ParseFrame(text, &frame, &why)) {
      return Fail(ClientErrc::kBadFrame, "bad game_channel frame: " + why);
    }
    const bool new_game =
        have_frame_ && frame.info.game_id != frame_.info.game_id;
    if (have_frame_ && !new_game && frame.turn == frame_.turn) continue;
    if (frame.info.game_version != 2 && !have_frame_) {
      std::cerr << "colorfight client: game_version " << frame.info.game_version
                << ", this sdk knows 2\n";
    }
    if (new_game) uid_ = 0;  // §5.3: a new game needs a new register
    frame_ = std::move(frame);
    have_frame_ = true;
    game_ = Game(frame_, uid_);
    new_game_ = new_game;
    return !new_game;
  }
}

uint64_t Client::frames_received() const {
  if (!impl_) return 0;
  std::lock_guard lock(impl_->mu);
  return impl_->frames;
}

void Client::Disconnect() {
  if (!impl_) return;
  std::mutex done_mu;
  std::condition_variable done_cv;
  bool done = false;
  asio::post(impl_->ioc, [&, impl = impl_.get()] {
    impl->game->Drop();  // §2.2: a close would never be answered there
    impl->action->Close([&] {
      std::lock_guard lock(done_mu);
      done = true;
      done_cv.notify_all();
    });
  });
  {
    std::unique_lock lock(done_mu);
    done_cv.wait_for(lock, std::chrono::seconds(2), [&] { return done; });
  }
  impl_->Stop();
  impl_.reset();
}

namespace {
bool ParseListing(const std::string& body, std::vector<GameroomListing>* out) {
  beast::error_code ec;
  const json::value v = json::parse(body, ec);
  if (ec || !v.is_array()) return false;
  for (const json::value& room : v.get_array()) {
    if (!room.is_object()) return false;
    const json::object& o = room.get_object();
    GameroomListing g;
    auto number = [&](const char* key) -> int64_t {
      const json::value* n = o.if_contains(key);
      return n && n->is_int64() ? n->get_int64() : 0;
    };
    if (const json::value* n = o.if_contains("name"); n && n->is_string()) {
      g.name = std::string(n->get_string());
    }
    g.player_number = number("player_number");
    g.max_player = number("max_player");
    g.turn = number("turn");
    g.max_turn = number("max_turn");
    out->push_back(std::move(g));
  }
  return true;
}

}  // namespace

std::optional<std::vector<GameroomListing>> Client::GetGameroomList(
    const std::string& host, ClientError* error, const ClientOptions& options) {
  const std::string url =
      host.find("://") == std::string::npos ? "http://" + host : host;
  ServerUrl u;
  std::string why;
  if (!ParseServerUrl(url, "", &u, &why)) {
    *error = {ClientErrc::kBadUrl, why};
    return std::nullopt;
  }
  asio::io_context ioc;
  ssl::context tls{ssl::context::tls_client};
  SetupTls(tls, u, options.verify_peer);
  const Clock::time_point deadline = Clock::now() + options.connect_timeout;
  std::string body;
  *error =
      u.tls ? FetchTlsText(ioc, tls, u, "/get_gameroom_list", deadline, &body)
            : FetchPlainText(ioc, u, "/get_gameroom_list", deadline, &body);
  if (*error) return std::nullopt;
  std::vector<GameroomListing> rooms;
  if (!ParseListing(body, &rooms)) {
    *error = {ClientErrc::kBadReply,
              "/get_gameroom_list is not a room list: " + body.substr(0, 200)};
    return std::nullopt;
  }
  return rooms;
}

}  // namespace wl::colorfight
