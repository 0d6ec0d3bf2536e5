// cf_server_thread.h: the Colorfight II server (cf_server.h) running on a
// thread of its own for as long as this object lives, for tests and
// benchmarks that play on a real server in process.
//
//   wl::tools::ColorfightServerOptions options;
//   options.port = 0;                                // any free port
//   options.rooms = {{"duel", wl::tools::ColorfightPreset("duel")}};
//   options.lockstep = true;
//   wl::tools::ColorfightServerThread server(std::move(options));  // or throws
//   client.Connect(server.Url() + "gameroom/duel");
//   // ~ColorfightServerThread: Stop(), then the thread is joined.
#ifndef WL_TOOLS_COLORFIGHT_CF_SERVER_THREAD_H_
#define WL_TOOLS_COLORFIGHT_CF_SERVER_THREAD_H_

#include <string>
#include <thread>
#include <utility>

#include "colorfight/cf_server.h"

namespace wl::tools {

class ColorfightServerThread {
 public:
  // Binds (throws std::runtime_error as ColorfightServer does), then runs.
  explicit ColorfightServerThread(ColorfightServerOptions options)
      : server_(std::move(options)), thread_([this] { server_.Run(); }) {}
  ~ColorfightServerThread() {
    server_.Stop();  // posted: works even before Run() has begun
    thread_.join();
  }
  ColorfightServerThread(const ColorfightServerThread&) = delete;
  ColorfightServerThread& operator=(const ColorfightServerThread&) = delete;

  int port() const { return server_.port(); }
  std::string Url() const { return server_.Url(); }  // "http://HOST:PORT/"
  ColorfightServer& server() { return server_; }

 private:
  ColorfightServer server_;
  std::thread thread_;
};

}  // namespace wl::tools

#endif  // WL_TOOLS_COLORFIGHT_CF_SERVER_THREAD_H_
