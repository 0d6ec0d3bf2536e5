// Tests of the Colorfight II client (sdk/colorfight/client.h) against an
// in-test server (fake_server.h) that pushes frames of the recorded game
// g00 on game_channel and answers on action_channel (colorfight §2.2-§2.5).
#include "sdk/colorfight/client.h"

#include <openssl/ec.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/x509.h>
#include <sys/socket.h>
#include <sys/time.h>

#include <boost/asio.hpp>
#include <boost/asio/ssl.hpp>
#include <boost/beast/http.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "colorfight/fake_server.h"
#include "colorfight/recorded_game.h"
#include "gtest/gtest.h"

namespace wl::colorfight {
namespace {

using std::chrono::milliseconds;
using testing::FakeCfServer;

// g00's frames (colorfight §13), read once.
const std::vector<std::string>& G00Frames() {
  static const std::vector<std::string> frames =
      testing::ReadGzLines(testing::ColorfightSharedDir() / "conformance" /
                           "g00" / "frames.jsonl.gz");
  return frames;
}

// `text` with its first `from` replaced by `to`.
std::string Replace(std::string text, const std::string& from,
                    const std::string& to) {
  const size_t at = text.find(from);
  EXPECT_NE(at, std::string::npos) << from;
  if (at != std::string::npos) text.replace(at, from.size(), to);
  return text;
}

// The action handler of a room that accepts everything, as uid 1.
std::optional<std::string> AcceptAll(const std::string& message) {
  const boost::json::value v = boost::json::parse(message);
  if (v.at("action") == "register") return R"({"success": true, "uid": 1})";
  return std::string(R"({"success": true})");
}

// A server frame's header (RFC 6455 §5.2: unmasked, server to client).
std::string WsHeader(int opcode, bool fin, uint64_t length) {
  std::string h(1, static_cast<char>((fin ? 0x80 : 0) | opcode));
  if (length < 126) {
    h += static_cast<char>(length);
    return h;
  }
  const int bytes = length < 65536 ? 2 : 8;
  h += static_cast<char>(bytes == 2 ? 126 : 127);
  for (int k = bytes - 1; k >= 0; --k) {
    h += static_cast<char>((length >> (8 * k)) & 0xff);
  }
  return h;
}

class ColorfightClientTest : public ::testing::Test {
 protected:
  void SetUp() override {
    WL_REQUIRE_COLORFIGHT_SHARED();
    server_.SetActionHandler(AcceptAll);
  }
  // Pushes `frames` and waits until the client has them all.
  void PushAll(Client& client, const std::vector<std::string>& frames) {
    const uint64_t before = client.frames_received();
    for (const std::string& f : frames) server_.Push(f);
    ASSERT_TRUE(FakeCfServer::WaitFor(
        [&] { return client.frames_received() == before + frames.size(); }));
  }

  FakeCfServer server_;
};

TEST(ColorfightUrlTest, ParsesTheFormsTheClientTakes) {
  ServerUrl u;
  std::string error;
  ASSERT_TRUE(
      ParseServerUrl("http://example.org/gameroom/duel/", "/d", &u, &error));
  EXPECT_FALSE(u.tls);
  EXPECT_EQ(u.host, "example.org");
  EXPECT_EQ(u.port, "80");
  EXPECT_EQ(u.path, "/gameroom/duel");
  ASSERT_TRUE(
      ParseServerUrl("WSS://[::1]:8443", "/gameroom/public", &u, &error));
  EXPECT_TRUE(u.tls);
  EXPECT_EQ(u.host, "::1");
  EXPECT_EQ(u.port, "8443");
  EXPECT_EQ(u.path, "/gameroom/public");
  ASSERT_TRUE(ParseServerUrl("https://h", "", &u, &error));
  EXPECT_EQ(u.port, "443");
  for (const char* bad : {"ftp://h/", "127.0.0.1:5000", "ws://:80/",
                          "ws://h:99999/", "ws://h:x/"}) {
    EXPECT_FALSE(ParseServerUrl(bad, "", &u, &error)) << bad;
    EXPECT_NE(error.find("bad url"), std::string::npos) << error;
  }
}

TEST(ColorfightClientErrorTest, ConnectionRefusedAndBadUrlAreTyped) {
  int port = 0;
  {
    boost::asio::io_context ioc;
    boost::asio::ip::tcp::acceptor a(
        ioc, {boost::asio::ip::make_address("127.0.0.1"), 0});
    port = a.local_endpoint().port();
  }  // closed: nobody listens there now
  Client client;
  EXPECT_FALSE(
      client.Connect("ws://127.0.0.1:" + std::to_string(port) + "/gameroom/x"));
  EXPECT_EQ(client.error().code, ClientErrc::kConnectionRefused)
      << client.error().message;
  EXPECT_FALSE(client.Connect("gopher://x/"));
  EXPECT_EQ(client.error().code, ClientErrc::kBadUrl);
  EXPECT_FALSE(client.Register("a", "b"));  // not connected
  EXPECT_EQ(client.error().code, ClientErrc::kClosed);
  EXPECT_FALSE(client.UpdateTurn(milliseconds(10)));
  EXPECT_EQ(client.error().code, ClientErrc::kClosed);
}

// A self-signed certificate for "localhost" (key, certificate; PEM), made
// now: no file, no store.
std::pair<std::string, std::string> SelfSignedPem() {
  EVP_PKEY* key = EVP_EC_gen("P-256");
  X509* cert = X509_new();
  ASN1_INTEGER_set(X509_get_serialNumber(cert), 1);
  X509_gmtime_adj(X509_getm_notBefore(cert), 0);
  X509_gmtime_adj(X509_getm_notAfter(cert), 3600);
  X509_set_pubkey(cert, key);
  X509_NAME* name = X509_get_subject_name(cert);
  X509_NAME_add_entry_by_txt(
      name, "CN", MBSTRING_ASC,
      reinterpret_cast<const unsigned char*>("localhost"), -1, -1, 0);
  X509_set_issuer_name(cert, name);
  X509_sign(cert, key, EVP_sha256());
  auto pem = [](auto write) {
    BIO* bio = BIO_new(BIO_s_mem());
    write(bio);
    char* data = nullptr;
    const long size = BIO_get_mem_data(bio, &data);
    std::string text(data, static_cast<size_t>(size));
    BIO_free(bio);
    return text;
  };
  std::pair<std::string, std::string> out{
      pem([&](BIO* b) {
        PEM_write_bio_PrivateKey(b, key, nullptr, nullptr, 0, nullptr, nullptr);
      }),
      pem([&](BIO* b) { PEM_write_bio_X509(b, cert); })};
  X509_free(cert);
  EVP_PKEY_free(key);
  return out;
}

// wss:// (§2.1): with a self-signed certificate, the default (verify the
// peer) refuses the TLS handshake; verify_peer false completes it (then
// this server, which is no WebSocket server, refuses the upgrade with 404).
TEST(ColorfightClientTlsTest, VerifiesThePeerUnlessToldNotTo) {
  namespace asio = boost::asio;
  const auto [key, cert] = SelfSignedPem();
  asio::io_context ioc;
  asio::ssl::context tls(asio::ssl::context::tls_server);
  tls.use_private_key(asio::buffer(key), asio::ssl::context::pem);
  tls.use_certificate_chain(asio::buffer(cert));
  asio::ip::tcp::acceptor acceptor(ioc,
                                   {asio::ip::make_address("127.0.0.1"), 0});
  const std::string url =
      "wss://localhost:" + std::to_string(acceptor.local_endpoint().port()) +
      "/gameroom/test";
  std::thread server([&] {
    for (int i = 0; i < 2; ++i) {  // one connection per client below
      asio::ssl::stream<asio::ip::tcp::socket> stream(ioc, tls);
      acceptor.accept(stream.next_layer());
      const timeval deadline{10, 0};  // never hang on a silent client
      setsockopt(stream.next_layer().native_handle(), SOL_SOCKET, SO_RCVTIMEO,
                 &deadline, sizeof deadline);
      boost::beast::error_code ec;
      stream.handshake(asio::ssl::stream_base::server, ec);
      if (ec) continue;
      namespace http = boost::beast::http;
      boost::beast::flat_buffer buffer;
      http::request<http::string_body> request;
      http::read(stream, buffer, request, ec);
      http::response<http::string_body> response(http::status::not_found, 11);
      response.prepare_payload();
      http::write(stream, response, ec);
      stream.shutdown(ec);
    }
  });
  Client verifying;
  EXPECT_FALSE(verifying.Connect(url));
  EXPECT_EQ(verifying.error().code, ClientErrc::kTls)
      << verifying.error().message;
  EXPECT_NE(verifying.error().message.find("verify"), std::string::npos)
      << verifying.error().message;
  Client trusting(ClientOptions{/*verify_peer=*/false});
  EXPECT_FALSE(trusting.Connect(url));
  EXPECT_EQ(trusting.error().code, ClientErrc::kHandshake)
      << trusting.error().message;
  server.join();
}

TEST_F(ColorfightClientTest, RefusedUpgradeAndTlsOnAPlainServerAreTyped) {
  Client client(ClientOptions{/*verify_peer=*/false});
  const std::string base = "ws://127.0.0.1:" + std::to_string(server_.port());
  EXPECT_FALSE(client.Connect(base + "/nowhere"));
  EXPECT_EQ(client.error().code, ClientErrc::kHandshake)
      << client.error().message;
  EXPECT_FALSE(client.Connect(
      "wss://127.0.0.1:" + std::to_string(server_.port()) + "/gameroom/test"));
  EXPECT_EQ(client.error().code, ClientErrc::kTls) << client.error().message;
}

// §2.5: register and command are JSON objects with the official keys; the
// replies come back typed.
TEST_F(ColorfightClientTest, RegistersAndSendsCommands) {
  Client client;
  ASSERT_TRUE(client.Connect(server_.Url())) << client.error().message;
  ASSERT_TRUE(client.Register("me", "pw", "key")) << client.error().message;
  EXPECT_EQ(client.uid(), 1);
  const Reply reply = client.SendCommands({"a 1 2 30", "u 3 4"});
  EXPECT_TRUE(reply.success) << reply.err_msg;
  const std::vector<std::string> actions = server_.Actions();
  ASSERT_EQ(actions.size(), 2u);
  EXPECT_EQ(boost::json::parse(actions[0]),
            boost::json::parse(R"({"action": "register", "username": "me",
                "password": "pw", "join_key": "key"})"));
  EXPECT_EQ(boost::json::parse(actions[1]),
            boost::json::parse(
                R"({"action": "command", "cmd_list": ["a 1 2 30", "u 3 4"]})"));

  server_.SetActionHandler([](const std::string&) {
    return std::string(R"({"success": false, "err_msg": "Username exists"})");
  });
  EXPECT_FALSE(client.Register("me", "other"));
  EXPECT_EQ(client.error().code, ClientErrc::kRejected);
  EXPECT_NE(client.error().message.find("Username exists"), std::string::npos);
  const Reply refused = client.SendCommands({});
  EXPECT_FALSE(refused.success);
  EXPECT_EQ(refused.err_msg, "Username exists");
}

// A reply that does not come in time is a timeout, and when it comes late
// it is not taken for the next request's (each message gets exactly one
// reply, in order, §2.5).
TEST_F(ColorfightClientTest, RepliesHaveDeadlines) {
  ClientOptions options;
  options.register_timeout = milliseconds(200);
  Client client(options);
  ASSERT_TRUE(client.Connect(server_.Url()));
  int calls = 0;
  server_.SetActionHandler(
      [&](const std::string&) -> std::optional<std::string> {
        if (++calls == 1) return std::nullopt;  // answered late, below
        return std::string(R"({"success": true, "uid": 4})");
      });
  const auto start = std::chrono::steady_clock::now();
  EXPECT_FALSE(client.Register("slow", "pw"));
  EXPECT_EQ(client.error().code, ClientErrc::kTimeout);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(5));
  server_.SendOnActions(R"({"success": false, "err_msg": "late"})");
  ASSERT_TRUE(client.Register("slow", "pw")) << client.error().message;
  EXPECT_EQ(client.uid(), 4);
}

// §2.4: a new turn is a change of `turn`; the client takes the latest frame
// of those queued; a new game_id returns false; start_count_down may be a
// string.
TEST_F(ColorfightClientTest, UpdateTurnDrainsAndDetectsANewGame) {
  const std::vector<std::string>& frames = G00Frames();
  ASSERT_GE(frames.size(), 6u);
  Client client;
  ASSERT_TRUE(client.Connect(server_.Url()));
  ASSERT_TRUE(client.Register("greedy1", "pw"));
  PushAll(client, {Replace(frames[0], R"("start_count_down": 9999)",
                           R"("start_count_down": "never")")});
  ASSERT_TRUE(client.UpdateTurn(milliseconds(5000))) << client.error().message;
  EXPECT_EQ(client.game().turn(), 0);
  EXPECT_EQ(client.frame().info.start_count_down, "\"never\"");
  ASSERT_NE(client.game().me(), nullptr);
  EXPECT_EQ(client.game().me()->username, "greedy1");

  PushAll(client, {frames[1], frames[2], frames[3]});
  ASSERT_TRUE(client.UpdateTurn(milliseconds(5000)));
  EXPECT_EQ(client.game().turn(), 3);  // drained to the latest
  EXPECT_FALSE(client.UpdateTurn(milliseconds(100)));
  EXPECT_EQ(client.error().code, ClientErrc::kTimeout);
  PushAll(client, {frames[3]});  // a chat frame repeats the turn
  EXPECT_FALSE(client.UpdateTurn(milliseconds(100)));
  EXPECT_EQ(client.error().code, ClientErrc::kTimeout);

  const std::string old_id = "\"game_id\": \"1565000101000\"";
  const std::string new_id = "\"game_id\": \"1565000999000\"";
  PushAll(client, {Replace(frames[0], old_id, new_id)});
  EXPECT_FALSE(client.UpdateTurn(milliseconds(5000)));
  EXPECT_TRUE(client.new_game());
  EXPECT_FALSE(client.error());
  EXPECT_EQ(client.frame().info.game_id, "1565000999000");
  EXPECT_EQ(client.uid(), 0);  // register again (§5.3)
  EXPECT_EQ(client.game().me(), nullptr);
  ASSERT_TRUE(client.Register("greedy1", "pw"));
  PushAll(client, {Replace(frames[1], old_id, new_id)});
  ASSERT_TRUE(client.UpdateTurn(milliseconds(5000)));
  EXPECT_FALSE(client.new_game());
  EXPECT_EQ(client.game().turn(), 1);
  ASSERT_NE(client.game().me(), nullptr);
}

TEST_F(ColorfightClientTest, BadFramesAndAClosedChannelAreTyped) {
  Client client;
  ASSERT_TRUE(client.Connect(server_.Url()));
  PushAll(client, {"{\"turn\": 1}"});
  EXPECT_FALSE(client.UpdateTurn(milliseconds(5000)));
  EXPECT_EQ(client.error().code, ClientErrc::kBadFrame);
  PushAll(client, {G00Frames()[4]});
  ASSERT_TRUE(client.UpdateTurn(milliseconds(5000)));
  server_.CloseGames();
  EXPECT_FALSE(client.UpdateTurn(milliseconds(5000)));
  EXPECT_EQ(client.error().code, ClientErrc::kClosed) << client.error().message;
}

// A frame header announcing 2^40 bytes ends game_channel at its header,
// before any payload is read or memory taken for it (it used to take the
// client down: bad_alloc on the I/O thread), with the limit in the error.
TEST_F(ColorfightClientTest, AHugeFrameHeaderEndsTheChannelAtTheLimit) {
  Client client;
  ASSERT_TRUE(client.Connect(server_.Url()));
  PushAll(client, {G00Frames()[0]});
  ASSERT_TRUE(client.UpdateTurn(milliseconds(5000)));
  const auto start = std::chrono::steady_clock::now();
  server_.PushRaw(WsHeader(1, true, uint64_t{1} << 40) + "{\"turn\"");
  EXPECT_FALSE(client.UpdateTurn(milliseconds(10000)));
  EXPECT_EQ(client.error().code, ClientErrc::kTooLarge)
      << client.error().message;
  EXPECT_EQ(client.error().message,
            "game_channel: the server sent a message over the limit of "
            "16777216 bytes");
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(3));
}

// A message streamed in pieces is counted whole: 64 KiB fragments past a
// 1 MiB limit end the channel; a g00 frame passes a limit of its own size.
TEST_F(ColorfightClientTest, AStreamedMessageIsCountedWhole) {
  const std::string& frame = G00Frames()[0];
  {
    ClientOptions options;
    options.max_message_bytes = frame.size();
    Client exact(options);
    ASSERT_TRUE(exact.Connect(server_.Url()));
    PushAll(exact, {frame});
    ASSERT_TRUE(exact.UpdateTurn(milliseconds(5000))) << exact.error().message;
  }
  ClientOptions options;
  options.max_message_bytes = size_t{1} << 20;
  Client client(options);
  ASSERT_TRUE(client.Connect(server_.Url()));
  const std::string piece(64 << 10, ' ');
  std::string stream = WsHeader(1, false, piece.size()) + piece;
  for (int k = 1; k < 32; ++k)
    stream += WsHeader(0, false, piece.size()) + piece;
  server_.PushRaw(stream);
  EXPECT_FALSE(client.UpdateTurn(milliseconds(10000)));
  EXPECT_EQ(client.error().code, ClientErrc::kTooLarge)
      << client.error().message;
  EXPECT_NE(client.error().message.find("1048576 bytes"), std::string::npos);
  EXPECT_EQ(client.frames_received(), 0u);
}

// §2.2: nothing at all is sent on game_channel (no ping, no close: the
// server never reads it); leaving drops its TCP connection and closes
// action_channel with a close frame.
TEST_F(ColorfightClientTest, NeverWritesOnGameChannelAndDropsIt) {
  {
    Client client;
    ASSERT_TRUE(client.Connect(server_.Url()));
    PushAll(client, {G00Frames()[0]});
    ASSERT_TRUE(client.UpdateTurn(milliseconds(5000)));
    client.Disconnect();
  }
  ASSERT_TRUE(FakeCfServer::WaitFor(
      [&] { return server_.game_drops + server_.game_closes == 1; }));
  EXPECT_EQ(server_.game_connections, 1);
  EXPECT_EQ(server_.game_drops, 1);
  EXPECT_EQ(server_.game_closes, 0);
  EXPECT_EQ(server_.game_messages, 0);
  EXPECT_EQ(server_.game_pings, 0);
  ASSERT_TRUE(
      FakeCfServer::WaitFor([&] { return server_.action_closes == 1; }));
}

TEST_F(ColorfightClientTest, ListsGamerooms) {
  server_.SetRoomList(
      R"([{"name": "public", "player_number": 2, "max_player": 8, "turn": 3,
           "max_turn": 500, "rank": false}])");
  ClientError error;
  const auto rooms = Client::GetGameroomList(
      "127.0.0.1:" + std::to_string(server_.port()), &error);
  ASSERT_TRUE(rooms.has_value()) << error.message;
  ASSERT_EQ(rooms->size(), 1u);
  EXPECT_EQ((*rooms)[0].name, "public");
  EXPECT_EQ((*rooms)[0].player_number, 2);
  EXPECT_EQ((*rooms)[0].max_turn, 500);
  server_.SetRoomList("nope");
  EXPECT_FALSE(Client::GetGameroomList(
      "http://127.0.0.1:" + std::to_string(server_.port()), &error));
  EXPECT_EQ(error.code, ClientErrc::kBadReply);
}

}  // namespace
}  // namespace wl::colorfight
