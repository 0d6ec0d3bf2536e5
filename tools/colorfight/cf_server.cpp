// cf_server.h's ColorfightServer: Boost.Beast, asynchronous, every socket
// on a strand of one io_context, which Run() runs on its thread.
//
// Sessions: HttpSession reads requests (keep-alive) and answers the RPC, or
// hands its socket to a GameSession or an ActionSession on a WebSocket
// upgrade. Each session holds a connection Slot (the --max-connections
// count). The rooms, their game_channel watchers and the finished games are
// the Impl's, under its one mutex; frames are pushed to sessions after the
// lock is released.
#include "colorfight/cf_server.h"

#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <list>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "colorfight/cf_server_impl.h"

namespace wl::tools {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace json = boost::json;
using tcp = asio::ip::tcp;
using cf_http::AddCors;
using cf_http::JsonResponse;
using cf_http::ReadErrorResponse;
using cf_http::Seconds;
using cf_http::SetUpWebSocket;
using cf_http::SplitRoomPath;
using cf_http::TextResponse;
using cf_server_detail::kAcceptPause;
using cf_server_detail::kIdleCheckSeconds;
using cf_server_detail::kMaxHttpBody;
using cf_server_detail::kMaxHttpBuffer;
using cf_server_detail::kMaxHttpHeader;
using cf_server_detail::kPollPeriod;
using cf_server_detail::kResendSeconds;
using cf_server_detail::Now;
using cf_server_detail::Request;
using cf_server_detail::Response;
using cf_server_detail::Slot;

}  // namespace

namespace {

using Impl = ColorfightServer::Impl;

}  // namespace

// A WebSocket connection of a room: the handshake, then a read loop until
// the peer leaves; an unknown room is closed with 1000 after the handshake
// (§2.2).
class WsSession : public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(Impl* impl, beast::tcp_stream stream, std::string room, Slot slot)
      : impl_(impl),
        ws_(std::move(stream)),
        room_(std::move(room)),
        slot_(std::move(slot)) {
    SetUpWebSocket(ws_, impl_->options.max_message_bytes,
                   impl_->options.request_timeout_seconds);
  }
  virtual ~WsSession() = default;

  void Start(Request req) {
    const bool known = impl_->RoomExists(room_);
    req_ = std::move(req);
    ws_.async_accept(req_,
                     [self = shared_from_this(), known](beast::error_code ec) {
                       if (ec) return;
                       if (!known) return self->CloseNormal();
                       self->OnOpen();
                       self->Read();
                     });
  }

 protected:
  virtual void OnOpen() = 0;
  // A whole message is in buffer_; call Read() for the next.
  virtual void OnMessage() = 0;
  // The connection ended (read failed or closed).
  virtual void OnEnd() = 0;

  void Read() {
    ws_.async_read(buffer_,
                   [self = shared_from_this()](beast::error_code ec, size_t) {
                     if (ec) return self->OnEnd();
                     self->OnMessage();
                   });
  }
  void CloseNormal() {
    ws_.async_close(websocket::close_code::normal,
                    [self = shared_from_this()](beast::error_code) {});
  }

  Impl* impl_;
  websocket::stream<beast::tcp_stream> ws_;
  std::string room_;
  beast::flat_buffer buffer_;

 private:
  Slot slot_;
  Request req_;  // the upgrade request, kept for the handshake
};

// game_channel (§2.4): frames pushed by the Impl; at most the one being
// written and the latest waiting (see cf_server.h). What the client sends
// is read and dropped.
class GameSession : public WsSession {
 public:
  using WsSession::WsSession;

  bool ended() const { return ended_; }

  // From any thread.
  void Push(std::shared_ptr<const std::string> text) {
    asio::dispatch(ws_.get_executor(),
                   [self = Self(), text = std::move(text)]() mutable {
                     if (self->ended_) return;
                     if (self->writing_) {
                       self->waiting_ = std::move(text);  // drops the older
                     } else {
                       self->Write(std::move(text));
                     }
                   });
  }
  // From any thread: Close 1000 (the room was deleted).
  void Close() {
    asio::dispatch(ws_.get_executor(), [self = Self()] {
      if (self->ended_) return;
      self->ended_ = true;
      self->CloseNormal();
    });
  }

 protected:
  void OnOpen() override { impl_->Watch(room_, Self()); }
  void OnMessage() override {
    buffer_.consume(buffer_.size());
    Read();
  }
  void OnEnd() override {
    ended_ = true;
    waiting_.reset();
  }

 private:
  std::shared_ptr<GameSession> Self() {
    return std::static_pointer_cast<GameSession>(shared_from_this());
  }
  void Write(std::shared_ptr<const std::string> text) {
    writing_ = true;
    sending_ = std::move(text);
    ws_.async_write(asio::buffer(*sending_),
                    [self = Self()](beast::error_code ec, size_t) {
                      self->writing_ = false;
                      self->sending_.reset();
                      if (ec) {
                        self->ended_ = true;
                        self->waiting_.reset();
                        return;
                      }
                      if (self->waiting_ && !self->ended_) {
                        self->Write(std::move(self->waiting_));
                      }
                    });
  }

  std::atomic<bool> ended_{false};
  bool writing_ = false;
  std::shared_ptr<const std::string> sending_;
  std::shared_ptr<const std::string> waiting_;
};

// action_channel (§2.5): one reply per text message, written before the
// next message is read; a binary message ends it with Close 1000. When it
// ends, the room disconnects its player (§5.4).
class ActionSession : public WsSession {
 public:
  ActionSession(Impl* impl, beast::tcp_stream stream, std::string room,
                Slot slot)
      : WsSession(impl, std::move(stream), std::move(room), std::move(slot)),
        id_(impl->NewConnection()) {}

 protected:
  void OnOpen() override {}
  void OnMessage() override {
    std::optional<std::string> reply;
    if (ws_.got_text()) {
      reply =
          impl_->Action(room_, id_, beast::buffers_to_string(buffer_.data()));
    }
    buffer_.consume(buffer_.size());
    if (!reply) {
      End();
      return CloseNormal();
    }
    reply_ = std::move(*reply);
    ws_.async_write(asio::buffer(reply_), [self = shared_from_this(), this](
                                              beast::error_code ec, size_t) {
      if (ec) return End();
      Read();
    });
  }
  void OnEnd() override { End(); }

 private:
  void End() {
    if (ended_) return;
    ended_ = true;
    impl_->Disconnect(room_, id_);
  }

  ConnectionId id_;
  std::string reply_;
  bool ended_ = false;
};

// Plain HTTP requests on one connection (keep-alive) until the peer closes
// or upgrades to a WebSocket.
class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(Impl* impl, tcp::socket socket, Slot slot)
      : impl_(impl), stream_(std::move(socket)), slot_(std::move(slot)) {}
  ~HttpSession() { StopWaiting(); }

  void Read() {
    impl_->waiting.push_back(this);
    waiting_ = std::prev(impl_->waiting.end());
    parser_.emplace();
    parser_->header_limit(kMaxHttpHeader);
    parser_->body_limit(kMaxHttpBody);
    stream_.expires_after(Seconds(impl_->options.request_timeout_seconds));
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, size_t) {
                       self->OnRead(ec);
                     });
  }

  // For a new connection at the cap: this one, waiting for a request,
  // goes (its read ends, then the connection).
  void Evict() {
    StopWaiting();
    stream_.close();
  }

 private:
  void StopWaiting() {
    if (!waiting_) return;
    impl_->waiting.erase(*waiting_);
    waiting_.reset();
  }
  void OnRead(beast::error_code ec) {
    StopWaiting();
    if (ec) {
      // The start line sets the target (it is never empty).
      std::optional<Response> res =
          ReadErrorResponse(ec, !parser_->get().target().empty());
      if (!res) return Shutdown();
      res_ = std::move(*res);
      return Write();
    }
    Request req = parser_->release();
    if (websocket::is_upgrade(req)) {
      return impl_->Upgrade(std::move(stream_), std::move(req),
                            std::move(slot_));
    }
    res_ = impl_->Answer(req);
    AddCors(req, &res_);
    if (res_.result() == http::status::internal_server_error) {
      res_.keep_alive(false);  // as aiohttp
    } else {
      res_.keep_alive(req.keep_alive());
    }
    Write();
  }
  void Write() {
    res_.prepare_payload();
    http::async_write(
        stream_, res_,
        [self = shared_from_this()](beast::error_code ec, size_t) {
          if (ec || !self->res_.keep_alive()) {
            return self->Shutdown();
          }
          self->Read();
        });
  }
  // Ends the connection: our side is done; what the peer still sends (the
  // rest of a body over the limit) is read and dropped, 1 s and 8 MiB at
  // most, so that the close does not reset the connection before the peer
  // read our answer.
  void Shutdown() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
    stream_.expires_after(std::chrono::seconds(1));
    Drain(0);
  }
  void Drain(size_t drained) {
    if (drained > (size_t{8} << 20)) return;
    stream_.async_read_some(
        asio::buffer(scratch_),
        [self = shared_from_this(), drained](beast::error_code ec, size_t n) {
          if (!ec) self->Drain(drained + n);
        });
  }

  Impl* impl_;
  beast::tcp_stream stream_;
  Slot slot_;
  beast::flat_buffer buffer_{kMaxHttpBuffer};
  std::optional<http::request_parser<http::string_body>> parser_;
  std::optional<std::list<HttpSession*>::iterator> waiting_;
  Response res_;
  char scratch_[16384];
};

ColorfightServer::Impl::Impl(ColorfightServerOptions opts)
    : options(std::move(opts)),
      random(options.seed),
      rooms(random, options.master_password, Now()) {
  const double now = Now();
  ColorfightRoom* pub = rooms.Find("public");
  if (pub != nullptr) pub->set_admin_password(options.master_password);
  for (const ColorfightStartRoom& r : options.rooms) {
    if (ColorfightRoom* room = rooms.Find(r.name)) {
      room->Reconfigure(r.config, now);
      room->set_admin_password(options.master_password);
    } else if (rooms.AddRoom(r.name, r.config, options.master_password,
                             /*admin_room=*/true, now) == nullptr) {
      throw std::runtime_error("cannot make room '" + r.name + "'");
    }
  }
}

void ColorfightServer::Impl::Bind() {
  beast::error_code ec;
  tcp::resolver resolver(*io);
  auto results = resolver.resolve(options.host, std::to_string(options.port),
                                  tcp::resolver::passive, ec);
  if (!ec && results.empty()) ec = asio::error::host_not_found;
  if (!ec) {
    const tcp::endpoint where = results.begin()->endpoint();
    acceptor->open(where.protocol(), ec);
    if (!ec) acceptor->set_option(tcp::acceptor::reuse_address(true), ec);
    if (!ec) acceptor->bind(where, ec);
    if (!ec) acceptor->listen(asio::socket_base::max_listen_connections, ec);
    if (!ec) bound = acceptor->local_endpoint(ec);
  }
  if (ec) {
    throw std::runtime_error("cannot listen on http://" + options.host + ":" +
                             std::to_string(options.port) +
                             "/: " + ec.message());
  }
}

void ColorfightServer::Impl::Accept() {
  acceptor->async_accept(
      asio::make_strand(*io), [this](beast::error_code ec, tcp::socket socket) {
        if (ec == asio::error::operation_aborted) return;  // Stop()
        if (ec) {
          // E.g. no descriptor left: accepting again at once would spin
          // (the listener stays readable). Logged once per failing spell.
          if (!accept_failing) Log("accept: " + ec.message());
          accept_failing = true;
          accept_pause->expires_after(kAcceptPause);
          accept_pause->async_wait([this](beast::error_code wait_ec) {
            if (!wait_ec) Accept();
          });
          return;
        }
        accept_failing = false;
        Accept();  // first: nothing below can stop the accepting
        if (open_connections.load() >= max_connections && !EvictWaiting()) {
          socket.close(ec);  // over the cap: closed at once
        } else {
          std::make_shared<HttpSession>(this, std::move(socket),
                                        Slot(&open_connections))
              ->Read();
        }
      });
}

bool ColorfightServer::Impl::EvictWaiting() {
  if (waiting.empty()) return false;
  waiting.front()->Evict();  // which takes it off the list
  return true;
}

void ColorfightServer::Impl::Tick() {
  // First: the ticking goes on whatever the rest does.
  ticker->expires_after(kPollPeriod);
  ticker->async_wait([this](beast::error_code ec) {
    if (!ec) Tick();
  });
  Outbox out;
  {
    std::lock_guard<std::mutex> lock(mutex);
    const double now = Now();
    for (const auto& room : rooms.rooms()) TickRoom(*room, now, &out);
    DeleteIdleRooms(now, &out);
  }
  Deliver(std::move(out));
}

// Every kIdleCheckSeconds: the idle rooms go (cf_server.h); the watchers of
// deleted rooms (also by /deletegameroom) are closed (an unknown room,
// §2.2) and their finished games forgotten.
void ColorfightServer::Impl::DeleteIdleRooms(double now, Outbox* out) {
  if (now - last_idle_check < kIdleCheckSeconds) return;
  last_idle_check = now;
  const size_t before = rooms.rooms().size();
  rooms.DeleteIdleRooms(now, options.idle_room_seconds);
  if (rooms.rooms().size() != before) {
    Log(std::to_string(before - rooms.rooms().size()) +
        " idle room(s) deleted");
  }
  for (auto it = watchers.begin(); it != watchers.end();) {
    if (rooms.Find(it->first) != nullptr) {
      ++it;
      continue;
    }
    for (Watcher& w : it->second) {
      if (auto s = w.session.lock()) out->to_close.push_back(std::move(s));
    }
    it = watchers.erase(it);
  }
  for (auto it = finished_game.begin(); it != finished_game.end();) {
    it = rooms.Find(it->first) == nullptr ? finished_game.erase(it)
                                          : std::next(it);
  }
}

void ColorfightServer::Impl::TickRoom(ColorfightRoom& room, double now,
                                      Outbox* out) {
  auto found = watchers.find(room.name());
  std::vector<Watcher>* list =
      found == watchers.end() ? nullptr : &found->second;
  if (list != nullptr) {
    list->erase(std::remove_if(list->begin(), list->end(),
                               [](const Watcher& w) {
                                 auto s = w.session.lock();
                                 return s == nullptr || s->ended();
                               }),
                list->end());
  }
  // §1.5: only game_channel polls drive a room.
  if (list != nullptr && !list->empty()) room.Poll(now);
  if (options.lockstep && room.AllLiveUsersSent()) room.ForceUpdate(now);
  if (room.turn() > 0 && room.turn() >= room.max_turn() &&
      finished_game[room.name()] != room.game_id()) {
    finished_game[room.name()] = room.game_id();
    if (options.on_game_end) {
      out->finished.push_back({room.name(), room.game_id(),
                               *room.CurrentFrame().text,
                               room.ReplayGzip(now)});
    }
  }
  if (list == nullptr) return;
  std::optional<ColorfightFrameRef> frame;
  for (Watcher& w : *list) {
    if (w.key_frame == room.key_frame() && w.game_id == room.game_id() &&
        now - w.last_sent <= kResendSeconds) {
      continue;
    }
    if (!frame) frame = room.CurrentFrame();
    w.key_frame = frame->key_frame;
    w.game_id = frame->game_id;
    w.last_sent = now;
    out->pushes.push_back({w.session.lock(), frame->text});
  }
}

void ColorfightServer::Impl::TickRoomNamed(const std::string& name,
                                           Outbox* out) {
  if (ColorfightRoom* room = rooms.Find(name)) TickRoom(*room, Now(), out);
}

void ColorfightServer::Impl::Deliver(Outbox out) {
  for (Push& p : out.pushes) {
    if (p.session) p.session->Push(std::move(p.text));
  }
  for (auto& s : out.to_close) s->Close();
  for (const ColorfightFinishedGame& game : out.finished) {
    Log("game " + game.game_id + " of room '" + game.room + "' finished");
    try {
      options.on_game_end(game);
    } catch (const std::exception& e) {
      Log(std::string("game end: ") + e.what());
    }
  }
}

bool ColorfightServer::Impl::RoomExists(const std::string& room) {
  std::lock_guard<std::mutex> lock(mutex);
  return rooms.Find(room) != nullptr;
}

ConnectionId ColorfightServer::Impl::NewConnection() {
  std::lock_guard<std::mutex> lock(mutex);
  return next_connection++;
}

void ColorfightServer::Impl::Watch(const std::string& room,
                                   const std::shared_ptr<GameSession>& s) {
  Outbox out;
  {
    std::lock_guard<std::mutex> lock(mutex);
    Watcher w;
    w.session = s;
    watchers[room].push_back(std::move(w));
    TickRoomNamed(room, &out);  // the first iteration always sends
  }
  Deliver(std::move(out));
}

std::optional<std::string> ColorfightServer::Impl::Action(
    const std::string& room_name, ConnectionId id, std::string_view text) {
  Outbox out;
  std::optional<std::string> reply;
  {
    std::lock_guard<std::mutex> lock(mutex);
    ColorfightRoom* room = rooms.Find(room_name);
    if (room == nullptr) return std::nullopt;
    reply = room->HandleAction(id, text);
    TickRoom(*room, Now(), &out);
  }
  Deliver(std::move(out));
  return reply;
}

void ColorfightServer::Impl::Disconnect(const std::string& room_name,
                                        ConnectionId id) {
  Outbox out;
  {
    std::lock_guard<std::mutex> lock(mutex);
    ColorfightRoom* room = rooms.Find(room_name);
    if (room == nullptr) return;
    room->Disconnect(id);
    TickRoom(*room, Now(), &out);
  }
  Deliver(std::move(out));
}

void ColorfightServer::Impl::Upgrade(beast::tcp_stream stream, Request req,
                                     Slot slot) {
  std::string room, channel;
  SplitRoomPath(req.target(), &room, &channel);
  if (channel == "game_channel") {
    std::make_shared<GameSession>(this, std::move(stream), room,
                                  std::move(slot))
        ->Start(std::move(req));
  } else if (channel == "action_channel") {
    std::make_shared<ActionSession>(this, std::move(stream), room,
                                    std::move(slot))
        ->Start(std::move(req));
  } else {
    // Not a WebSocket URL: aiohttp's 404 (the connection then closes).
    auto res = std::make_shared<Response>(
        TextResponse(http::status::not_found, req.version(),
                     "text/plain; charset=utf-8", "404: Not Found"));
    res->keep_alive(false);
    res->prepare_payload();
    auto s = std::make_shared<beast::tcp_stream>(std::move(stream));
    http::async_write(*s, *res,
                      [s, res, slot = std::make_shared<Slot>(std::move(slot))](
                          beast::error_code ec, size_t) {
                        s->socket().shutdown(tcp::socket::shutdown_send, ec);
                      });
  }
}

ColorfightServer::ColorfightServer(ColorfightServerOptions options)
    : impl_(std::make_unique<Impl>(std::move(options))) {
  impl_->Bind();
}

ColorfightServer::~ColorfightServer() = default;

int ColorfightServer::port() const { return impl_->bound.port(); }

std::string ColorfightServer::Url() const {
  const tcp::endpoint& where = impl_->bound;
  std::string host = where.address().to_string();
  if (where.address().is_v6()) host = "[" + host + "]";
  return "http://" + host + ":" + std::to_string(where.port()) + "/";
}

void ColorfightServer::Run() {
  impl_->Accept();
  impl_->Tick();
  // A handler that throws ends its connection (its session goes with the
  // handler), never the server: the io runs on.
  while (true) {
    try {
      impl_->io->run();
      return;
    } catch (const std::exception& e) {
      impl_->Log(std::string("a connection failed: ") + e.what());
    }
  }
}

void ColorfightServer::Stop() {
  Impl* impl = impl_.get();
  asio::post(*impl->io, [impl] {
    beast::error_code ec;
    impl->acceptor->close(ec);
    impl->ticker->cancel();
    impl->accept_pause->cancel();
    impl->io->stop();
  });
}

size_t ColorfightConnectionCap(size_t requested) {
  rlimit limit{};
  if (getrlimit(RLIMIT_NOFILE, &limit) != 0 ||
      limit.rlim_cur == RLIM_INFINITY) {
    return requested == 0 ? size_t{1} << 16 : requested;
  }
  const size_t descriptors = static_cast<size_t>(limit.rlim_cur);
  const size_t room = descriptors > 2 * kReservedDescriptors
                          ? descriptors - kReservedDescriptors
                          : descriptors / 2;
  const size_t cap = requested == 0 ? room : std::min(requested, room);
  return std::max<size_t>(cap, 1);
}

size_t ColorfightServer::OpenConnections() const {
  return impl_->open_connections.load();
}

}  // namespace wl::tools
