// canned_http_server.h: a tiny HTTP server for tests of Berlin seats and
// matches: it listens on a free port of 127.0.0.1, reads each request
// (headers and a Content-Length body) and sends back whatever raw bytes
// the test's handler returns, good HTTP or not, then closes.
//
//   CannedHttpServer server([](const CannedHttpServer::Request& r,
//                              CannedHttpServer& s) {
//     if (!s.Sleep(500)) return std::string();  // stopping
//     return CannedHttpServer::Reply(200, "[]");
//   });
//   HttpSeat seat(*ParseHttpUrl(server.url()));
//
// Each connection is served on its own thread; the destructor stops
// accepting, wakes sleeping handlers and joins every thread. A request
// that does not arrive within 5 s is dropped.
#ifndef WL_TESTS_BERLIN_CANNED_HTTP_SERVER_H_
#define WL_TESTS_BERLIN_CANNED_HTTP_SERVER_H_

#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace wl::testing {

class CannedHttpServer {
 public:
  struct Request {
    std::string head;  // request line and headers, as received
    std::string body;
    std::string RequestLine() const { return head.substr(0, head.find('\r')); }
    bool Has(const std::string& header_line) const {
      return head.find("\r\n" + header_line + "\r\n") != std::string::npos;
    }
    // The form field `action` of the body ("" when it is not there).
    std::string Action() const {
      if (body.rfind("action=", 0) != 0) return "";
      return body.substr(7, body.find('&') - 7);
    }
  };
  using Handler =
      std::function<std::string(const Request&, CannedHttpServer& server)>;

  explicit CannedHttpServer(Handler handler) : handler_(std::move(handler)) {
    listen_fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    socklen_t size = sizeof address;
    if (::bind(listen_fd_, reinterpret_cast<sockaddr*>(&address), size) != 0 ||
        ::listen(listen_fd_, 64) != 0 ||
        ::getsockname(listen_fd_, reinterpret_cast<sockaddr*>(&address),
                      &size) != 0) {
      std::abort();
    }
    port_ = ntohs(address.sin_port);
    acceptor_ = std::thread([this] { Accept(); });
  }

  ~CannedHttpServer() {
    {
      std::lock_guard<std::mutex> lock(mu_);
      stopping_ = true;
    }
    cv_.notify_all();
    ::shutdown(listen_fd_, SHUT_RDWR);  // wakes accept()
    acceptor_.join();
    ::close(listen_fd_);
    for (std::thread& t : connections_) t.join();
  }

  int port() const { return port_; }
  std::string url(const std::string& path = "/") const {
    return "http://127.0.0.1:" + std::to_string(port_) + path;
  }

  // Every request read so far, in arrival order.
  std::vector<Request> requests() const {
    std::lock_guard<std::mutex> lock(mu_);
    return requests_;
  }

  // Sleeps `ms`, or less when the server stops (then false).
  bool Sleep(int ms) {
    std::unique_lock<std::mutex> lock(mu_);
    return !cv_.wait_for(lock, std::chrono::milliseconds(ms),
                         [this] { return stopping_; });
  }

  // A whole HTTP/1.1 answer with Content-Length.
  static std::string Reply(int status, const std::string& body,
                           const std::string& extra_headers = "") {
    return "HTTP/1.1 " + std::to_string(status) +
           " X\r\nContent-Type: application/json\r\nContent-Length: " +
           std::to_string(body.size()) + "\r\n" + extra_headers + "\r\n" + body;
  }

 private:
  void Accept() {
    while (true) {
      const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
      if (fd < 0) {
        std::lock_guard<std::mutex> lock(mu_);
        if (stopping_ || (errno != EINTR && errno != ECONNABORTED)) return;
        continue;
      }
      connections_.emplace_back([this, fd] { Serve(fd); });
    }
  }

  void Serve(int fd) {
    timeval limit{5, 0};
    ::setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, sizeof limit);
    Request request;
    if (ReadRequest(fd, &request)) {
      {
        std::lock_guard<std::mutex> lock(mu_);
        requests_.push_back(request);
      }
      const std::string reply = handler_(request, *this);
      for (size_t sent = 0; sent < reply.size();) {
        ssize_t n =
            ::send(fd, reply.data() + sent, reply.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) break;
        sent += static_cast<size_t>(n);
      }
    }
    ::close(fd);
  }

  static bool ReadRequest(int fd, Request* request) {
    std::string data;
    char buffer[65536];
    size_t head_end = std::string::npos;
    size_t length = 0;
    while (true) {
      if (head_end == std::string::npos) {
        head_end = data.find("\r\n\r\n");
        if (head_end != std::string::npos) {
          const size_t at = data.find("Content-Length: ");
          if (at != std::string::npos && at < head_end) {
            length = std::strtoul(data.c_str() + at + 16, nullptr, 10);
          }
        }
      }
      if (head_end != std::string::npos &&
          data.size() >= head_end + 4 + length) {
        request->head = data.substr(0, head_end + 2);
        request->body = data.substr(head_end + 4, length);
        return true;
      }
      ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
      if (n <= 0) return false;
      data.append(buffer, static_cast<size_t>(n));
    }
  }

  Handler handler_;
  int listen_fd_ = -1;
  int port_ = 0;
  std::thread acceptor_;
  std::vector<std::thread> connections_;  // touched by acceptor_ only
  mutable std::mutex mu_;
  std::condition_variable cv_;
  bool stopping_ = false;
  std::vector<Request> requests_;
};

}  // namespace wl::testing

#endif  // WL_TESTS_BERLIN_CANNED_HTTP_SERVER_H_
